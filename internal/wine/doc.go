// Package wine runs puzbot's Windows programs under Wine on Linux, for the
// tests of puzbot.exe: Debian's wine64 (Wine 8) in a prefix of puzbot's own
// (~/.cache/puzbot/wine/prefix), made on first use, with a stand-in
// bcryptprimitives.dll in its system32 (dll/bcryptprimitives.c, built with
// mingw): Wine 8 lacks the ProcessPrng that Go's Windows programs call as
// they start.
//
// A run (Start) holds the prefix for itself, starts one wineserver, which
// its programs share (Debian's wine would start one per command, seconds
// each), shows their windows on one X display (a private Xvfb), and ends
// them all in Close. Wine's background processes write to log files: they
// outlive the program that started them, and would hold its output open.
//
// The command wine-exec runs one Windows program so, on the X display
// $DISPLAY names: with with-xvfb (internal/xvfb) for a private Xvfb, it is
// what `GOOS=windows go test -exec` runs the tests with
// (scripts/wine-test.sh).
package wine
