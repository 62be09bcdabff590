#!/usr/bin/env bash
# play.sh plays Puzlogic on the screen from wherever it is to the end. It is
# "puzbot play" (see puzbot play --help), from PATH or else bin/; every
# argument goes to it, and its exit status is puzbot's.
set -euo pipefail
puzbot=$(command -v puzbot || echo "$(cd "$(dirname "$0")/.." && pwd)/bin/puzbot")
exec "$puzbot" play "$@"
