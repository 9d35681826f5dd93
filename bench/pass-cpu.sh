#!/usr/bin/env bash
# The one pass's CPU cost, two builds alternated (docs/ARCHITECTURE.md, "The pass"): each run is a new JVM started as
# the command line starts one (client compiler, serial collector), reading every transcript under PATH on one thread
# ROUNDS times (bench/PassCpu.java); prints each run's best in MB per CPU second. CPU time, not wall time, and
# alternation, because this machine's speed moves by a third within an hour.
#
#   bench/pass-cpu.sh PATH PAIRS JAR_A [JAR_B]
#
# PATH    a corpus folder (dev.coroner.fixtures.ProjectsCorpus) or one transcript (dev.coroner.fixtures.GeneratedTranscript)
# PAIRS   how many times each jar runs
# JAR_A/B built jars (app/target/coroner.jar, or a copy of an older build's)
# Environment: ROUNDS (default 3) rounds per run; HEAP (default none) e.g. 256m for -Xmx.
set -euo pipefail
if [ $# -lt 3 ]; then
    awk 'NR > 1 && /^#/ {sub(/^# ?/, ""); print; next} NR > 1 {exit}' "$0" >&2
    exit 2
fi
HERE=$(cd "$(dirname "$0")" && pwd)
TARGET=$1
PAIRS=$2
shift 2
ROUNDS=${ROUNDS:-3}
OPTS=(-XX:TieredStopAtLevel=1 -XX:+UseSerialGC)
[ -n "${HEAP:-}" ] && OPTS+=("-Xmx$HEAP")
for jar in "$@"; do
    [ -f "$jar" ] || { echo "pass-cpu: no jar at $jar" >&2; exit 2; }
done
if [ -d "$TARGET" ]; then
    find "$TARGET" -name '*.jsonl' -type f -print0 | xargs -0 cat > /dev/null # the page cache warmed
else
    cat "$TARGET" > /dev/null
fi
for ((i = 1; i <= PAIRS; i++)); do
    for jar in "$@"; do
        best=$(java "${OPTS[@]}" -cp "$jar" "$HERE/PassCpu.java" "$TARGET" "$ROUNDS" | tail -1)
        echo "$jar: $best"
    done
done
