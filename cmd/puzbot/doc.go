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
// The lean build (go build -tags lean, as scripts/setup.sh builds bin/puzbot)
// is a front end that runs "puzbot solve" without flags itself and hands
// every other run over to puzbot-desktop, the full build (lean.go).
package main
