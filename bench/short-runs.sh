#!/usr/bin/env bash
# Short command-line runs of two builds, alternating (docs/ARCHITECTURE.md, "Start fast"): --version, verdict on 20
# small fixture files, precursor and scripts on one. A short run is mostly the JVM's and the program's start, so this
# is where a change to start-up shows. Each round runs every case once with each launcher, in turn; prints, per case
# and launcher, the median CPU time (user + system) and the median wall time, in ms (/usr/bin/time: 10 ms steps).
#
#   bench/short-runs.sh LAUNCHER_A LAUNCHER_B [ROUNDS]
#
# LAUNCHER  app/target/coroner of a build, in its own checkout (git worktree add): the class-data-sharing archive
#           beside it fits only the jar it was made with, where it was made
# ROUNDS    default 21
set -euo pipefail
if [ $# -lt 2 ]; then
    awk 'NR > 1 && /^#/ {sub(/^# ?/, ""); print; next} NR > 1 {exit}' "$0" >&2
    exit 2
fi
HERE=$(cd "$(dirname "$0")" && pwd)
FX=$(dirname "$HERE")/fixtures/src/main/resources/dev/coroner/fixtures
A=$1
B=$2
ROUNDS=${3:-21}
for l in "$A" "$B"; do
    [ -x "$l" ] || { echo "short-runs: $l is not an executable launcher" >&2; exit 2; }
    [ -f "$(dirname "$l")/coroner.jsa" ] || echo "short-runs: no coroner.jsa beside $l: it starts slower" >&2
done
mapfile -t SMALL < <(find "$FX/terminal" -name '*.jsonl' -size +0 | LC_ALL=C sort | head -20)
ONE=$FX/terminal/healthy.jsonl
GRAMMAR=$FX/precursor/claude-code.toml
CASES=(version verdict20 precursor1 scripts1)
args_of() {
    case $1 in
        version) ARGS=(--version) ;;
        verdict20) ARGS=(verdict --json "${SMALL[@]}") ;;
        precursor1) ARGS=(precursor --json --grammar "$GRAMMAR" "$ONE") ;;
        scripts1) ARGS=(scripts --json "$ONE") ;;
    esac
}
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
for ((r = 1; r <= ROUNDS; r++)); do
    for side in A B; do
        launcher=$A
        [ "$side" = B ] && launcher=$B
        for c in "${CASES[@]}"; do
            args_of "$c"
            /usr/bin/time -o "$OUT/t" -f "%e %U %S" "$launcher" "${ARGS[@]}" > /dev/null 2>&1 || true
            tail -n 1 "$OUT/t" | awk '{printf "%d %d\n", ($2 + $3) * 1000, $1 * 1000}' >> "$OUT/$side.$c" # the last line: a failing run adds one before
        done
    done
done
median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
printf '%-12s %14s %14s %14s %14s\n' case "A cpu ms" "B cpu ms" "A wall ms" "B wall ms"
for c in "${CASES[@]}"; do
    printf '%-12s %14s %14s %14s %14s\n' "$c" \
        "$(cut -d' ' -f1 "$OUT/A.$c" | median)" "$(cut -d' ' -f1 "$OUT/B.$c" | median)" \
        "$(cut -d' ' -f2 "$OUT/A.$c" | median)" "$(cut -d' ' -f2 "$OUT/B.$c" | median)"
done
echo "($ROUNDS rounds; A = $A, B = $B)"
