#!/usr/bin/env bash
# amd64-level.sh prints the highest x86-64 level, v3, v2 or v1, that this
# processor has, as glibc's loader reports it (glibc 2.33 or newer; v1 when it
# cannot tell). scripts/setup.sh builds with GOAMD64 set to it.
set -euo pipefail
loader=/lib64/ld-linux-x86-64.so.2
# The loader's help is read whole before it is searched: with pipefail, a
# grep -q that stops at the first match can end the loader by SIGPIPE, and
# the pipeline then fails as if the level were missing (on a loaded machine).
help=""
if [[ -x $loader ]]; then
	help=$("$loader" --help 2>/dev/null || true)
fi
for level in v3 v2; do
	if grep -q "x86-64-$level (supported" <<<"$help"; then
		echo "$level"
		exit 0
	fi
done
echo v1
