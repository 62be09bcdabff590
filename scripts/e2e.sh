#!/usr/bin/env bash
# e2e.sh shows the project's Puzlogic copy (testdata/game) in chromium, the way
# the end-to-end test plays it: a 1920x1080 window at 0,0 with the game area at
# 391,255, served on 127.0.0.1 with the report API, every report printed.
#
#   scripts/e2e.sh                  # on $DISPLAY, or on a new Xvfb when there is none
#   scripts/e2e.sh level=7          # open on a level (any URL query the page takes)
#
# On a new Xvfb it prints the DISPLAY to point puzbot at, for example:
#   DISPLAY=:7 bin/puzbot capture | bin/puzbot recognize | bin/puzbot solve | bin/puzbot replay
# Stop it with Ctrl-C. (The unattended end-to-end test will run from here too.)
set -euo pipefail
cd "$(dirname "$0")/.."

scripts/setup.sh --test
go build -o bin/ ./e2e/cmd/puzbot-game >&2

xvfb_pid=""
game_pid=""
numfile=$(mktemp)
cleanup() {
	# The game server closes its chromium when it ends.
	if [[ -n "$game_pid" ]]; then kill "$game_pid" 2>/dev/null || true; wait "$game_pid" 2>/dev/null || true; fi
	if [[ -n "$xvfb_pid" ]]; then kill "$xvfb_pid" 2>/dev/null || true; fi
	rm -f "$numfile"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

if [[ -z "${DISPLAY:-}" ]]; then
	# -displayfd: Xvfb picks a free display and writes its number when ready.
	Xvfb -displayfd 3 -noreset -nolisten tcp -screen 0 1920x1080x24 3>"$numfile" 2>/dev/null &
	xvfb_pid=$!
	for _ in $(seq 100); do
		[[ -s "$numfile" ]] && break
		sleep 0.1
	done
	if [[ ! -s "$numfile" ]]; then
		echo "e2e: Xvfb did not start" >&2
		exit 1
	fi
	export DISPLAY=":$(cat "$numfile")"
	echo "e2e: Xvfb on DISPLAY=$DISPLAY" >&2
fi

bin/puzbot-game -addr 127.0.0.1:8765 -browser -query "${1:-}" &
game_pid=$!
wait "$game_pid"
