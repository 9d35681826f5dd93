#!/usr/bin/env bash
# The window's first open of a corpus in a cold JVM started as the launcher starts the window on fewer than 4
# processors: the client compiler only and the class-data-sharing archive app/target/coroner.jsa (which the build's
# own JVM, where CorpusWindowBenchmark runs, cannot use: the archive needs the jar on the class path). Each run is a
# new JVM, headless, 1280x720; prints when the first rows were on screen, every gap over 200 ms between two FX pulses
# and where the FX thread was during them (docs/WORKBENCH.md, "Never clean before it knows"). The page cache is
# warmed before each run.
#   mvn -B -q -o package -DskipTests && mvn -B -q -o test-compile -pl app -am
#   bench/window-cold.sh CORPUS [RUNS]        (CORPUS: made by ProjectsCorpus, see README.md)
# With SHARE=off the archive is left out, to see what it is worth.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
corpus=${1:?usage: bench/window-cold.sh CORPUS [RUNS]}
runs=${2:-3}
jar=$root/app/target/coroner.jar
tests=$root/app/target/test-classes
[ -f "$jar" ] || { echo "no $jar: run mvn -B -q -o package -DskipTests" >&2; exit 2; }
[ -f "$tests/dev/coroner/app/ui/ColdWindowRun.class" ] || { echo "no ColdWindowRun in $tests: run mvn -B -q -o test-compile -pl app -am" >&2; exit 2; }
share=(-XX:SharedArchiveFile="$root/app/target/coroner.jsa" -Xshare:auto -Xlog:cds=off -Xlog:cds+dynamic=off
    -XX:+UnlockDiagnosticVMOptions -XX:ArchiveRelocationMode=0)
[ "${SHARE:-on}" = off ] && share=(-Xshare:off)
if [ "${SHARE:-on}" != off ] && [ ! -f "$root/app/target/coroner.jsa" ]; then
  # a build with -Dcoroner.cds.skip (or a test run of the app module) leaves no archive: say so, the figures differ
  echo "no $root/app/target/coroner.jsa: run mvn -B -q -o package -DskipTests, or these runs are without the archive" >&2
  exit 2
fi
for i in $(seq 1 "$runs"); do
  echo "== run $i (archive ${SHARE:-on})"
  # every file read once first, as bench/cli-vs-reference.sh does: a run after a pause otherwise reads from the disk
  # what the one before it read from memory, and its figures are the disk's
  find "$corpus" -name '*.jsonl' -type f -print0 | xargs -0 cat > /dev/null
  # the jar first, as the archive was made with it alone; the test classes after it, which the archive allows
  # JavaFX's warning about classes on the class path (as in the jar) is left out; anything else on stderr shows
  java "${share[@]}" -XX:TieredStopAtLevel=1 -cp "$jar:$tests" dev.coroner.app.ui.ColdWindowRun "$corpus" \
    2> >(grep -v -e 'Unsupported JavaFX configuration' -e 'com.sun.javafx.application.PlatformImpl startup' >&2)
done
