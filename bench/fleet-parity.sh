#!/usr/bin/env bash
# The fleet job against the command line on a whole corpus (docs/FLEET.md, "Tests"): runs FleetProjectsCorpusTest,
# which in the default build uses a small generated corpus, on the corpus given. It checks that every JSON row holds
# what `coroner verdict --json` prints for the same file, that the Parquet tables read back through Spark SQL count
# what the command line counts (by state, class, kind, harness, dead, trailing, api_status), and that the JSON rows
# read back as a corpus of verdicts give the command line's total. Prints the test's result and its time.
#
#   bench/fleet-parity.sh PATH
#
# PATH  a corpus folder, such as the generated 1,800-file one
#       (java -cp fixtures/target/classes dev.coroner.fixtures.ProjectsCorpus DIR)
# The test JVM has a 1 GB heap (fleet/pom.xml); it runs offline from the Maven repository the build filled.
set -euo pipefail
if [ $# -ne 1 ] || [ ! -d "$1" ]; then
    awk 'NR > 1 && /^#/ {sub(/^# ?/, ""); print; next} NR > 1 {exit}' "$0" >&2
    exit 2
fi
repo=$(cd "$(dirname "$0")/.." && pwd)
corpus=$(cd "$1" && pwd)
cd "$repo"
start=$(date +%s)
status=0
mvn -B -o -pl fleet -am test -Dtest=FleetProjectsCorpusTest -Dsurefire.failIfNoSpecifiedTests=false \
    -Dcoroner.fleet.corpus="$corpus" > /tmp/fleet-parity.$$.log 2>&1 || status=$?
grep -E "fleet parity:|Tests run:|FAIL|expected" /tmp/fleet-parity.$$.log | sort -u
echo "fleet-parity: $corpus, exit status $status, $(( $(date +%s) - start )) s wall (log: /tmp/fleet-parity.$$.log)"
exit $status
