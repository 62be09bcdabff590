#!/usr/bin/env bash
# e2e.sh runs the end-to-end test: puzbot plays every level of the project's
# Puzlogic copy (testdata/game) in chromium, unattended, from the title screen
# to the end, and the page's own reports say whether all 15 were completed.
#
#   scripts/e2e.sh              # the test, on a private Xvfb: prints "levels solved: N/15"
#   scripts/e2e.sh --watch      # play on your own $DISPLAY, so you can watch the bot
#   scripts/e2e.sh --show [Q]   # only open the copy (URL query Q, e.g. level=7) and print its reports
#   scripts/e2e.sh --help       # this text (also -h); installs, builds and runs nothing
#
# It installs what it needs (scripts/setup.sh --test) and builds bin/.
# --watch and --show use $DISPLAY, or a new Xvfb whose DISPLAY they print: the
# script then runs again under bin/with-xvfb, which starts and stops it as the
# Go tests do (internal/xvfb).
# In --watch, push the mouse into a screen corner or press Ctrl-C to stop.
set -euo pipefail
if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then
	source "${BASH_SOURCE[0]%"${BASH_SOURCE[0]##*/}"}help.sh" # the comment above
	exit 0
fi
self="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
cd "$(dirname "$0")/.."

if [[ -z "${PUZBOT_E2E_XVFB:-}" ]]; then # not yet done by the run that started with-xvfb
	scripts/setup.sh --test
fi
mode="${1:-}"
if [[ "$mode" != "--watch" && "$mode" != "--show" ]]; then
	exec go test -count=1 -v -timeout 30m -run '^TestPlay(BrowserGone)?$' ./e2e/game
fi

go build -o bin/ ./e2e/cmd/puzbot-game ./internal/xvfb/with-xvfb >&2

if [[ -z "${DISPLAY:-}" ]]; then
	PUZBOT_E2E_XVFB=1 exec bin/with-xvfb -name e2e -size 1920x1080 "$self" "$@"
fi

game_pid=""
cleanup() {
	# The game server closes its chromium when it ends.
	if [[ -n "$game_pid" ]]; then kill "$game_pid" 2>/dev/null || true; wait "$game_pid" 2>/dev/null || true; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if [[ "$mode" == "--show" ]]; then
	bin/puzbot-game -addr 127.0.0.1:8765 -browser -query "${2:-}" &
	game_pid=$!
	wait "$game_pid"
	exit
fi

# --watch: the game on the title screen, then the bot once the page reports
# that it shows the title.
reports=$(mktemp)
trap 'cleanup; rm -f "$reports"' EXIT
bin/puzbot-game -addr 127.0.0.1:0 -browser -query screen=title >"$reports" &
game_pid=$!
for _ in $(seq 300); do
	grep -q ' screen title$' "$reports" && break
	kill -0 "$game_pid" 2>/dev/null || { cat "$reports" >&2; exit 1; }
	sleep 0.1
done
if ! grep -q ' screen title$' "$reports"; then
	echo "e2e: the game did not show its title within 30 s" >&2
	exit 1
fi
PATH="$PWD/bin:$PATH" scripts/play.sh
