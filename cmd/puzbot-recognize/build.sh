#!/usr/bin/env bash
# build.sh builds puzbot-recognize linked against only the OpenCV libraries
# it calls (core and imgproc) instead of all of them, so that it starts many
# times faster (docs/performance.md): Debian's full OpenCV pulls in hundreds of
# shared libraries (GDAL, GTK, FFmpeg, ...), each loaded at every start.
#
#   cmd/puzbot-recognize/build.sh [OUTDIR]     # default: bin/
#
# How: gocv's "customenv" build tag drops its pkg-config line, the OpenCV
# include path and the two libraries are given by hand, and the linker's
# --gc-sections drops gocv's wrappers that nothing calls, so their modules
# (videoio, highgui, dnn, ...) are not needed. If the lean link fails (a new
# call into another OpenCV module), it falls back to the ordinary build and
# says so.
set -euo pipefail
cd "$(dirname "$0")/../.."
out="${1:-bin}"
mkdir -p "$out"

if ! command -v pkg-config >/dev/null || ! pkg-config --exists opencv4; then
	echo "build.sh: pkg-config cannot find opencv4: run scripts/setup.sh" >&2
	exit 1
fi

if CGO_CPPFLAGS="$(pkg-config --cflags opencv4)" \
	CGO_CFLAGS="-O2 -g -ffunction-sections -fdata-sections" \
	CGO_CXXFLAGS="-O2 -g -ffunction-sections -fdata-sections" \
	CGO_LDFLAGS="-lopencv_imgproc -lopencv_core" \
	go build -tags customenv -ldflags="-extldflags=-Wl,--gc-sections" -o "$out/" ./cmd/puzbot-recognize 2>"$out/.puzbot-recognize-build.log"; then
	rm -f "$out/.puzbot-recognize-build.log"
else
	echo "build.sh: the lean build failed (see $out/.puzbot-recognize-build.log); building with all of OpenCV" >&2
	go build -o "$out/" ./cmd/puzbot-recognize
fi
