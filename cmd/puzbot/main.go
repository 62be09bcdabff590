//go:build !lean

package main

import (
	"context"
	"io"
	"os"
	"sort"

	"github.com/urfave/cli/v2"
)

// commands holds the subcommands; each file of this package adds its own
// from an init function. order fixes the order help lists them in.
var commands []*cli.Command

var order = map[string]int{"capture": 1, "recognize": 2, "solve": 3, "replay": 4, "play": 5, "render": 6, "schema": 7, "version": 8, "completion": 9, "man": 10, "help": 11}

func register(c *cli.Command) { commands = append(commands, c) }

func main() {
	// What runs from here (puzbot-recognize, a script) is not handed over.
	os.Unsetenv(handedOverEnv)
	os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
}

// run executes puzbot with the given arguments and streams and returns the
// exit status. Errors are printed as one line on stderr.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := newApp(commandFor(args), stdin, stdout, stderr)
	app.Metadata = map[string]any{argsKey: args}
	return report(app.Run(flagsFirst(app.Commands, args)), stderr)
}

// appWide are the commands that look at the whole app: help and man list
// every command, completion scripts name them, version prints the app's
// version.
var appWide = map[string]bool{"help": true, "man": true, "completion": true, "version": true}

// commandFor returns the command that args run when the app needs no
// other: one named first that looks only at itself (solve, replay, ...).
// urfave/cli then sets up that command alone instead of all of them, and
// "puzbot solve" starts faster (README, "Start-up and whole process").
// Otherwise (no command, a flag first, an unknown name, help, man, ...) it
// returns nil.
func commandFor(args []string) *cli.Command {
	if len(args) < 2 || isFlag(args[1]) {
		return nil
	}
	if c := findCommand(commands, args[1]); c != nil && !appWide[c.Name] {
		return c
	}
	return nil
}

// newApp returns the app that runs the command only, or all commands when
// only is nil; it runs copies of them. With one command, the app has no
// version and no help command: "puzbot --version" and "puzbot help" run
// with all commands.
func newApp(only *cli.Command, stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	list := commands
	if only != nil {
		list = []*cli.Command{only}
	}
	// Each app gets its own copy of the commands: urfave/cli fills in fields
	// such as HelpName as it runs, which must not pile up across runs.
	cmds := make([]*cli.Command, len(list))
	for i, c := range list {
		cp := *c
		cp.OnUsageError = flagError
		if cp.BashComplete == nil {
			cp.BashComplete = completeFlags
		}
		cmds[i] = &cp
	}
	sort.SliceStable(cmds, func(i, j int) bool {
		return rank(cmds[i].Name) < rank(cmds[j].Name)
	})
	version := ""
	if only == nil {
		version = versionString()
	}
	return &cli.App{
		Name:  "puzbot",
		Usage: "play grid puzzle games from the screen",
		Description: "The subcommands form a pipeline, each step a file on disk:\n\n" +
			"   puzbot capture | puzbot recognize | puzbot solve | puzbot replay\n\n" +
			"A command's flags may come before or after its arguments (solve FILE\n" +
			"--count); -- ends them. Completion scripts: puzbot completion bash|zsh|fish;\n" +
			"manual page: puzbot man.\n\n" +
			"Exit status: 0 ok, 1 failure, 2 usage, 3 bad input, 4 no solution,\n" +
			"5 no display, 6 aborted, 7 mismatch, 8 no game on the screenshot,\n" +
			"9 time limit reached, 10 game over, 11 empty pipe on stdin (an earlier\n" +
			"step failed and said why; see README).",
		Version: version,
		// Set when only some commands are there, else urfave/cli adds its own
		// help command.
		HideHelpCommand: version == "",
		Commands:        cmds,
		// Our own help command (help.go) keeps urfave/cli from adding the
		// --help flag, which it adds with its own.
		Flags:     []cli.Flag{cli.HelpFlag},
		Reader:    stdin,
		Writer:    stdout,
		ErrWriter: stderr,
		// Errors are printed once, by run; urfave must not exit by itself.
		ExitErrHandler:       func(*cli.Context, error) {},
		OnUsageError:         flagError,
		Action:               unknownCommand,
		EnableBashCompletion: true,
	}
}

func rank(name string) int {
	if r, ok := order[name]; ok {
		return r
	}
	return len(order) + 1
}

// readInput is readFile for the command c runs.
func readInput(c *cli.Context) ([]byte, string, error) {
	return readFile(c.Command.Name, c.Args().Slice(), c.App.Reader, c.App.ErrWriter)
}

// signalContext returns a context cancelled by any of stopSignals, with the
// signal as its cause (a *stopCause matching context.Canceled). After the
// first signal the default handling comes back, so a second one ends the
// process at once.
func signalContext() (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	release := catchSignals(ctx, cancel)
	return ctx, func() {
		release()
		cancel(nil)
	}
}
