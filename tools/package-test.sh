#!/usr/bin/env bash
# Builds the Linux package (mvn -Pnative), installs it with dpkg, checks that the installed `coroner` answers as
# app/target/coroner does, removes it, checks that nothing of it is left, and purges it (docs/PACKAGING.md).
#   tools/package-test.sh [--no-build]     (as root, on Debian or Ubuntu with fakeroot and dpkg-deb)
# --no-build takes the .deb and app/target/coroner an earlier `mvn -B -Pnative -DskipTests package` wrote.
# .ci/run runs it when it can. It refuses to run where a coroner package is installed already: it would remove it.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
fail() { echo "package-test: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || { echo "package-test: needs root (dpkg -i)" >&2; exit 2; }
for tool in dpkg fakeroot dpkg-deb; do
  command -v "$tool" > /dev/null || { echo "package-test: needs $tool" >&2; exit 2; }
done
if dpkg-query -W -f='${Status}' coroner 2> /dev/null | grep -q installed; then
  echo "package-test: a coroner package is installed already; remove it first (dpkg -r coroner)" >&2
  exit 2
fi
if [ "${1-}" != --no-build ]; then
  mvn -B -ntp -q -Pnative -DskipTests package
fi
debs=(app/target/dist/coroner_*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || fail "expected one app/target/dist/coroner_*.deb, found: ${debs[*]}"
deb=${debs[0]}
dev=$root/app/target/coroner
fx=$root/fixtures/src/main/resources/dev/coroner/fixtures
work=$(mktemp -d)
installed=false
cleanup() {
  if [ "$installed" = true ]; then dpkg -P coroner > /dev/null 2>&1 || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

dpkg -i "$deb" > "$work/install.log" 2>&1 || { cat "$work/install.log" >&2; fail "dpkg -i $deb failed"; }
installed=true
[ "$(dpkg-query -W -f='${Status}' coroner)" = "install ok installed" ] || fail "not fully installed: $(dpkg-query -W -f='${Status}' coroner)"
dpkg -L coroner > "$work/files"
command -v coroner > /dev/null || fail "no coroner on the PATH"
app=$(dirname "$(readlink -f "$(command -v coroner)")")
[ -f "$app/coroner.jsa" ] || fail "the install made no class-data-sharing archive ($app/coroner.jsa)"
entry=/usr/share/applications/coroner.desktop
[ -f "$entry" ] || fail "no desktop entry $entry"
exec_line=$(sed -n 's/^Exec=//p' "$entry")
[ -x "${exec_line%% *}" ] || fail "the desktop entry runs '${exec_line%% *}', which is not a program"

# same_as_dev ARGS…: run from /, the installed coroner answers exactly as app/target/coroner does (stdout, stderr,
# exit status); the status goes to $work/status
same_as_dev() {
  local dev_status status
  set +e
  (cd / && "$dev" "$@") > "$work/dev.out" 2> "$work/dev.err"
  dev_status=$?
  (cd / && coroner "$@") > "$work/pkg.out" 2> "$work/pkg.err"
  status=$?
  set -e
  echo "$status" > "$work/status"
  if [ "$status" -ne "$dev_status" ] || ! cmp -s "$work/dev.out" "$work/pkg.out" \
      || ! cmp -s "$work/dev.err" "$work/pkg.err"; then
    echo "package-test: coroner $* differs from app/target/coroner (exit status $status vs $dev_status)" >&2
    diff "$work/dev.out" "$work/pkg.out" | head -20 >&2 || true
    diff "$work/dev.err" "$work/pkg.err" | head -20 >&2 || true
    exit 1
  fi
}
same_as_dev --version
same_as_dev --help
same_as_dev verdict --json "$fx/demo"
[ "$(cat "$work/status")" = 1 ] || fail "coroner verdict --json on the demo: exit status $(cat "$work/status"), not 1"
grep -q '"state":"SYNTHETIC"' "$work/pkg.out" || fail "coroner verdict --json on the demo: no SYNTHETIC row"
for d in "$fx"/*; do
  same_as_dev verdict --json "$d"
done
same_as_dev scripts --json "$fx"

# the archive serves the installed jar (the launcher hands it over; the log shows where each class came from)
CORONER_JAVA_OPTS=-Xlog:class+load=info coroner --version > "$work/cds.log"
grep -q 'dev.coroner.app.cli.CoronerCommand source: shared objects file' "$work/cds.log" \
  || fail "the installed coroner does not use its class-data-sharing archive"

# a picture without a display, and JavaFX's native libraries come from the runtime: none unpacked into ~/.openjfx (as
# app/target/coroner does; the JDK's own font cache ~/.java/fonts is written by both)
mkdir "$work/home"
(unset DISPLAY WAYLAND_DISPLAY; cd / && CORONER_JAVA_OPTS="-Duser.home=$work/home -Dcoroner.data=$work/data" \
  coroner snapshot --size 1280x720 --out "$work/shot.png" "$fx/demo") > "$work/snapshot.log" 2>&1 \
  || { cat "$work/snapshot.log" >&2; fail "coroner snapshot failed"; }
[ "$(head -c 8 "$work/shot.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "coroner snapshot wrote no PNG"
[ ! -e "$work/home/.openjfx" ] || fail "JavaFX unpacked its native libraries into the home folder (~/.openjfx)"

dpkg -r coroner > "$work/remove.log" 2>&1 || { cat "$work/remove.log" >&2; fail "dpkg -r coroner failed"; }
installed=false
if dpkg-query -W -f='${Status}' coroner 2> /dev/null | grep -q installed; then
  fail "still installed after dpkg -r: $(dpkg-query -W -f='${Status}' coroner)"
fi
left=()
while IFS= read -r path; do
  case $path in
    /opt/coroner | /opt/coroner/*) if [ -e "$path" ] || [ -h "$path" ]; then left+=("$path"); fi ;;
  esac
done < "$work/files"
for path in /opt/coroner /usr/bin/coroner "$entry"; do
  if [ -e "$path" ] || [ -h "$path" ]; then left+=("$path"); fi
done
[ ${#left[@]} -eq 0 ] || fail "left after dpkg -r: ${left[*]}"
dpkg -P coroner > "$work/purge.log" 2>&1 || { cat "$work/purge.log" >&2; fail "dpkg -P coroner failed"; }
! dpkg-query -W coroner > /dev/null 2>&1 || fail "dpkg still knows coroner after dpkg -P"
echo "package-test: $(basename "$deb") installed, answered as app/target/coroner, used its archive, drew without" \
  "a display, removed and purged, nothing left ($(wc -l < "$work/files") paths)"
