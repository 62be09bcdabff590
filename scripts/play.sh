#!/usr/bin/env bash
# play.sh plays Puzlogic unattended on the screen, from wherever the game is
# (title, level map, a level, the completed overlay) to the end:
#
#   capture -> recognize -> solve -> replay, again and again
#
# solve turns the title, the level map and the completed overlay into the
# clicks and keys that lead to the next level, so nobody needs to touch
# anything. It stops when the level map shows every level done (solve exits
# 10), and prints one line per level played.
#
#   scripts/play.sh                 # puzbot from PATH, or else bin/
#   PUZBOT_PLAY_DIR=dir scripts/play.sh   # keep each step's files in dir
#
# Any other failure stops the loop with that step's exit status (see the
# README); the last screenshot, puzzle and moves files are kept for a look.
# To stop it by hand, push the mouse into a screen corner (replay's fail-safe)
# or press Ctrl-C.
#
# The same loop as a one-liner, with no progress lines (solve's exit 10 makes
# replay fail on empty input, which ends it):
#   while :; do puzbot capture | puzbot recognize | puzbot solve | puzbot replay || break; done
set -uo pipefail

puzbot=$(command -v puzbot || true)
if [[ -z "$puzbot" ]]; then
	puzbot="$(cd "$(dirname "$0")/.." && pwd)/bin/puzbot"
fi
if [[ ! -x "$puzbot" ]]; then
	echo "play: puzbot not found on PATH nor in bin/: run scripts/setup.sh" >&2
	exit 1
fi

dir="${PUZBOT_PLAY_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/puzbot-play.XXXXXX")}"
mkdir -p "$dir"
shot="$dir/shot.png" puzzle="$dir/puzzle.json" moves="$dir/moves.json"

# Screens change with a short animation; a screenshot taken in between can
# fail to recognize. Such a step is retried a few times before giving up.
retries=10
failures=0
levels=0
# now prints the time in milliseconds; seconds formats a span of them.
now() { local t=${EPOCHREALTIME/./}; echo $((t / 1000)); }
seconds() { printf '%d.%d' $(($1 / 1000)) $(($1 % 1000 / 100)); }
start=$(now)
level_start=$start

while :; do
	"$puzbot" capture --force -o "$shot" >/dev/null || exit $?
	if ! "$puzbot" recognize "$shot" >"$puzzle" 2>"$dir/recognize.err"; then
		status=$?
		failures=$((failures + 1))
		if ((failures > retries)); then
			cat "$dir/recognize.err" >&2
			echo "play: recognize failed $failures times in a row; files kept in $dir" >&2
			exit $status
		fi
		sleep 0.3
		continue
	fi
	failures=0
	screen=$(sed -n 's/^  "screen": "\(.*\)",\{0,1\}$/\1/p' "$puzzle")
	level=$(sed -n 's/^  "level": \([0-9]*\),\{0,1\}$/\1/p' "$puzzle")

	"$puzbot" solve "$puzzle" >"$moves" 2>"$dir/solve.err"
	status=$?
	if ((status == 10)); then
		echo "play: game over: every level is done; $levels levels played in $(seconds $(($(now) - start))) s"
		exit 0
	elif ((status != 0)); then
		cat "$dir/solve.err" >&2
		echo "play: solve failed on screen ${screen:-?}; files kept in $dir" >&2
		exit $status
	fi
	drags=$(grep -c '"action": "drag"' "$moves")

	"$puzbot" replay "$moves" || exit $?

	if [[ "$screen" == level && "$drags" -gt 0 ]]; then
		t=$(now)
		levels=$((levels + 1))
		printf 'play: level %02d: %d drags, %s s\n' "$((10#${level:-0}))" "$drags" "$(seconds $((t - level_start)))"
		level_start=$t
	elif [[ "$screen" == completed || "$screen" == levels ]]; then
		level_start=$(now)
	fi
	# Let the game draw the screen the moves led to.
	sleep 0.2
done
