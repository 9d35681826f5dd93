#!/usr/bin/env bash
# Proves a change left the command line's output byte-identical: runs `verdict`, `scripts` and `precursor` (every
# fixture grammar), in JSON and in text, on the fixtures and on a corpus folder, with two builds of coroner.jar, and
# diffs everything they printed (stdout, stderr, exit status).
#   tools/same-output.sh BEFORE.jar AFTER.jar [CORPUS_DIR]      (CORPUS_DIR defaults to ../shared/corpus)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
fx=$root/fixtures/src/main/resources/dev/coroner/fixtures
corpus=${3:-$root/../shared/corpus}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run() { # JAR OUT
  local jar=$1 out=$2 d n cmd gr gn
  mkdir -p "$out"
  for d in "$fx" "$corpus"; do
    [ -d "$d" ] || continue
    n=$(basename "$d")
    for cmd in verdict scripts; do
      java -jar "$jar" "$cmd" --json "$d" > "$out/$n.$cmd.json" 2> "$out/$n.$cmd.err" || echo "rc=$?" >> "$out/$n.$cmd.err"
      java -jar "$jar" "$cmd" "$d" > "$out/$n.$cmd.txt" 2>> "$out/$n.$cmd.err" || echo "rc=$?" >> "$out/$n.$cmd.err"
    done
    for gr in "$fx"/precursor/*.toml; do
      gn=$(basename "$gr" .toml)
      java -jar "$jar" precursor --grammar "$gr" --json "$d" > "$out/$n.precursor.$gn.json" 2>> "$out/$n.precursor.err" \
        || echo "rc=$?" >> "$out/$n.precursor.err"
      java -jar "$jar" precursor --grammar "$gr" "$d" > "$out/$n.precursor.$gn.txt" 2>> "$out/$n.precursor.err" \
        || echo "rc=$?" >> "$out/$n.precursor.err"
    done
  done
}
run "$1" "$work/before"
run "$2" "$work/after"
diff -r "$work/before" "$work/after"
echo "same-output: $(ls "$work/after" | wc -l) outputs, $(cat "$work"/after/* | wc -c) bytes, byte-identical"
