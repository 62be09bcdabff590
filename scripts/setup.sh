#!/usr/bin/env bash
# setup.sh installs the system packages puzbot needs on Debian 12 and builds the
# binaries into ./bin. It installs only what is missing, so it is cheap to re-run.
#
#   scripts/setup.sh            # libraries for building and running puzbot
#   scripts/setup.sh --test     # also Xvfb, xdotool and chromium for the desktop tests,
#                               # zsh, fish, man-db and script for the command-line tests
#   scripts/setup.sh --windows  # also what scripts/build-windows.sh builds with
#   scripts/setup.sh --test --windows
set -euo pipefail

with_test=false with_windows=false
for a in "$@"; do
	case "$a" in
	--test) with_test=true ;;
	--windows) with_windows=true ;;
	*) echo "setup: unknown option $a (use --test, --windows)" >&2; exit 2 ;;
	esac
done

cd "$(dirname "$0")/.."

# Only the vision executable links C libraries. capture and replay speak to
# the X server in Go (jezek/xgb), so they need no X11 development packages.
packages=(
	pkg-config
	libopencv-dev                                   # gocv (OpenCV 4.6 on Debian 12)
	libtesseract-dev libleptonica-dev tesseract-ocr-eng   # gosseract
	cadical  # the SAT solver the tetromino solver runs when it is installed (gini, built in, otherwise)
)
if $with_test; then
	packages+=(xvfb xdotool x11-utils x11-xserver-utils chromium fonts-dejavu-core fonts-liberation)  # x11-xserver-utils: xrandr, xsetroot (capture tests)
	packages+=(zsh fish man-db bsdutils)  # the completion scripts' and man page's tests; bsdutils: script (a terminal for a test)
	packages+=(libxml2-utils)  # xmllint: recognize --check --junit output checked by a real XML tool
	packages+=(clasp)  # a SAT solver independent of cadical and gini: TestCadical checks the tetromino solver's answers with it
	packages+=(z3)  # an independent solver: TestUnsatAgreesWithZ3 checks Puzlogic answers with it
	packages+=(time)  # /usr/bin/time: TestDecodeMemory measures puzbot-recognize's peak memory with it
	packages+=(sgt-puzzles)  # Simon Tatham's Solo (/usr/games/sgt-solo): the sudoku tests' ground truth and screens; the other games: screens with no game
	packages+=(fonts-freefont-ttf fonts-comic-neue)  # faces the style sweep draws digits in (internal/gridstyle), beside DejaVu and Liberation
	packages+=(ksudoku)  # KDE's KSudoku, in real windows (under dbus-run-session): the sudoku vision's tests on another program
	packages+=(xterm x11-apps xinput)  # screens with no game: terminals, xclock, xeyes, xcalc, xlogo; xinput records the presses play must not make
	packages+=(gnome-sudoku dbus-daemon)  # GNOME Sudoku (/usr/games/gnome-sudoku), run under dbus-run-session (dbus-daemon): TestGnomeSudoku reads its windows against its save file
	packages+=(libjpeg-turbo-progs)  # cjpeg: the recognize tests save screenshots as JPEG with libjpeg too, chroma subsampled and not
	packages+=(wine64 gcc-mingw-w64-x86-64-win32)  # puzbot.exe's tests under Wine 8 on Xvfb; mingw builds the stand-in bcryptprimitives.dll Go's Windows programs need there (internal/wine)
fi
if $with_windows; then
	# scripts/build-windows.sh: mingw-w64's POSIX-threads compilers (the
	# win32 ones lack std::mutex, which Tesseract and OpenCV use), CMake,
	# mingw's zlib (OpenCV's core), dpkg-dev (apt-get source unpacks with
	# it), zip; tesseract-ocr-eng's model goes into the zip.
	packages+=(gcc-mingw-w64-x86-64-posix g++-mingw-w64-x86-64-posix libz-mingw-w64-dev cmake make dpkg-dev xz-utils zip tesseract-ocr-eng)
fi

missing=()
for p in "${packages[@]}"; do
	if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
		missing+=("$p")
	fi
done

if ((${#missing[@]})); then
	echo "setup: installing ${missing[*]}" >&2
	sudo=""
	if [[ $(id -u) -ne 0 ]]; then sudo="sudo"; fi
	# Another setup (another checkout's tests) may hold apt's lock: wait
	# for it, up to 15 minutes, rather than fail.
	lock=(-o DPkg::Lock::Timeout=900)
	$sudo apt-get "${lock[@]}" update -qq >&2
	DEBIAN_FRONTEND=noninteractive $sudo apt-get "${lock[@]}" install -y -qq --no-install-recommends "${missing[@]}" >&2
fi

if ! command -v go >/dev/null 2>&1; then
	echo "setup: Go is not installed; install Go 1.26 or newer (see go.mod)" >&2
	exit 1
fi

# Build for this machine's processor, as tdoku builds with -march=native: at
# level v3 (AVX2, BMI1 and BMI2, LZCNT; most x86-64 processors made since 2013)
# the Sudoku solver's bit counting and scanning compile to single instructions,
# which makes it measurably faster (docs/performance.md). The binaries then
# refuse, with a message, to start on an older processor; a GOAMD64 already set
# is kept (GOAMD64=v1 scripts/setup.sh builds binaries for any x86-64 processor).
if [[ -z "${GOAMD64:-}" && $(go env GOARCH) == amd64 ]]; then
	GOAMD64=$(scripts/amd64-level.sh)
	export GOAMD64
fi

mkdir -p bin
# puzbot, static (no cgo, so no dynamic loader and libc to load at every
# start; docs/performance.md). It is the same program as go build ./cmd/puzbot
# or go install ./cmd/puzbot makes.
CGO_ENABLED=0 go build -o bin/ ./cmd/puzbot >&2
# puzbot-recognize, the vision executable, linked against only the OpenCV
# libraries it calls, which makes it start much faster (docs/recognize.md; it
# falls back to the ordinary build, and says so, if that link fails).
cmd/puzbot-recognize/build.sh bin >&2
