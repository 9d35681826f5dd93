#!/usr/bin/env bash
# The hostile shapes of issues 13 and 30, measured on the command line (docs/ARCHITECTURE.md, "Bounded work on hostile input").
# Writes each shape into WORK (default /tmp/coroner-hostile), runs the command with the heap the issue allows, and
# prints wall time, CPU time, peak resident memory and the exit status. Needs GNU time (/usr/bin/time).
#   mvn -B -q -o -DskipTests package && bench/hostile.sh [JAR] [WORK]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
jar=${1:-$root/app/target/coroner.jar}
work=${2:-/tmp/coroner-hostile}
gen() { java -cp "$root/fixtures/target/classes" dev.coroner.fixtures.HostileShapes "$@" > /dev/null; }
# Files Coroner reads and writes (issue 30: docs/VERDICTS.md, "Files Coroner reads and writes"): a pipe, a device, a full
# disk, a read-only folder, a torn, newer, malformed, far or huge workspace. Each must answer within 5 s with one line
# and its exit status, the old file whole. The full disk and the read-only folder are small tmpfs mounts (root only).
# HOSTILE_FILES_ONLY=1 runs these alone.
files_cases() {
  local f=$work/files t=$root/fixtures/src/main/resources/dev/coroner/fixtures/demo/7f3c2a10-5b6e-4d2f-9a8b-1c2d3e4f5a6b/subagents/agent-a7b2d4f6e8c0a1b30.jsonl
  rm -rf "$f"; mkdir -p "$f/case"
  one() { # LABEL ARGS… : wall time, exit status, what it said (one line expected)
    local label=$1; shift
    local start=$(date +%s%N) status=0
    timeout 60 java -jar "$jar" "$@" > /dev/null 2> "$f/err" || status=$?
    printf '%s: %s ms, exit %s, %s line(s): %s\n' "$label" "$((($(date +%s%N) - start) / 1000000))" "$status" \
      "$(wc -l < "$f/err")" "$(head -1 "$f/err")"
  }
  whole() { [ "$(sha256sum < "$1")" = "$2" ] && echo "  old $(basename "$1") whole" || echo "  OLD $(basename "$1") CHANGED"; }
  mkfifo "$f/pipe.json" "$f/pipe.png" "$f/pipe.coroner.json"
  ln -s /dev/zero "$f/zero.json"; ln -s /dev/zero "$f/zero.png"; ln -s /dev/zero "$f/zero.coroner.json"
  one "report --out a pipe" report --out "$f/pipe.json" "$t"
  one "report --out a link to /dev/zero" report --out "$f/zero.json" "$t"
  one "report --workspace a pipe" report --out "$f/r.json" --workspace "$f/pipe.coroner.json" "$t"
  one "report --workspace a link to /dev/zero" report --out "$f/r.json" --workspace "$f/zero.coroner.json" "$t"
  one "snapshot --out a pipe" snapshot --out "$f/pipe.png" "$t"
  one "snapshot --out a link to /dev/zero" snapshot --out "$f/zero.png" "$t"
  printf '{"schema":{"family":"coroner-workspace","version":1},"transcripts":[' > "$f/case/torn.coroner.json"
  printf '{"schema":{"family":"coroner-workspace","version":3},"transcripts":[]}' > "$f/case/newer.coroner.json"
  printf '{"schema":{"family":"coroner-workspace","version":"2"},"transcripts":[]}' > "$f/case/odd.coroner.json"
  printf '{"schema":{"family":"coroner-workspace","version":1},"transcripts":[{"path":"../../../../../../../../etc/shadow"}]}' \
    > "$f/case/far.coroner.json"
  for w in torn newer odd far; do one "snapshot of a $w workspace" snapshot --out "$f/s.png" "$f/case/$w.coroner.json"; done
  { printf '{"transcripts":[], "pad":"'; head -c 76000000 /dev/zero | tr '\0' a; printf '"}'; } > "$f/case/huge.coroner.json"
  one "report --workspace of 76 MB" report --out "$f/r.json" --workspace "$f/case/huge.coroner.json" "$t"
  printf 'killed mid-write' > "$f/.r.json.4294967295.1.tmp"
  one "report over a killed writer's leftover" report --out "$f/r.json" "$t"
  [ -e "$f/.r.json.4294967295.1.tmp" ] && echo "  LEFTOVER KEPT" || echo "  leftover removed"
  one "report --out a name of 255 bytes" report --out "$f/$(printf 'r%.0s' $(seq 250)).json" "$t"
  stat -c '  mode of a new report: %A' "$f/r.json"
  if mkdir -p "$f/full" && mount -t tmpfs -o size=256k tmpfs "$f/full" 2>/dev/null; then
    java -jar "$jar" report --out "$f/full/r.json" "$t" > /dev/null 2>&1 || true
    java -jar "$jar" snapshot --size 640x400 --out "$f/full/s.png" "$t" > /dev/null 2>&1 || true
    local rsum=$(sha256sum < "$f/full/r.json") ssum=$(sha256sum < "$f/full/s.png")
    dd if=/dev/zero of="$f/full/fill" bs=4k 2>/dev/null || true
    one "report --out on a full disk" report --out "$f/full/r.json" "$t"; whole "$f/full/r.json" "$rsum"
    one "snapshot --out on a full disk" snapshot --size 640x400 --out "$f/full/s.png" "$t"; whole "$f/full/s.png" "$ssum"
    rm -f "$f/full/fill"
    mount -o remount,ro "$f/full"
    one "report --out in a read-only folder" report --out "$f/full/r.json" "$t"; whole "$f/full/r.json" "$rsum"
    one "snapshot --out in a read-only folder" snapshot --size 640x400 --out "$f/full/s.png" "$t"; whole "$f/full/s.png" "$ssum"
    umount "$f/full"
  else
    echo "full disk and read-only folder: skipped (mounting a tmpfs needs root)"
  fi
}
[ "${HOSTILE_FILES_ONLY:-}" = 1 ] && { files_cases; exit 0; }
grammar=$root/fixtures/src/main/resources/dev/coroner/fixtures/precursor/claude-code.toml
mkdir -p "$work"
[ -f "$work/one-turn.jsonl" ] || gen one-turn "$work/one-turn.jsonl" 333333 1000   # 1,000,000 records, 333k calls, 111k blocks
[ -f "$work/same.jsonl" ] || gen one-turn "$work/same.jsonl" 10000 1               # 10,000 equal calls, 3,333 blocks
[ -d "$work/tiny" ] || gen tiny-folder "$work/tiny" 50000                           # 50,000 tiny transcripts
[ -f "$work/long-answer.jsonl" ] || gen long-line "$work/long-answer.jsonl" 314572800    # a 300 MB last answer
[ -f "$work/long-output.jsonl" ] || gen long-output "$work/long-output.jsonl" 314572800  # a 300 MB last tool output
run() { # HEAP LABEL ARGS…
  local heap=$1 label=$2; shift 2
  /usr/bin/time -f "$label: %e s wall, %U s user, %M KB peak resident" \
    java "-Xmx$heap" -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -jar "$jar" "$@" > /dev/null 2> "$work/err" || true
  tail -1 "$work/err"
  grep -v ' s wall' "$work/err" | head -2 || true
}
run 512m "scripts, one turn of 1M records (512 MB heap)" scripts --json "$work/one-turn.jsonl"
run 512m "precursor, one turn of 1M records (512 MB heap)" precursor --grammar "$grammar" --json "$work/one-turn.jsonl"
run 512m "scripts, 10,000 equal calls (512 MB heap)" scripts --json "$work/same.jsonl"
for c in verdict scripts; do
  run 256m "$c, 50,000 tiny files (256 MB heap)" "$c" --json "$work/tiny"
  run 32m "$c, 50,000 tiny files (32 MB heap)" "$c" --json "$work/tiny"
done
run 256m "precursor, 50,000 tiny files (256 MB heap)" precursor --grammar "$grammar" --json "$work/tiny"
run 32m "precursor, 50,000 tiny files (32 MB heap)" precursor --grammar "$grammar" --json "$work/tiny"
run 512m "verdict, 300 MB last answer (512 MB heap)" verdict --json "$work/long-answer.jsonl"
run 512m "verdict, 300 MB last tool output (512 MB heap)" verdict --json "$work/long-output.jsonl"
for f in long-answer long-output; do
  run 512m "scripts, 300 MB $f (512 MB heap)" scripts --json "$work/$f.jsonl"
  run 512m "precursor, 300 MB $f (512 MB heap)" precursor --grammar "$grammar" --json "$work/$f.jsonl"
done
# a 300 MB line that does not parse (the 300 MB answer cut inside its long string, bytes appended)
[ -f "$work/long-malformed.jsonl" ] || { head -c 314572000 "$work/long-answer.jsonl"; printf ' trailing\n'; } > "$work/long-malformed.jsonl"
for c in verdict scripts; do
  run 256m "$c, 300 MB malformed line (256 MB heap)" "$c" --json "$work/long-malformed.jsonl"
done
# issue 30: the shapes of items 5, 6, 8 and 9, each with the status it must end with (docs/VERDICTS.md)
expect() { # WANT LABEL COMMAND… : runs it, prints its status and whether it is the one wanted
  local want=$1 label=$2; shift 2
  local got=0
  "$@" > "$work/out" 2> "$work/err" || got=$?
  echo "$label: exit $got (want $want)$([ "$got" = "$want" ] || echo ' MISMATCH')"
}
mkdir -p "$work/locked" && cp "$root/fixtures/src/main/resources/dev/coroner/fixtures/terminal/healthy.jsonl" "$work/locked/" \
  && chmod 000 "$work/locked"
if [ "$(id -u)" = 0 ]; then drop="setpriv --bounding-set=-dac_override,-dac_read_search --"; else drop=; fi
expect 2 "verdict, a mode-000 folder named" $drop java -jar "$jar" verdict --json "$work/locked"
grep -q 'permission denied' "$work/out" && echo "  its row says permission denied" || echo "  MISMATCH: no permission denied row"
chmod 700 "$work/locked"
mkdir -p "$work/names" && cp "$root/fixtures/src/main/resources/dev/coroner/fixtures/terminal/healthy.jsonl" "$work/names/café.jsonl"
expect 0 "verdict, café.jsonl named under LANG=C" env LANG=C LC_ALL=C java -jar "$jar" verdict "$work/names/café.jsonl"
env LANG=C LC_ALL=C java -jar "$jar" verdict "$work/names" > "$work/c.out" || true
env LC_ALL=C.UTF-8 java -jar "$jar" verdict "$work/names" > "$work/utf8.out" || true
cmp -s "$work/c.out" "$work/utf8.out" && echo "  its folder prints the same bytes under LANG=C and C.UTF-8" || echo "  MISMATCH: output differs by locale"
# a name whose bytes are not UTF-8 (0xE9, as Latin-1 writes é): found in a folder, read, and printed caf\xe9.jsonl
mkdir -p "$work/bytes" && cp "$root/fixtures/src/main/resources/dev/coroner/fixtures/terminal/healthy.jsonl" "$work/bytes/$(printf 'caf\351.jsonl')"
expect 0 "verdict, a folder holding caf<0xE9>.jsonl, under LANG=C" env LANG=C LC_ALL=C java -jar "$jar" verdict "$work/bytes"
grep -qF "$work/bytes/caf\xe9.jsonl" "$work/out" && ! grep -q UNREADABLE "$work/out" \
  && echo "  read, and named caf\\xe9.jsonl" || echo "  MISMATCH: not named caf\\xe9.jsonl, or unreadable"
env LANG=C LC_ALL=C java -jar "$jar" verdict --json "$work/bytes" > "$work/bytes.json" || true
grep -qF '/caf\\xe9.jsonl"' "$work/bytes.json" && echo "  its JSON row says the same" || echo "  MISMATCH: JSON names it otherwise"
cp "$root/fixtures/src/main/resources/dev/coroner/fixtures/terminal/synthetic-context-limit.jsonl" "$work/dead.jsonl"
set -m # job control: a background job of a script otherwise starts with Ctrl+C ignored
java -jar "$jar" verdict --follow "$work/dead.jsonl" > "$work/follow.out" 2>&1 & follow=$!
set +m
for _ in $(seq 100); do [ -s "$work/follow.out" ] && break; sleep 0.1; done
kill -INT "$follow"; got=0; wait "$follow" || got=$?
echo "verdict --follow, Ctrl+C after a death: exit $got (want 1)$([ "$got" = 1 ] || echo ' MISMATCH')"
{ printf '{"type":"user","message":{"role":"user","content":"go"}}\n'
  printf '{"type":"assistant","message":{"role":"assistant","model":"<synthetic>","content":[{"type":"text","text":"API Error"}]},"isApiErrorMessage":true,"apiErrorStatus":"'
  head -c 100000 /dev/zero | tr '\0' '4'; printf '"}\n'; } > "$work/status.jsonl"
expect 1 "verdict, a 100,000-digit apiErrorStatus" java -jar "$jar" verdict --json "$work/status.jsonl"
grep -q '"api_status":null' "$work/out" && echo "  api_status is null" || echo "  MISMATCH: api_status is not null"
printf '{"type":"user","message":{"role":"user","content":"a"}}\n\357\273\277{"type":"user","message":{"role":"user","content":"b"}}\n' > "$work/bom.jsonl"
expect 0 "scripts, a BOM starting line 2" java -jar "$jar" scripts --json "$work/bom.jsonl"
grep -q '"line":2,.*MALFORMED_JSON' "$work/out" && echo "  line 2 is a problem line" || echo "  MISMATCH: line 2 is not a problem"
printf '{"type":"user","message":{"role":"user","content":"a"},"toolUseResult":{"stdout":"x\\u004gy"}}\n' > "$work/hex.jsonl"
expect 0 "scripts, a bad hex escape in a skipped string" java -jar "$jar" scripts --json "$work/hex.jsonl"
grep -q 'MALFORMED_JSON' "$work/out" && echo "  a problem line, as the forward reader says" || echo "  MISMATCH: read as a record"
# issue 30, redaction in linear time: a workspace whose one note is 1 MB of near-misses of a secret shape, through
# report --workspace (the URL-password shape took 19 s on "ab-"x40,000 before; a 400 KB note, more than a minute)
printf '%s\n' '{"type":"user","message":{"role":"user","content":"go"}}' \
  '{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"done"}]}}' > "$work/noted.jsonl"
for unit in 'ab-' 'password=a(' 'a://b:' 'mysql -x ' '-----BEGIN A '; do
  note=$(yes -- "$unit" | tr -d "\n" | head -c 1048576 || true)  # yes stops on SIGPIPE
  printf '{"schema":{"family":"coroner-workspace","version":1},"transcripts":[],"grammar":null,"annotations":[{"transcript":"%s","sha256":null,"line":2,"note":"%s","override":null}],"rejected_proposals":[],"selection":null,"layout":{"dividers":{},"panels":{}}}\n' \
    "$work/noted.jsonl" "$note" > "$work/note.coroner.json"
  run 256m "report --workspace, a 1 MB note of '$unit' (256 MB heap)" report --workspace "$work/note.coroner.json" \
    --out "$work/noted-report.json" "$work/noted.jsonl"
done
files_cases
