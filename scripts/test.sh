#!/usr/bin/env bash
# test.sh installs what the tests need (scripts/setup.sh --test) and runs the
# whole suite: go vet, then go test on every package. Tests that need a display
# start their own Xvfb; the end-to-end test drives Debian's chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh --test
go vet ./...
go test -count=1 -timeout 40m "$@" ./...
