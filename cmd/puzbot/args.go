package main

import (
	"slices"
	"strings"

	"github.com/urfave/cli/v2"
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

// isFlag says whether arg looks like a flag: "-x", "--x", "--x=v"; "-" is
// stdin, an argument.
func isFlag(arg string) bool { return len(arg) > 1 && arg[0] == '-' }

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
