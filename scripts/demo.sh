#!/usr/bin/env bash
# demo.sh installs what puzbot needs, builds it, and runs the main job on a
# screenshot: recognize it, solve the puzzle, and print the mouse moves replay
# would make (a dry run: nothing moves).
#
#   scripts/demo.sh                 # the bundled screenshot of level 7
#   scripts/demo.sh SHOT.png        # your own screenshot
set -euo pipefail
cd "$(dirname "$0")/.."
shot="${1:-testdata/screens/level07.png}"
scripts/setup.sh
echo "== bin/puzbot recognize $shot | bin/puzbot solve | bin/puzbot replay --dry-run" >&2
bin/puzbot recognize "$shot" | bin/puzbot solve | bin/puzbot replay --dry-run
