package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"
	"github.com/xrash/smetrics"

	"github.com/puzbot/puzbot/internal/errkind"
)

// completionFlag is the flag the completion scripts add last on the
// command line (urfave/cli's), which must stay last.
const completionFlag = "--generate-bash-completion"

// flagsFirst returns args (the program, then its arguments) with the flags
// of the subcommand moved before its other arguments, each with its value,
// so that "solve FILE --count" is "solve --count FILE": urfave/cli, like
// the flag package, stops reading flags at the first argument that is not
// one. "--" still ends the flags: what follows it stays an argument, after
// the other arguments. Commands that read their own flags
// (SkipFlagParsing) get their arguments as they are.
func flagsFirst(cmds []*cli.Command, args []string) []string {
	i := 1 // puzbot's own flags (--help, --version) take no value
	for i < len(args) && isFlag(args[i]) && args[i] != "--" {
		i++
	}
	if i >= len(args) {
		return args
	}
	cmd := findCommand(cmds, args[i])
	if cmd == nil || cmd.SkipFlagParsing {
		return args
	}
	rest := args[i+1:]
	complete := len(rest) > 0 && rest[len(rest)-1] == completionFlag
	if complete {
		rest = rest[:len(rest)-1]
	}
	if !slices.ContainsFunc(rest, isFlag) {
		return args // nothing to move ("puzbot solve FILE")
	}
	valued := valueFlags(cmd.Flags)
	var flags, operands, after []string
	for j := 0; j < len(rest); j++ {
		a := rest[j]
		switch {
		case a == "--":
			after = rest[j:]
			j = len(rest)
		case isFlag(a) && valued[strings.TrimLeft(a, "-")] && j+1 == len(rest):
			// Its value is missing: the parser is to say so, and not take
			// an argument for it.
			operands, after = nil, []string{a}
		case isFlag(a):
			flags = append(flags, a)
			if valued[strings.TrimLeft(a, "-")] {
				j++
				flags = append(flags, rest[j])
			}
		default:
			operands = append(operands, a)
		}
	}
	out := slices.Concat(args[:i+1], flags)
	if len(after) > 0 && after[0] == "--" {
		out = append(out, "--")
		after = after[1:]
	}
	out = slices.Concat(out, operands, after)
	if complete {
		out = append(out, completionFlag)
	}
	return out
}

// findCommand returns the command named name (or one of its aliases), or nil.
func findCommand(cmds []*cli.Command, name string) *cli.Command {
	for _, c := range cmds {
		if c.HasName(name) {
			return c
		}
	}
	return nil
}

// valueFlags returns the names (and aliases) of the flags that take a value
// in the next argument when not given as --name=value.
func valueFlags(flags []cli.Flag) map[string]bool {
	valued := map[string]bool{}
	for _, f := range flags {
		if d, ok := f.(cli.DocGenerationFlag); ok && d.TakesValue() {
			for _, n := range f.Names() {
				valued[n] = true
			}
		}
	}
	return valued
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

// usageError marks err as a bad flag or argument.
func usageError(err error) error { return errkind.Wrap(errUsage, err) }

// isFlag says whether arg looks like a flag: "-x", "--x", "--x=v"; "-" is
// stdin, an argument.
func isFlag(arg string) bool { return len(arg) > 1 && arg[0] == '-' }
