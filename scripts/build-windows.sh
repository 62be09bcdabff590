#!/usr/bin/env bash
# build-windows.sh cross-builds puzbot for 64-bit Windows on Debian 12 and
# packs it: dist/puzbot-windows-amd64.zip holds puzbot.exe, the vision
# executable puzbot-recognize.exe (OpenCV and Tesseract, linked statically:
# no DLLs), Tesseract's English model in tessdata/, and a README.txt.
#
#   scripts/build-windows.sh                  # what is missing, then the zip
#   scripts/build-windows.sh --libs           # only the libraries (the slow part)
#   scripts/build-windows.sh --programs DIR   # only the programs' folder, in DIR,
#                                             # from libraries built before
#   scripts/build-windows.sh --solo DIR       # Simon Tatham's Solo, DIR/solo.exe
#   scripts/build-windows.sh --help           # this text (also -h); builds nothing
#
# With --programs or --solo it installs nothing: it exits 3, saying so, when
# the compilers or apt's source packages are missing, and with --programs
# when the libraries are not built (the Windows vision tests skip then).
# solo.exe (for the tests that play it) takes seconds. Other exit statuses:
# 1 a step failed (it names its log), 2 bad arguments.
#
# The libraries are built with mingw-w64 (its POSIX-threads compilers: the
# win32 ones have no std::mutex, which Tesseract and OpenCV use) from
# Debian's own sources (apt-get source; the script adds a deb-src entry for
# bookworm when apt has none): Leptonica, Tesseract and OpenCV's core and
# imgproc, the two modules puzbot-recognize calls (as
# cmd/puzbot-recognize/build.sh links on Linux), as static libraries. Each is
# kept in ~/.cache/puzbot/windows-build/<package>-<version>-<recipe>/, so a
# second run only builds the Go programs (seconds); the first is long
# (docs/testing.md has the times). Build logs are in
# ~/.cache/puzbot/windows-build/logs/.
set -euo pipefail
if [[ "${1:-}" == "-h" || "${1:-}" == "--help" ]]; then
	source "${BASH_SOURCE[0]%"${BASH_SOURCE[0]##*/}"}help.sh" # the comment above
	exit 0
fi
cd "$(dirname "$0")/.."
root=$(pwd)
cache="${XDG_CACHE_HOME:-$HOME/.cache}/puzbot/windows-build"
jobs="${PUZBOT_JOBS:-$(nproc)}"
host=x86_64-w64-mingw32
cc=$host-gcc-posix
cxx=$host-g++-posix
# mingw's gcc aligns the stack to 16 bytes, and AVX code (Tesseract's
# SIMD kernels, OpenCV's AVX2 dispatch) that spills 32-byte vectors with
# aligned moves then faults on Windows (GCC bug 54412): the assembler's
# -muse-unaligned-vector-move makes those moves unaligned ones.
simd_fix="-Wa,-muse-unaligned-vector-move"
start=$SECONDS

say() { printf 'build-windows: [%4ds] %s\n' "$((SECONDS - start))" "$*" >&2; }
die() { printf 'build-windows: %s\n' "$*" >&2; exit 1; }
usage() { printf 'build-windows: %s (usage: scripts/build-windows.sh [--libs | --programs DIR | --solo DIR])\n' "$*" >&2; exit 2; }

mode=all
case "${1:-}" in
"") ;;
--libs) mode=libs ;;
--programs)
	mode=programs
	[ -n "${2:-}" ] || usage "--programs needs a folder"
	out_dir=$(mkdir -p "$2" && cd "$2" && pwd)
	;;
--solo)
	mode=solo
	[ -n "${2:-}" ] || usage "--solo needs a folder"
	out_dir=$(mkdir -p "$2" && cd "$2" && pwd)
	;;
*) usage "unknown argument $1" ;;
esac

# missing says that something the programs need is not built or installed
# and, with --programs or --solo, exits 3; otherwise it returns so that it
# is built.
missing() {
	if [[ $mode == programs || $mode == solo ]]; then
		printf 'build-windows: %s: run scripts/build-windows.sh (the first run builds the libraries: see docs/testing.md)\n' "$*" >&2
		exit 3
	fi
}

# install_tools installs the cross compilers and build tools
# (scripts/setup.sh --windows).
install_tools() {
	if ! command -v "$cxx" >/dev/null || ! command -v cmake >/dev/null ||
		! [ -f "/usr/$host/lib/libz.a" ] || ! command -v zip >/dev/null ||
		! [ -f /usr/share/tesseract-ocr/5/tessdata/eng.traineddata ]; then
		missing "the cross compilers or tools are not installed"
		say "installing the build tools (scripts/setup.sh --windows)"
		scripts/setup.sh --windows >/dev/null
	fi
}

# ensure_deb_src adds Debian bookworm's source packages to apt's sources
# when apt has none, so that apt-get source works.
ensure_deb_src() {
	if apt-get source --print-uris -qq tesseract >/dev/null 2>&1; then
		return
	fi
	missing "apt has no source packages"
	local f=/etc/apt/sources.list.d/puzbot-deb-src.sources
	say "adding Debian's source packages to apt ($f)"
	local sudo=""
	if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
	printf '%s\n' "Types: deb-src" "URIs: http://deb.debian.org/debian" \
		"Suites: bookworm" "Components: main" \
		"Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg" | $sudo tee "$f" >/dev/null
	$sudo apt-get -o DPkg::Lock::Timeout=900 update -qq >&2
}

# src_version prints the version of the source package apt would fetch.
src_version() {
	apt-get source --print-uris -qq "$1" | sed -n "s/.* $1_\(.*\)\.dsc .*/\1/p" | head -n1
}

# fetch_source prints the folder of package $1's unpacked source, version
# $2, fetching it first when it is not in the cache.
fetch_source() {
	local dir="$cache/src/$1_$2"
	if ! [ -f "$dir/.done" ]; then
		say "fetching the source of $1 $2"
		rm -rf "$dir"
		mkdir -p "$dir"
		(cd "$dir" && apt-get source -qq "$1" >/dev/null 2>"$dir/fetch.log") ||
			die "apt-get source $1 failed (see $dir/fetch.log)"
		touch "$dir/.done"
	fi
	find "$dir" -mindepth 1 -maxdepth 1 -type d | head -n1
}

# toolchain writes the CMake toolchain file for mingw-w64 and prints its
# path.
toolchain() {
	local f="$cache/mingw-toolchain.cmake"
	cat >"$f.tmp" <<EOF
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(CMAKE_C_COMPILER $cc)
set(CMAKE_CXX_COMPILER $cxx)
set(CMAKE_RC_COMPILER $host-windres)
set(CMAKE_FIND_ROOT_PATH /usr/$host \${CMAKE_PREFIX_PATH})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
EOF
	mv "$f.tmp" "$f"
	echo "$f"
}

# recipe prints a short hash of a build's arguments, so that a change of
# them builds anew in a folder of its own.
recipe() {
	printf '%s\n' "$@" | sha256sum | cut -c1-8
}

# cmake_configure configures the CMake project in source folder $2 for
# mingw-w64 in build folder $3 with toolchain file $4, logging to
# logs/$1.log; the rest are CMake's arguments.
cmake_configure() {
	local name=$1 srcdir=$2 build=$3 toolchain_file=$4
	shift 4
	local log="$cache/logs/$name.log"
	mkdir -p "$cache/logs"
	# A build folder left by a failed build is reused: what did compile
	# is not compiled again.
	rm -f "$build/CMakeCache.txt"
	say "configuring $name (log: $log)"
	# pkg-config would offer this machine's Linux libraries (libtiff...):
	# it gets an empty folder.
	mkdir -p "$cache/no-pkgconfig"
	PKG_CONFIG_LIBDIR="$cache/no-pkgconfig" PKG_CONFIG_PATH="" cmake -S "$srcdir" -B "$build" \
		-DCMAKE_TOOLCHAIN_FILE="$toolchain_file" -DCMAKE_BUILD_TYPE=Release "$@" >"$log" 2>&1 ||
		die "configuring $name failed: see $log"
}

# cmake_compile builds what build folder $2 configures, or its target $3,
# printing the percentage as it goes.
cmake_compile() {
	local name=$1 build=$2 log="$cache/logs/$1.log"
	local target=()
	if [ -n "${3:-}" ]; then target=(--target "$3"); fi
	say "building $name with $jobs jobs"
	if ! cmake --build "$build" --parallel "$jobs" "${target[@]}" 2>&1 | tee -a "$log" | progress "$name"; then
		die "building $name failed: see $log"
	fi
}

# progress says, every 5%, how far the build of $1 is, from the make lines
# on stdin ("[ 42%] Building ...").
progress() {
	local last=-5 line p
	while IFS= read -r line; do
		if [[ $line =~ ^\[\ *([0-9]+)%\] ]]; then
			p=${BASH_REMATCH[1]}
			if ((p >= last + 5 || (p == 100 && last != 100))); then
				last=$p
				say "$1 $p%"
			fi
		fi
	done
}

# cmake_build configures, builds and installs the CMake project in source
# folder $2 as static libraries into prefix $3; the rest are CMake's
# arguments.
cmake_build() {
	local name=$1 srcdir=$2 prefix=$3
	shift 3
	local build="$cache/build/$name"
	rm -rf "$prefix"
	cmake_configure "$name" "$srcdir" "$build" "$(toolchain)" -DCMAKE_INSTALL_PREFIX="$prefix" -DBUILD_SHARED_LIBS=OFF "$@"
	cmake_compile "$name" "$build"
	cmake --install "$build" >>"$cache/logs/$name.log" 2>&1 || die "installing $name failed: see $cache/logs/$name.log"
	rm -rf "$build"
	touch "$prefix/.done"
	say "$name built into $prefix"
}

# build_lib sets built to the prefix of library $1, built from Debian's
# source package $2 (the version apt has) with the CMake arguments that
# follow, and builds it there unless it was built before.
build_lib() {
	local name=$1 pkg=$2 v
	shift 2
	v=$(src_version "$pkg")
	built="$cache/$name-$v-$(recipe "$@")"
	if ! [ -f "$built/.done" ]; then
		missing "$name $v is not built"
		cmake_build "$name" "$(fetch_source "$pkg" "$v")" "$built" "$@"
		# Builds of other versions or recipes are of no more use, nor is
		# the source (hundreds of MB for OpenCV): a new recipe fetches it
		# again.
		find "$cache" -mindepth 1 -maxdepth 1 -name "$name-*" ! -path "$built" -exec rm -rf {} +
		rm -rf "$cache/src/${pkg}_$v"
	fi
}

# build_leptonica builds Leptonica. Tesseract gets its images from puzbot
# as PGM, which Leptonica reads by itself: no image libraries. Its messages
# below errors are left out (MINIMUM_SEVERITY=5, L_SEVERITY_ERROR): on
# Windows it reads an image in memory through a temporary file, and
# Tesseract asks it for PNG, which it writes as BMP without libpng, and it
# says so each time, on the vision's stderr.
build_leptonica() {
	local args=(-DSW_BUILD=OFF -DBUILD_PROG=OFF
		-DCMAKE_DISABLE_FIND_PACKAGE_GIF=ON -DCMAKE_DISABLE_FIND_PACKAGE_JPEG=ON
		-DCMAKE_DISABLE_FIND_PACKAGE_PNG=ON -DCMAKE_DISABLE_FIND_PACKAGE_TIFF=ON
		-DCMAKE_DISABLE_FIND_PACKAGE_ZLIB=ON -DCMAKE_DISABLE_FIND_PACKAGE_PkgConfig=ON
		"-DCMAKE_C_FLAGS=-ffunction-sections -fdata-sections -DMINIMUM_SEVERITY=5")
	build_lib leptonica leptonlib "${args[@]}"
	lept=$built
	# gosseract links -lleptonica; on Windows CMake names it by version.
	ln -sf "$(basename "$(find "$lept/lib" -name 'libleptonica-*.a' | head -n1)")" "$lept/lib/libleptonica.a"
}

# build_tesseract builds Tesseract with its legacy engine (as Debian's),
# without its training tools, OpenMP, libcurl, libarchive or libtiff.
build_tesseract() {
	local args=(-DSW_BUILD=OFF -DBUILD_TRAINING_TOOLS=OFF -DBUILD_TESTS=OFF
		-DOPENMP_BUILD=OFF -DGRAPHICS_DISABLED=ON -DDISABLE_ARCHIVE=ON -DDISABLE_CURL=ON
		-DCMAKE_DISABLE_FIND_PACKAGE_TIFF=ON -DCMAKE_DISABLE_FIND_PACKAGE_PkgConfig=ON -DENABLE_LTO=OFF
		# -march=native would tune Tesseract to this machine's processor.
		-DCOMPILER_SUPPORTS_MARCH_NATIVE=OFF
		# Its debug images' captions would need Leptonica's fonts, which
		# are stored as TIFF: without libtiff, every Tesseract that
		# starts says it cannot make them.
		"-DCMAKE_CXX_FLAGS=-ffunction-sections -fdata-sections $simd_fix -DTESSERACT_DISABLE_DEBUG_FONTS"
		"-DCMAKE_PREFIX_PATH=$lept" "-DLeptonica_DIR=$lept/lib/cmake/leptonica")
	# Tesseract's program links "Ws2_32", which is libws2_32.a on a
	# case-sensitive file system.
	mkdir -p "$cache/mingw-case"
	ln -sf "/usr/$host/lib/libws2_32.a" "$cache/mingw-case/libWs2_32.a"
	args+=("-DCMAKE_EXE_LINKER_FLAGS=-L$cache/mingw-case")
	build_lib tesseract tesseract "${args[@]}"
	tess=$built
	ln -sf "$(basename "$(find "$tess/lib" -name 'libtesseract[0-9]*.a' | head -n1)")" "$tess/lib/libtesseract.a"
}

# build_opencv builds OpenCV's core and imgproc, with mingw's zlib, baseline
# SSE3 and AVX2 chosen at run time where OpenCV has it, and nothing else:
# no tests, apps, docs, IPP, OpenCL or parallel framework but its own.
build_opencv() {
	local args=(-DBUILD_LIST=core,imgproc
		-DBUILD_TESTS=OFF -DBUILD_PERF_TESTS=OFF -DBUILD_EXAMPLES=OFF -DBUILD_DOCS=OFF
		-DBUILD_opencv_apps=OFF -DBUILD_JAVA=OFF -DBUILD_opencv_python2=OFF -DBUILD_opencv_python3=OFF
		-DWITH_IPP=OFF -DWITH_ITT=OFF -DWITH_OPENCL=OFF -DWITH_EIGEN=OFF -DWITH_LAPACK=OFF
		-DWITH_PROTOBUF=OFF -DWITH_ADE=OFF -DWITH_OPENMP=OFF -DWITH_TBB=OFF -DWITH_CUDA=OFF
		-DWITH_VA=OFF -DWITH_VA_INTEL=OFF -DWITH_QUIRC=OFF
		# Debian's source has no 3rdparty folder, whose image and video
		# libraries OpenCV builds on Windows by default; the modules that
		# use them are not built.
		-DWITH_JPEG=OFF -DWITH_TIFF=OFF -DWITH_WEBP=OFF -DWITH_OPENJPEG=OFF -DWITH_JASPER=OFF
		-DWITH_PNG=OFF -DWITH_OPENEXR=OFF -DWITH_FFMPEG=OFF -DWITH_GSTREAMER=OFF -DWITH_DSHOW=OFF
		-DWITH_MSMF=OFF -DWITH_WIN32UI=OFF -DWITH_DIRECTX=OFF -DWITH_GTK=OFF
		-DBUILD_ZLIB=OFF "-DZLIB_LIBRARY=/usr/$host/lib/libz.a" "-DZLIB_INCLUDE_DIR=/usr/$host/include"
		-DCPU_BASELINE=SSE3 -DCPU_DISPATCH=AVX2
		-DENABLE_PRECOMPILED_HEADERS=OFF -DOPENCV_GENERATE_PKGCONFIG=OFF
		-DOPENCV_LIB_INSTALL_PATH=lib -DOPENCV_3P_LIB_INSTALL_PATH=lib -DOPENCV_CONFIG_INSTALL_PATH=lib/cmake/opencv4
		"-DCMAKE_C_FLAGS=-ffunction-sections -fdata-sections $simd_fix"
		"-DCMAKE_CXX_FLAGS=-ffunction-sections -fdata-sections $simd_fix")
	build_lib opencv opencv "${args[@]}"
	ocv=$built
}

# build_solo builds solo.exe, Simon Tatham's Solo for Windows, from
# Debian's sgt-puzzles (whose CMake has a Windows platform), for the tests
# that play it under Wine; it is not part of the zip. It needs only
# Windows' own DLLs.
build_solo() {
	local v
	v=$(src_version sgt-puzzles)
	solo="$cache/sgt-puzzles-$v"
	if ! [ -f "$solo/.done" ]; then
		local build="$cache/build/sgt-puzzles" srcdir
		srcdir=$(fetch_source sgt-puzzles "$v")
		rm -rf "$solo"
		# Tatham's own toolchain file for mingw-w64, which also sets
		# the definitions his Windows resources need.
		cmake_configure sgt-puzzles "$srcdir" "$build" "$srcdir/cmake/toolchain-mingw.cmake"
		cmake_compile sgt-puzzles "$build" solo
		mkdir -p "$solo"
		cp "$build/solo.exe" "$solo/"
		rm -rf "$build" "$cache/src/sgt-puzzles_$v"
		touch "$solo/.done"
		say "solo.exe built into $solo"
	fi
}

# trim_gocv writes a copy of gocv with only its core and imgproc bindings
# (the modules built above, and all puzbot-recognize calls) and a go.work
# that builds puzbot with it; it prints the go.work's path. On Linux,
# build.sh links all of gocv's bindings and the linker's --gc-sections drops
# those of the modules it lacks; mingw's linker reports their undefined
# references before it collects sections, so here they are left out.
# imgproc's FindHomography calls calib3d: it goes too. The copy is made
# once for each version of gocv and of this function; the go.work is this
# checkout's.
trim_gocv() {
	local dir version
	dir=$(go list -m -f '{{.Dir}}' gocv.io/x/gocv)
	version=$(go list -m -f '{{.Version}}' gocv.io/x/gocv)
	local trimmed
	trimmed="$cache/gocv-$version-core-imgproc-$(recipe "$(declare -f trim_gocv)")"
	if ! [ -f "$trimmed/.done" ]; then
		local tmp f b
		tmp=$(mktemp -d "$cache/gocv.XXXXXX")
		for f in "$dir"/*; do
			b=$(basename "$f")
			case "$b" in
			*_test.go) continue ;;
			core* | imgproc* | mat_* | svd* | version* | gocv.go | cgo*.go | go.mod | go.sum | LICENSE.txt) cp "$f" "$tmp/" ;;
			esac
		done
		chmod -R u+w "$tmp"
		perl -0pi -e 's/\n(\/\/[^\n]*\n)*func FindHomography\(.*?\n}\n/\n/s' "$tmp/imgproc.go"
		perl -0pi -e 's/\nMat FindHomography\(.*?\n}\n/\n/s' "$tmp/imgproc.cpp"
		if grep -q FindHomography "$tmp/imgproc.go" "$tmp/imgproc.cpp"; then
			rm -rf "$tmp"
			die "could not take FindHomography out of gocv $version's imgproc"
		fi
		touch "$tmp/.done"
		# Another run may have made it meanwhile: then its copy stays.
		mv -T "$tmp" "$trimmed" 2>/dev/null || rm -rf "$tmp"
	fi
	local gover work
	gover=$(go mod edit -json | sed -n 's/^\t"Go": "\(.*\)",$/\1/p')
	work="$cache/go-$(recipe "$root").work"
	printf 'go %s\n\nuse %s\n\nreplace gocv.io/x/gocv %s => %s\n' "$gover" "$root" "$version" "$trimmed" >"$work.$$"
	mv "$work.$$" "$work"
	echo "$work"
}

# build_go builds puzbot.exe and puzbot-recognize.exe into $1.
build_go() {
	local out=$1 work
	work=$(trim_gocv)
	say "building puzbot.exe"
	CGO_ENABLED=0 GOOS=windows GOARCH=amd64 go build -trimpath -o "$out/puzbot.exe" ./cmd/puzbot
	say "building puzbot-recognize.exe"
	local ocv_lib
	ocv_lib=$(dirname "$(find "$ocv" -name 'libopencv_core*.a' | head -n1)")
	local core imgproc ocv_include
	ocv_include=$(dirname "$(dirname "$(find "$ocv/include" -path '*/opencv2/core.hpp' | head -n1)")")
	core=$(basename "$(find "$ocv_lib" -name 'libopencv_core*.a' | head -n1)" .a)
	imgproc=$(basename "$(find "$ocv_lib" -name 'libopencv_imgproc*.a' | head -n1)" .a)
	# Static: the C++ runtime, winpthreads and the libraries are in the
	# executable, which then needs only Windows' own DLLs.
	GOWORK="$work" CGO_ENABLED=1 GOOS=windows GOARCH=amd64 CC="$cc" CXX="$cxx" \
		CGO_CPPFLAGS="-I$ocv_include -I$tess/include -I$lept/include" \
		CGO_CFLAGS="-O2 -ffunction-sections -fdata-sections" \
		CGO_CXXFLAGS="-O2 -ffunction-sections -fdata-sections $simd_fix" \
		CGO_LDFLAGS="-L$ocv_lib -L$tess/lib -L$lept/lib" \
		go build -tags customenv -trimpath \
		-ldflags="-s -w -extldflags '-static -s -Wl,--gc-sections -Wl,--start-group -l${imgproc#lib} -l${core#lib} -ltesseract -lleptonica -lz -Wl,--end-group -lws2_32'" \
		-o "$out/puzbot-recognize.exe" ./cmd/puzbot-recognize
}

# programs puts the programs' folder in $1: the two executables,
# Tesseract's English model in tessdata/, where Tesseract looks beside its
# executable on Windows, and README.txt.
programs() {
	local dir=$1
	mkdir -p "$dir/tessdata"
	build_go "$dir"
	cp /usr/share/tesseract-ocr/5/tessdata/eng.traineddata "$dir/tessdata/"
	sed 's/$/\r/' scripts/windows-readme.txt >"$dir/README.txt"
}

# package makes dist/puzbot-windows-amd64.zip.
package() {
	local stage="$cache/stage/puzbot"
	rm -rf "$cache/stage"
	programs "$stage"
	mkdir -p dist
	rm -f dist/puzbot-windows-amd64.zip
	(cd "$cache/stage" && zip -q -r -9 "$root/dist/puzbot-windows-amd64.zip" puzbot)
	say "made dist/puzbot-windows-amd64.zip ($(du -h dist/puzbot-windows-amd64.zip | cut -f1))"
}

install_tools
ensure_deb_src
mkdir -p "$cache"
if [[ $mode == solo ]]; then
	build_solo
	cp "$solo/solo.exe" "$out_dir/"
	exit 0
fi
build_leptonica
build_tesseract
build_opencv
case $mode in
libs) say "libraries ready" ;;
programs) programs "$out_dir" ;;
all)
	build_solo
	package
	;;
esac
