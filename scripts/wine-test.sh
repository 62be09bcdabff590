#!/usr/bin/env bash
# wine-test.sh runs the tests of puzbot's Windows code as Windows programs,
# under Wine on a private Xvfb: GOOS=windows go test -exec "with-xvfb
# wine-exec", where with-xvfb (internal/xvfb) gives each test binary an X
# server and wine-exec (internal/wine) a wineserver of its own in puzbot's
# Wine prefix. Arguments go to go test;
# without packages, it tests the desktop edge and the vision worker's end
# with puzbot. scripts/setup.sh --test installs Wine; without it, this says
# so and runs nothing.
#
#   scripts/wine-test.sh                       # the Windows packages
#   scripts/wine-test.sh -run Warp ./internal/display
#   scripts/wine-test.sh --vision              # the Windows vision (opt-in)
#
# --vision builds the Windows vision's libraries (scripts/build-windows.sh
# --libs; long the first time, docs/testing.md) and runs e2e/windows's tests
# of puzbot-recognize.exe and puzbot.exe play, which go test ./... skips
# while the libraries are not built.
set -euo pipefail
cd "$(dirname "$0")/.."
if [[ "${1:-}" == "--vision" ]]; then
	scripts/build-windows.sh --libs
	exec go test -count=1 -v -run 'TestVisionLikeLinux|TestPlaySolo' ./e2e/windows
fi
if ! [ -x /usr/lib/wine/wine64 ] && ! command -v wine64 >/dev/null && ! command -v wine >/dev/null; then
	echo "wine-test: wine is not installed (scripts/setup.sh --test installs it): skipped" >&2
	exit 0
fi
bin=$(mktemp -d)
trap 'rm -rf "$bin"' EXIT
env -u GOOS -u GOARCH go build -o "$bin/" ./internal/xvfb/with-xvfb ./internal/wine/wine-exec
args=("$@")
has_pkg=false
for a in "${args[@]}"; do
	case "$a" in ./*) has_pkg=true ;; esac
done
if ! $has_pkg; then
	args+=(./internal/display ./replay ./recognize/worker)
fi
GOOS=windows CGO_ENABLED=0 go test -count=1 -exec "$bin/with-xvfb -size 1280x800 -name wine-exec $bin/wine-exec" "${args[@]}"
if ! $has_pkg; then
	# The desktop edge again on three displays: the primary, one left of it
	# and one above it, at negative coordinates on Windows.
	GOOS=windows CGO_ENABLED=0 go test -count=1 -exec "$bin/with-xvfb -size 1440x900 -monitors 800x600+640+300,640x480+0+300,700x300+700+0 -name wine-exec $bin/wine-exec" "$@" ./internal/display
fi
