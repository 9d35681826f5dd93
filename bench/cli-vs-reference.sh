#!/usr/bin/env bash
# Times Coroner's command line against the reference implementations on the same transcripts (docs/ARCHITECTURE.md, "The pass":
# "verdict, precursor and scripts on the CLI each at least 5x faster than the reference implementations").
#
#   bench/cli-vs-reference.sh JAR REF_DIR CORPUS_DIR
#
# JAR         the Coroner jar to measure (app/target/coroner.jar, or an older build to compare against), run as
#             java -jar JAR; or the launcher the build writes (app/target/coroner), run as it is
# REF_DIR     where the reference modules were extracted from the seeds (bench/README.md):
#             REF_DIR/dos/result_state.py, REF_DIR/dos/precursor_gate.py, REF_DIR/match.js
# CORPUS_DIR  a corpus shaped like ~/.claude/projects (dev.coroner.fixtures.ProjectsCorpus writes one)
#
# Environment: RUNS (default 3) runs per command; SMALL (default 20) files in the small-files row;
# GRAMMAR (default the bundled claude-code.toml); KEEP=1 keeps the outputs (their folder is printed).
#
# Each command reads every transcript, judges it and prints one JSON line per verdict, ours and the
# reference alike; outputs go to files, not to a terminal. The page cache is warmed first (every file is
# read once). Wall time per run (and CPU time); the table shows the best and the median of RUNS runs, and
# the ratio of the medians (reference / ours: how many times faster Coroner is). Rows: lines each side
# printed.
set -euo pipefail

if [ $# -ne 3 ]; then
    awk 'NR > 1 && /^#/ {sub(/^# ?/, ""); print; next} NR > 1 {exit}' "$0" >&2
    exit 2
fi
JAR=$(realpath "$1")
REF=$(realpath "$2")
CORPUS=$(realpath "$3")
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(dirname "$HERE")
RUNS=${RUNS:-3}
SMALL=${SMALL:-20}
GRAMMAR=${GRAMMAR:-$ROOT/fixtures/src/main/resources/dev/coroner/fixtures/precursor/claude-code.toml}
DRIVERS=$HERE/reference

fail() { echo "cli-vs-reference: $*" >&2; exit 2; }
[ -f "$JAR" ] || fail "no jar at $JAR"
case $JAR in
    *.jar) CORONER=(java -jar "$JAR") ;;
    *) [ -x "$JAR" ] || fail "$JAR is neither a jar nor an executable launcher"; CORONER=("$JAR") ;;
esac
if [[ $JAR != *.jar ]] && [ ! -f "$(dirname "$JAR")/coroner.jsa" ]; then
    # a build with -Dcoroner.cds.skip (or a test run of the app module) deletes the archive; the launcher then starts
    # about 0.1 s slower, silently, and the small-files row says so
    echo "cli-vs-reference: no coroner.jsa beside $JAR: the launcher runs without its archive, slower to start" \
        "(mvn -B -q -o package -DskipTests makes it)" >&2
fi
[ -d "$CORPUS" ] || fail "no corpus folder at $CORPUS"
[ -f "$GRAMMAR" ] || fail "no grammar at $GRAMMAR"
for f in dos/result_state.py dos/precursor_gate.py match.js; do
    [ -f "$REF/$f" ] || fail "$REF/$f is missing: extract the reference as bench/README.md says"
done
python3 -c 'import sys, tomllib; sys.exit(sys.version_info < (3, 11))' 2>/dev/null || fail "needs python3 >= 3.11"
node -e 'process.exit(typeof require("node:module").register === "function" ? 0 : 1)' 2>/dev/null \
    || fail "needs node >= 20.6 (module.register)"

OUT=$(mktemp -d "${TMPDIR:-/tmp}/cli-vs-reference.XXXXXX")
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$OUT"' EXIT

FILES=$(find "$CORPUS" -name '*.jsonl' -type f | wc -l)
BYTES=$(find "$CORPUS" -name '*.jsonl' -type f -printf '%s\n' | awk '{s += $1} END {print s + 0}')
mapfile -t SMALL_FILES < <(find "$CORPUS" -name '*.jsonl' -type f -size -64k | LC_ALL=C sort | head -n "$SMALL")

echo "jar:    $JAR"
echo "corpus: $CORPUS ($FILES files, $((BYTES / 1048576)) MiB)"
echo "small:  ${#SMALL_FILES[@]} files under 64 KB (the first in byte-wise path order)"
echo "runs:   $RUNS per command, $(nproc) cores, $(java -version 2>&1 | head -1), $(python3 --version), node $(node --version)"
if [ -r /proc/loadavg ]; then
    echo "load:   $(cut -d' ' -f1-3 /proc/loadavg) (1, 5, 15 min; anything else running skews the figures)"
fi
echo -n "warming the page cache... "
find "$CORPUS" -name '*.jsonl' -type f -print0 | xargs -0 cat > /dev/null
echo done

# The eight commands, ours and the reference's, each judging the same files.
ours-verdict() { "${CORONER[@]}" verdict --json "$CORPUS"; }
ref-verdict() { python3 "$DRIVERS/result_state_run.py" "$REF" "$CORPUS"; }
ours-precursor() { "${CORONER[@]}" precursor --grammar "$GRAMMAR" --json "$CORPUS"; }
ref-precursor() { python3 "$DRIVERS/precursor_gate_run.py" "$REF" "$GRAMMAR" "$CORPUS"; }
ours-scripts() { "${CORONER[@]}" scripts --json "$CORPUS"; }
ref-scripts() { node "$DRIVERS/match_run.mjs" "$REF" "$CORPUS"; }
ours-small() { "${CORONER[@]}" verdict --json "${SMALL_FILES[@]}"; }
ref-small() { python3 "$DRIVERS/result_state_run.py" "$REF" "${SMALL_FILES[@]}"; }

# once NAME: one timed run; exit status 0 or 1 (something dead or WARNed) is success. Appends the wall seconds
# to $OUT/NAME.times and the CPU seconds (user + system, children included) to $OUT/NAME.cpu, and leaves the
# output in $OUT/NAME.out.
once() {
    local name=$1 status=0 TIMEFORMAT='%3R %3U %3S'
    { time "$name" > "$OUT/$name.out" 2> "$OUT/$name.err" || status=$?; } 2> "$OUT/$name.time"
    if [ "$status" -gt 1 ]; then
        echo "$name failed (exit $status):" >&2
        head -5 "$OUT/$name.err" >&2
        exit 1
    fi
    awk '{printf "%.3f\n", $1}' "$OUT/$name.time" >> "$OUT/$name.times"
    awk '{printf "%.3f\n", $2 + $3}' "$OUT/$name.time" >> "$OUT/$name.cpu"
}
best() { sort -n "$OUT/$1.${2:-times}" | head -1; }
median() { sort -n "$OUT/$1.${2:-times}" | sed -n "$(((RUNS + 1) / 2))p"; }
rows() { wc -l < "$OUT/$1.out" | tr -d ' '; }

COMMANDS=(verdict precursor scripts small)
declare -A LABEL=([verdict]="verdict ($FILES files)" [precursor]="precursor ($FILES files)"
    [scripts]="scripts ($FILES files)" [small]="verdict (${#SMALL_FILES[@]} small files)")

# Ours and the reference's alternate, round after round, so a burst of load elsewhere hits both alike.
for ((i = 1; i <= RUNS; i++)); do
    echo "round $i of $RUNS..."
    for c in "${COMMANDS[@]}"; do
        once "ours-$c"
        once "ref-$c"
    done
done

echo
printf '%-28s %9s %9s %9s %9s %9s %8s  %s\n' command "ours best" "ours med" "ref best" "ref med" "ratio" target "rows ours/ref"
for c in "${COMMANDS[@]}"; do
    ratio=$(awk -v o="$(median "ours-$c")" -v r="$(median "ref-$c")" 'BEGIN {printf "%.2fx", r / o}')
    meets=$(awk -v o="$(median "ours-$c")" -v r="$(median "ref-$c")" 'BEGIN {print (r / o >= 5) ? "met" : "MISSED"}')
    [ "$c" = small ] && meets="-"
    printf '%-28s %9s %9s %9s %9s %9s %8s  %s\n' "${LABEL[$c]}" "$(best "ours-$c")" "$(median "ours-$c")" \
        "$(best "ref-$c")" "$(median "ref-$c")" "$ratio" "$meets" "$(rows "ours-$c")/$(rows "ref-$c")"
done
echo
echo "CPU seconds (user + system, median; Coroner uses both cores, the reference one), for reading the wall"
echo "times when something else was running:"
for c in "${COMMANDS[@]}"; do
    printf '  %-26s ours %8s   reference %8s\n' "${LABEL[$c]}" "$(median "ours-$c" cpu)" "$(median "ref-$c" cpu)"
done
echo
echo "same findings? (counts in the last run's output, ours/reference)"
count() { grep -c "$2" "$OUT/$1.out" || true; }
echo "  verdict:   dead $(count ours-verdict '"dead":true')/$(count ref-verdict '"dead":true')"
echo "  precursor: REFUTED $(count ours-precursor '"stance":"REFUTED"')/$(count ref-precursor '"stance":"REFUTED"')," \
    "ATTESTED $(count ours-precursor '"stance":"ATTESTED"')/$(count ref-precursor '"stance":"ATTESTED"')," \
    "EXEMPT $(count ours-precursor '"stance":"EXEMPT"') (the grammar's [coroner.precursor]; ours REFUTED + EXEMPT = reference REFUTED)"
echo "  scripts:   matched ok $(count ours-scripts '"label":"ok"')/$(count ref-scripts '"label":"ok"')," \
    "error $(count ours-scripts '"label":"error"')/$(count ref-scripts '"label":"error"')," \
    "unmatched $(count ours-scripts '"label":"unmatched"')/$(count ref-scripts '"label":"unmatched"')"
[ -r /proc/loadavg ] && echo "load at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
[ "${KEEP:-0}" = 1 ] && echo "outputs kept in $OUT"
exit 0
