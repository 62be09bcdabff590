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
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"sort"
	"strings"

	"github.com/urfave/cli/v2"
	"github.com/xrash/smetrics"

	"github.com/puzbot/puzbot/internal/tty"
	"github.com/puzbot/puzbot/puzzle"
)

// commands holds the subcommands; each file of this package adds its own
// from an init function. order fixes the order help lists them in.
var commands []*cli.Command

var order = map[string]int{"capture": 1, "recognize": 2, "solve": 3, "replay": 4, "play": 5, "render": 6, "version": 7, "completion": 8, "man": 9, "help": 10}

func register(c *cli.Command) { commands = append(commands, c) }

func main() {
	os.Exit(run(os.Args, os.Stdin, os.Stdout, os.Stderr))
}

// run executes puzbot with the given arguments and streams and returns the
// exit status. Errors are printed as one line on stderr.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	app := newApp(stdin, stdout, stderr)
	app.Metadata = map[string]any{argsKey: args}
	err := app.Run(flagsFirst(app.Commands, args))
	if err != nil {
		fmt.Fprintf(stderr, "puzbot: %s\n", oneLine(err.Error()))
	}
	return status(err)
}

// maxMessage bounds an error message, in bytes: a message that echoes a
// huge input is cut in the middle, keeping how it ends.
const maxMessage = 240

// oneLine makes msg one line of at most about maxMessage bytes: line breaks
// and other control characters, which input may bring in, become spaces.
func oneLine(msg string) string {
	msg = strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f || r == 0x2028 || r == 0x2029 {
			return ' '
		}
		return r
	}, msg)
	return puzzle.Clip(msg, maxMessage)
}

func newApp(stdin io.Reader, stdout, stderr io.Writer) *cli.App {
	// Each app gets its own copy of the commands: urfave/cli fills in fields
	// such as HelpName as it runs, which must not pile up across runs.
	cmds := make([]*cli.Command, len(commands))
	for i, c := range commands {
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
			"9 time limit reached, 10 game over (see README).",
		Version:  versionString(),
		Commands: cmds,
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
		Suggest:              true,
	}
}

// unknownCommand is what puzbot does without a known command: the help for
// no argument, else a usage error that suggests the nearest command.
func unknownCommand(c *cli.Context) error {
	if !c.Args().Present() {
		return cli.ShowAppHelp(c)
	}
	name := c.Args().First()
	var names []string
	for _, cmd := range c.App.VisibleCommands() {
		names = append(names, cmd.Names()...)
	}
	if near := nearest(names, name); near != "" {
		return usageErrorf("unknown command %q; did you mean %q?", name, near)
	}
	return usageErrorf("unknown command %q (see puzbot --help)", name)
}

// The starts of the flag package's errors for a flag that the command does
// not have, and for a flag whose value is missing.
const (
	undefinedFlag = "flag provided but not defined: -"
	missingValue  = "flag needs an argument: -"
)

// argsKey is where run keeps the arguments, as typed, in the app's
// Metadata: for flagError to name a flag as it was typed, and for
// completeFlags to see the word being completed.
const argsKey = "args"

// flagError makes flag errors usage errors, and keeps urfave/cli from
// printing the help text on stdout, which is often a pipe. A flag that is
// unknown or lacks its value is named as it was typed; for an unknown
// one, with the nearest flag the command has.
func flagError(c *cli.Context, err error, _ bool) error {
	where, flags := "", c.App.VisibleFlags()
	if c.Command != nil && c.Command.Name != "" && c.Command.Name != c.App.Name {
		where, flags = c.Command.Name+": ", c.Command.VisibleFlags()
	}
	if name, ok := strings.CutPrefix(err.Error(), missingValue); ok {
		return usageErrorf("%s%s needs a value (see --help)", where, typedFlag(c, name))
	}
	name, ok := strings.CutPrefix(err.Error(), undefinedFlag)
	if !ok {
		return usageError(err)
	}
	typed := typedFlag(c, name)
	if near := nearest(dashedNames(flags), typed); near != "" {
		return usageErrorf("%sunknown flag %s; did you mean %s?", where, typed, near)
	}
	return usageErrorf("%sunknown flag %s (see --help)", where, typed)
}

// typedFlag returns the flag called name as it was typed: "--name" or
// "-name".
func typedFlag(c *cli.Context, name string) string {
	args, _ := c.App.Metadata[argsKey].([]string)
	if slices.ContainsFunc(args, func(arg string) bool {
		return arg == "--"+name || strings.HasPrefix(arg, "--"+name+"=")
	}) {
		return "--" + name
	}
	return "-" + name
}

// completeFlags answers the completion scripts for a command: its flags
// when the word being completed starts with "-", else nothing, so that the
// shell completes file names (urfave/cli's default would offer "help").
func completeFlags(c *cli.Context) {
	args, _ := c.App.Metadata[argsKey].([]string)
	if len(args) < 2 || !strings.HasPrefix(args[len(args)-2], "-") {
		return
	}
	for _, n := range dashedNames(c.Command.VisibleFlags()) {
		fmt.Fprintln(c.App.Writer, n)
	}
}

// dashedNames returns the names and aliases of flags as they are typed:
// "--count", "-n".
func dashedNames(flags []cli.Flag) []string {
	var names []string
	for _, f := range flags {
		for _, n := range f.Names() {
			names = append(names, strings.Repeat("-", min(2, len(n)))+n)
		}
	}
	return names
}

// nearest returns the name most like typed, by the Jaro-Winkler similarity
// urfave/cli's own suggestions use, or "" when none is near enough (urfave
// always suggests one, however far).
func nearest(names []string, typed string) string {
	const boost, prefix, enough = 0.7, 4, 0.8
	best, score := "", enough
	for _, n := range names {
		if s := smetrics.JaroWinkler(n, typed, boost, prefix); s >= score {
			best, score = n, s
		}
	}
	return best
}

func rank(name string) int {
	if r, ok := order[name]; ok {
		return r
	}
	return len(order) + 1
}

// inputName says what a command reads, for the note that it reads a terminal.
func inputName(command string) string {
	switch command {
	case "solve":
		return "a puzzle file"
	case "replay":
		return "a moves file"
	case "render":
		return "a solution file"
	}
	return "its input"
}

// readInput returns the contents of the file named by the command's first
// argument, or of standard input when it is "-" or absent, and a name for
// messages. It reads at most puzzle.MaxFileSize bytes. Before it reads a
// terminal, it says so on stderr.
func readInput(c *cli.Context) ([]byte, string, error) {
	if c.NArg() > 1 {
		return nil, "", usageErrorf("%s: expected one input file, got %d arguments", c.Command.Name, c.NArg())
	}
	name := c.Args().First()
	if name == "" || name == "-" {
		tty.NoteReading(c.App.Reader, c.App.ErrWriter, "puzbot "+c.Command.Name, inputName(c.Command.Name))
		data, err := puzzle.ReadAll(c.App.Reader)
		if err != nil {
			return nil, "stdin", inputError(fmt.Errorf("stdin: %w", err))
		}
		return data, "stdin", nil
	}
	f, err := os.Open(name)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = fmt.Errorf("%s: %w", name, pe.Err)
		}
		return nil, name, inputError(err)
	}
	defer f.Close()
	data, err := puzzle.ReadAll(f)
	if err != nil {
		return nil, name, inputError(fmt.Errorf("%s: %w", name, err))
	}
	return data, name, nil
}
