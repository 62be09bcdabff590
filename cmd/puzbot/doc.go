// Command puzbot plays grid puzzle games from the screen. Its subcommands form
// a pipeline, each step a file on disk:
//
//	puzbot capture | puzbot recognize | puzbot solve | puzbot replay
//
// capture saves a screenshot and prints its path, recognize turns it into a
// puzzle file, solve turns the puzzle file into a moves file, and replay
// performs the moves with the mouse and keyboard. Run "puzbot help COMMAND"
// for each one's flags, which may come before or after its arguments.
// "puzbot version", "puzbot completion SHELL" and "puzbot man" print the
// version, a shell completion script and the manual page.
//
// puzbot is one program, whether built by scripts/setup.sh (without cgo, into
// bin/), go build or go install. It runs every command itself but recognize,
// whose work is done by the vision executable puzbot-recognize
// (cmd/puzbot-recognize), found next to puzbot or on PATH: it links OpenCV
// and Tesseract, whose load time puzbot must not pay on every step of the
// pipeline (docs/architecture.md).
//
// The layout follows the GitHub CLI's: main only calls run with the process's
// arguments and streams; each command is built by a function of its own file
// (solveCommand, ...), and a run builds only the command it runs, so that
// nothing of the desktop (X11, D-Bus, screenshots) is set up for solve
// (docs/performance.md); status.go decides every exit status; and the
// tests run commands through run, in the test process, except those that
// need a process of their own (docs/testing.md).
package main
