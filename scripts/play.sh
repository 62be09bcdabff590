#!/usr/bin/env bash
# play.sh plays Puzlogic, a sudoku, Keen, Towers or Unequal on the screen from
# wherever it is to the end. It is "puzbot play" (see puzbot play --help), from PATH or
# else bin/; every argument goes to it, and its exit status is puzbot's.
#
#   scripts/play.sh --help     # this text, then puzbot play's; plays nothing
set -euo pipefail
if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then
	source "${BASH_SOURCE[0]%"${BASH_SOURCE[0]##*/}"}help.sh" # the comment above
	printf '\n'
fi
puzbot=$(command -v puzbot || echo "$(cd "$(dirname "$0")/.." && pwd)/bin/puzbot")
exec "$puzbot" play "$@"
