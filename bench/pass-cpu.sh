#!/usr/bin/env bash
# The one pass's CPU cost, builds compared in one JVM (docs/ARCHITECTURE.md, "The pass"): started as the command
# line starts one (client compiler, serial collector), it reads every transcript under PATH on one thread, ROUNDS
# times for each jar, the jars taking turns within each round, each in a class loader of its own (bench/PassCpu.java);
# prints each round in MB per CPU second, then each jar's median and in how many rounds it took the least CPU, then
# each later jar's speed over the first's within a round (the median of those ratios: the figure to compare). CPU
# time, not wall time, and turns within one JVM, not one JVM after another, because this machine's speed moves by a
# third within minutes: only figures of the same round compare.
#
#   bench/pass-cpu.sh PATH ROUNDS JAR_A [JAR_B...]
#
# PATH    a corpus folder (dev.coroner.fixtures.ProjectsCorpus) or one transcript (dev.coroner.fixtures.GeneratedTranscript)
# ROUNDS  how many times each jar reads PATH
# JAR     built jars (app/target/coroner.jar, or a copy of an older build's)
# Environment: HEAP (default none) e.g. 256m for -Xmx; SEARCH (default none) a text: times the window's search across a
# corpus for it (LineSearch) instead of the pass, and prints how many lines hold it; SCOPE (default none, the whole
# pass) CALLS or BLOCKS: the pass of precursor and propose, or of scripts; INTERLEAVE=file (default none: round by
# round) the jars take turns file by file, for figures of builds that differ by less than the machine's noise.
set -euo pipefail
if [ $# -lt 3 ]; then
    awk 'NR > 1 && /^#/ {sub(/^# ?/, ""); print; next} NR > 1 {exit}' "$0" >&2
    exit 2
fi
HERE=$(cd "$(dirname "$0")" && pwd)
TARGET=$1
ROUNDS=$2
shift 2
OPTS=(-XX:TieredStopAtLevel=1 -XX:+UseSerialGC)
[ -n "${HEAP:-}" ] && OPTS+=("-Xmx$HEAP")
[ -n "${SEARCH:-}" ] && OPTS+=("-Dsearch=$SEARCH")
[ -n "${SCOPE:-}" ] && OPTS+=("-Dscope=$SCOPE")
[ -n "${INTERLEAVE:-}" ] && OPTS+=("-Dinterleave=$INTERLEAVE")
for jar in "$@"; do
    [ -f "$jar" ] || { echo "pass-cpu: no jar at $jar" >&2; exit 2; }
done
if [ -d "$TARGET" ]; then
    find "$TARGET" -name '*.jsonl' -type f -print0 | xargs -0 cat > /dev/null # the page cache warmed
else
    cat "$TARGET" > /dev/null
fi
java "${OPTS[@]}" "$HERE/PassCpu.java" "$TARGET" "$ROUNDS" "$@"
