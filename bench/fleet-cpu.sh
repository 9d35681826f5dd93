#!/usr/bin/env bash
# The fleet job's CPU cost against the command line's on the same files (docs/FLEET.md, "What it costs"): the job
# through its local launcher on local[1] and local[2], Spark's fixed cost (the same job over one small transcript)
# taken off, and `coroner report` (the same pass and finding sources, one JVM), all started with the command line's
# JVM options. Prints CPU seconds (user + system, every thread) and wall seconds of each, then CPU seconds per GB,
# how the job scales from one executor thread to two (local[1] against local[2], beyond the fixed start), and the
# machine's load average before and after: on a loaded machine the wall times, and so the scaling, say little.
#
#   bench/fleet-cpu.sh PATH
#
# PATH  a corpus folder (java -cp fixtures/target/classes dev.coroner.fixtures.ProjectsCorpus DIR)
# Needs a package first (mvn -B package -DskipTests): fleet/target/coroner-fleet and app/target/coroner.jar.
set -euo pipefail
if [ $# -ne 1 ] || [ ! -d "$1" ]; then
    awk 'NR > 1 && /^#/ {sub(/^# ?/, ""); print; next} NR > 1 {exit}' "$0" >&2
    exit 2
fi
repo=$(cd "$(dirname "$0")/.." && pwd)
corpus=$(cd "$1" && pwd)
launcher=$repo/fleet/target/coroner-fleet
jar=$repo/app/target/coroner.jar
one=$repo/fixtures/src/main/resources/dev/coroner/fixtures/terminal/healthy.jsonl
[ -x "$launcher" ] && [ -f "$jar" ] || { echo "fleet-cpu: package first (mvn -B package -DskipTests)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bytes=$(find "$corpus" -name '*.jsonl' -type f -printf '%s\n' | awk '{s += $1} END {print s}')
find "$corpus" -name '*.jsonl' -type f -print0 | xargs -0 cat > /dev/null # the page cache warmed

measure() { # NAME COMMAND…: "NAME CPU WALL"; exit status 1 is the command line's "something dead"
    local name=$1 status=0
    shift
    /usr/bin/time -f "%U %S %e" -o "$work/time" "$@" > "$work/$name.out" 2> "$work/$name.err" || status=$?
    if [ "$status" -gt 1 ]; then
        echo "fleet-cpu: $name failed (exit status $status):" >&2
        tail -20 "$work/$name.err" >&2
        exit 1
    fi
    # the last line: GNU time puts "Command exited with non-zero status 1" before the figures
    tail -1 "$work/time" | awk -v n="$name" '{printf "%s %.2f %.2f\n", n, $1 + $2, $3}'
}
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
{
    measure fixed-1 "$launcher" --master 'local[1]' --out "$work/fixed-1" "$one"
    measure fixed-2 "$launcher" --master 'local[2]' --out "$work/fixed-2" "$one"
    measure job-1 "$launcher" --master 'local[1]' --out "$work/job-1" "$corpus"
    measure job-2 "$launcher" --master 'local[2]' --out "$work/job-2" "$corpus"
    measure cli java -XX:TieredStopAtLevel=1 -XX:+UseSerialGC -jar "$jar" report --no-redact --out "$work/r.json" "$corpus"
} > "$work/figures"
load_after=$(cut -d' ' -f1-3 /proc/loadavg)
awk -v bytes="$bytes" -v cores="$(nproc)" -v before="$load_before" -v after="$load_after" '
    {cpu[$1] = $2; wall[$1] = $3; printf "%-8s %8.2f CPU s %8.2f s wall\n", $1, $2, $3}
    END {
        gb = bytes / 1e9
        printf "corpus: %.3f GB\n", gb
        j1 = (cpu["job-1"] - cpu["fixed-1"]) / gb; j2 = (cpu["job-2"] - cpu["fixed-2"]) / gb; c = cpu["cli"] / gb
        printf "beyond Spark'"'"'s fixed cost (%.1f / %.1f CPU s): job local[1] %.2f CPU s per GB, local[2] %.2f; coroner report %.2f\n", cpu["fixed-1"], cpu["fixed-2"], j1, j2, c
        printf "job / command line: local[1] %.2fx, local[2] %.2fx; wall beyond the fixed start, local[1] %.1f s, local[2] %.1f s\n", j1 / c, j2 / c, wall["job-1"] - wall["fixed-1"], wall["job-2"] - wall["fixed-2"]
        w1 = wall["job-1"] - wall["fixed-1"]; w2 = wall["job-2"] - wall["fixed-2"]
        if (w1 > 0 && w2 > 0) {
            printf "1 -> 2 executor threads: wall beyond the fixed start %.2fx faster (2.00x is perfect), CPU beyond it %.2fx\n", w1 / w2, (cpu["job-2"] - cpu["fixed-2"]) / (cpu["job-1"] - cpu["fixed-1"])
        } else {
            printf "1 -> 2 executor threads: a job took less wall time than its fixed start; the load swamps the wall times\n"
        }
        printf "load average (1, 5, 15 min) on %d cores: before %s, after %s\n", cores, before, after
    }' "$work/figures"
