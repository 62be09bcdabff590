package main

import (
	"context"
	"io"
	"os"

	"github.com/urfave/cli/v2"
)

// commands are puzbot's commands, in the order help lists them, each with
// the function that builds it. A run builds only the commands it needs
// (commandFor): "puzbot solve", run once per step of a pipeline, sets up
// nothing of the others (docs/performance.md). Unlike commands registered
// by init functions, an array of names and functions costs the start of
// the process nothing.
var commands = [...]struct {
	name  string
	build func() *cli.Command
}{
	{"capture", captureCommand}, {"recognize", recognizeCommand}, {"solve", solveCommand},
	{"replay", replayCommand}, {"play", playCommand}, {"render", renderCommand},
	{"schema", schemaCommand}, {"version", versionCommand}, {"completion", completionCommand},
	{"man", manCommand}, {"help", helpCommand},
}

func main() {
	os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
}

// run executes puzbot with the given arguments and streams and returns the
// exit status. Errors are printed as one line on stderr.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := newApp(commandFor(args), stdin, stdout, stderr)
	app.Metadata = map[string]any{argsKey: args}
	return report(app.Run(flagsFirst(app.Commands, args)), stderr)
}

// appWide says whether the command name looks at the whole app: help and
// man list every command, completion scripts name them, version prints the
// app's version.
func appWide(name string) bool {
	switch name {
	case "help", "man", "completion", "version":
		return true
	}
	return false
}

// commandFor returns the command that args run when the app needs no
// other: one named first that looks only at itself (solve, replay, ...).
// Only that command is then built, and urfave/cli sets up that one alone
// instead of all of them, which keeps the start of "puzbot solve" cheap
// (docs/performance.md). Otherwise (no command, a flag first, an unknown
// name or an alias, help, man, ...) it returns nil.
func commandFor(args []string) *cli.Command {
	if len(args) < 2 || isFlag(args[1]) || appWide(args[1]) {
		return nil
	}
	for _, c := range commands {
		if c.name == args[1] {
			return c.build()
		}
	}
	return nil
}

// allCommands builds every command, in the order help lists them.
func allCommands() []*cli.Command {
	list := make([]*cli.Command, len(commands))
	for i, c := range commands {
		list[i] = c.build()
	}
	return list
}

// newApp returns the app that runs the command only, or all commands when
// only is nil. With one command, the app has no version and no help
// command: "puzbot --version" and "puzbot help" run with all commands.
// Each app has commands of its own, built for it: urfave/cli fills in
// fields such as HelpName as it runs, which must not pile up across runs
// in one process (the tests').
func newApp(only *cli.Command, stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	cmds := []*cli.Command{only}
	if only == nil {
		cmds = allCommands()
	}
	for _, c := range cmds {
		c.OnUsageError = flagError
		if c.BashComplete == nil {
			c.BashComplete = completeFlags
		}
	}
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
