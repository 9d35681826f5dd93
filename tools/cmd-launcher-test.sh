#!/usr/bin/env bash
# Runs the Windows launcher (app/target/coroner.cmd, as the build writes it) under Wine's cmd, with a stand-in
# java.exe that prints the arguments it was given and exits with status 3, and checks what the launcher passes to
# Java: the flags for each kind of run, a collector of the user's own in place of the serial one, the archive's flags,
# the user's arguments untouched, the exit status passed back, the message when JAVA_HOME has no java.exe, and without
# JAVA_HOME the java on PATH or the message that there is none.
#   tools/cmd-launcher-test.sh        (after mvn package; needs wine and x86_64-w64-mingw32-gcc)
# .ci/run runs it when both are installed (apt-get install wine gcc-mingw-w64-x86-64-win32).
# Wine's own `where` is a stub (it finds nothing and says 0); for the branch that looks for java on PATH, a stand-in
# where.exe that searches PATH as Windows' does goes first on Wine's PATH.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
launcher=$root/app/target/coroner.cmd
[ -f "$launcher" ] || { echo "cmd-launcher-test: no $launcher; run mvn package first" >&2; exit 2; }
for tool in wine x86_64-w64-mingw32-gcc; do
  command -v "$tool" > /dev/null || { echo "cmd-launcher-test: needs $tool" >&2; exit 2; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/app" "$work/java/bin" "$work/nojava"
cp "$launcher" "$work/app/coroner.cmd"
: > "$work/app/coroner.jar"
cat > "$work/echo.c" <<'EOF'
#include <stdio.h>
int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) printf("[%s]", argv[i]);
    printf("\n");
    return 3;
}
EOF
x86_64-w64-mingw32-gcc -O1 -o "$work/java/bin/java.exe" "$work/echo.c"
mkdir -p "$work/where"
cat > "$work/where.c" <<'EOF'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>
/* where NAME: prints each PATH folder's NAME.exe that exists and says 0, or says nothing and 1, as Windows' where does */
int main(int argc, char **argv) {
    const char *path = getenv("PATH");
    if (argc < 2 || !path) return 2;
    char *copy = strdup(path), *dir = strtok(copy, ";");
    int found = 0;
    for (; dir; dir = strtok(NULL, ";")) {
        char file[4096];
        snprintf(file, sizeof file, "%s\\%s.exe", dir, argv[1]);
        if (GetFileAttributesA(file) != INVALID_FILE_ATTRIBUTES) { printf("%s\n", file); found = 1; }
    }
    return found ? 0 : 1;
}
EOF
x86_64-w64-mingw32-gcc -O1 -o "$work/where/where.exe" "$work/where.c"
export WINEDEBUG=-all WINEPREFIX=$work/prefix
wine cmd /c exit > /dev/null 2>&1 # the prefix made before the checks (its messages are not the launcher's)
# Wine sets NUMBER_OF_PROCESSORS from the machine: each count is set in a batch file that then hands over to the launcher
for n in 2 8; do
  printf '@set "NUMBER_OF_PROCESSORS=%s"\r\n@"%%~dp0coroner.cmd" %%*\r\n' "$n" > "$work/app/on$n.cmd"
done
win() { # the Windows form of a path under $work (Wine maps / to Z:)
  printf 'Z:%s' "${1//\//\\}"
}
dir=$(win "$work/app")
failures=0
# check NAME EXPECTED_STATUS EXPECTED_OUTPUT ARGS...: runs the launcher (through on8.cmd: 8 processors; $via: another
# of the batch files) with ARGS under the current environment
check() {
  local name=$1 want_status=$2 want=$3 got status
  shift 3
  # the exit status comes back through `wine cmd /c` as it would through cmd.exe
  set +e
  got=$(wine cmd /c "$dir\\${via:-on8.cmd}" "$@" 2>&1)
  status=$?
  set -e
  got=${got//$'\r'/}
  if [ "$got" != "$want" ] || [ "$status" != "$want_status" ]; then
    echo "FAIL $name" >&2
    echo "  expected (status $want_status): $want" >&2
    echo "  got      (status $status): $got" >&2
    failures=$((failures + 1))
  else
    echo "ok   $name"
  fi
}
jar="[$dir\\coroner.jar]"
export JAVA_HOME
JAVA_HOME=$(win "$work/java")
unset CORONER_JAVA_OPTS
check "verdict: client compiler, serial collector, arguments untouched, status passed back" 3 \
  "[-XX:TieredStopAtLevel=1][-XX:+UseSerialGC][-jar]$jar[verdict][--json][a b.jsonl]" verdict --json "a b.jsonl"
check "--version is a command-line run too" 3 "[-XX:TieredStopAtLevel=1][-XX:+UseSerialGC][-jar]$jar[--version]" --version
check "snapshot: client compiler only" 3 "[-XX:TieredStopAtLevel=1][-jar]$jar[snapshot][--out][x.png]" snapshot --out x.png
check "the window on 8 processors: the JVM's defaults" 3 "[-jar]$jar[open][c]" open c
via=on2.cmd check "the window on 2 processors: client compiler only" 3 "[-XX:TieredStopAtLevel=1][-jar]$jar"
CORONER_JAVA_OPTS="-Xmx1g -XX:+UseG1GC" check "a collector of the user's own replaces the serial one" 3 \
  "[-XX:TieredStopAtLevel=1][-Xmx1g][-XX:+UseG1GC][-jar]$jar[precursor][--grammar][g.toml][p]" precursor --grammar g.toml p
CORONER_JAVA_OPTS='-Dx="a b" -XX:+UseParallelGC' check "a quoted option with a space, then a collector" 3 \
  "[-XX:TieredStopAtLevel=1][-Dx=a b][-XX:+UseParallelGC][-jar]$jar[verdict][p]" verdict p
CORONER_JAVA_OPTS='-Dtitle=(x86) -XX:+UseZGC' check "an option with parentheses, then a collector" 3 \
  "[-XX:TieredStopAtLevel=1][-Dtitle=(x86)][-XX:+UseZGC][-jar]$jar[verdict][p]" verdict p
CORONER_JAVA_OPTS='-Xlog:gc*:file=gc.log -XX:+UseSerialGC' check "an option with * and =, then the serial collector named" 3 \
  "[-XX:TieredStopAtLevel=1][-Xlog:gc*:file=gc.log][-XX:+UseSerialGC][-jar]$jar[verdict][p]" verdict p
CORONER_JAVA_OPTS="-XX:+UseCompressedOops -Dx=y" check "an option that is no collector keeps the serial one" 3 \
  "[-XX:TieredStopAtLevel=1][-XX:+UseSerialGC][-XX:+UseCompressedOops][-Dx=y][-jar]$jar[scripts][p]" scripts p
: > "$work/app/coroner.jsa"
check "the archive beside the jar: its flags first" 3 \
  "[-XX:SharedArchiveFile=$dir\\coroner.jsa][-Xshare:auto][-Xlog:cds=off][-Xlog:cds+dynamic=off][-XX:+UnlockDiagnosticVMOptions][-XX:ArchiveRelocationMode=0][-XX:TieredStopAtLevel=1][-XX:+UseSerialGC][-jar]$jar[verdict][p]" \
  verdict p
rm "$work/app/coroner.jsa"
JAVA_HOME=$(win "$work/nojava") check "JAVA_HOME without java.exe: a message, status 2" 2 \
  "coroner: JAVA_HOME is \"$(win "$work/nojava")\", which has no bin\\java.exe; set it to a Java 17+ or unset it" verdict p
unset JAVA_HOME
WINEPATH="$(win "$work/where");$(win "$work/java/bin")" check "no JAVA_HOME: the java on PATH" 3 \
  "[-XX:TieredStopAtLevel=1][-XX:+UseSerialGC][-jar]$jar[verdict][p]" verdict p
WINEPATH="$(win "$work/where")" check "no JAVA_HOME and no java on PATH: a message, status 2" 2 \
  "coroner: no java on PATH; install Java 17 (or newer) or set JAVA_HOME" verdict p
if [ "$failures" -ne 0 ]; then
  echo "cmd-launcher-test: $failures failed" >&2
  exit 1
fi
echo "cmd-launcher-test: the Windows launcher passed every check"
