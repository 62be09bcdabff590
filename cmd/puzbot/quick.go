//go:build !lean

package main

import (
	"flag"

	"github.com/urfave/cli/v2"
)

// runQuickly runs app's one command, as urfave/cli would, without
// urfave/cli's set-up when args (the program, the command, then the rest)
// give no flag and at most one argument: "puzbot solve", "puzbot solve
// FILE", the pipeline's steps. That saves "puzbot solve" about 0.2 ms of
// its ~2.5 ms of CPU (README, "Start-up and whole process"). Otherwise, or
// for a command that reads its own flags, it returns false and does
// nothing; else true and the command's error.
//
// As urfave/cli would: the command's flags start from their defaults and
// environment variables, a flag set by its variable runs its action (a bad
// duration is a usage error), and the command's action gets a *cli.Context
// with the arguments and the app's streams. "help" and "h" as the argument
// show the command's help in urfave/cli, so they are left to it.
func runQuickly(app *cli.App, args []string) (ran bool, err error) {
	if len(app.Commands) != 1 || len(args) < 2 || !plainArgs(args[2:]) {
		return false, nil
	}
	cmd := app.Commands[0]
	if cmd.SkipFlagParsing || cmd.Action == nil || !cmd.HasName(args[1]) {
		return false, nil
	}
	set := flag.NewFlagSet(cmd.Name, flag.ContinueOnError)
	for _, f := range cmd.Flags {
		if err := f.Apply(set); err != nil {
			return true, usageError(err)
		}
	}
	if err := set.Parse(args[2:]); err != nil {
		return true, usageError(err)
	}
	c := cli.NewContext(app, set, nil)
	c.Command = cmd
	for _, f := range cmd.Flags {
		if af, ok := f.(cli.ActionableFlag); ok && f.IsSet() {
			if err := af.RunAction(c); err != nil {
				return true, err
			}
		}
	}
	return true, cmd.Action(c)
}
