#!/usr/bin/env bash
# Extracts the three reference modules the benchmark runs from the seeds (other projects' code shown as diffs)
# into REF_DIR, outside the repository. Never commit what this writes.
#
#   bench/reference/extract.sh SEEDS_DIR REF_DIR
#
# seeds/000 and seeds/001 are new-file diffs: five header lines, then every line prefixed with "+".
# seeds/004 is the file itself after four header lines.
set -euo pipefail
if [ $# -ne 2 ]; then
    awk 'NR > 1 && /^#/ {sub(/^# ?/, ""); print; next} NR > 1 {exit}' "$0" >&2
    exit 2
fi
SEEDS=$1
REF=$2
mkdir -p "$REF/dos"
sed -n '6,$s/^+//p' "$SEEDS"/000_*.txt > "$REF/dos/result_state.py"
sed -n '6,$s/^+//p' "$SEEDS"/001_*.txt > "$REF/dos/precursor_gate.py"
tail -n +5 "$SEEDS"/004_*.txt > "$REF/match.js"
head -1 "$REF/dos/result_state.py" | grep -q '^r"""result_state' || { echo "unexpected seeds/000" >&2; exit 1; }
head -1 "$REF/dos/precursor_gate.py" | grep -q '^"""PG' || { echo "unexpected seeds/001" >&2; exit 1; }
head -1 "$REF/match.js" | grep -q '^/\*\*' || { echo "unexpected seeds/004" >&2; exit 1; }
echo "extracted to $REF: dos/result_state.py, dos/precursor_gate.py, match.js"
