#!/bin/sh
# Remakes docs/images/level14.png, the README's picture: the game area of a
# screenshot of the project's copy of Puzlogic (testdata/screens/level14.png)
# beside the board "puzbot render" draws from its puzzle file
# (testdata/screens/level14.json, what recognize reads from that screenshot).
# Run from the repository's root: docs/images/make-hero.sh
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
go run ./cmd/puzbot render -o "$tmp/board.png" testdata/screens/level14.json >/dev/null
# The game area, from the puzzle file's "board": x, y, width, height.
go run docs/images/compose.go testdata/screens/level14.png 391,255,800,600 "$tmp/board.png" 360 docs/images/level14.png
