package main

import "github.com/urfave/cli/v2"

// The help command replaces urfave/cli's, which answers an unknown topic
// with "No help topic for ..." and exit 1: here it is the same usage error,
// exit 2, as an unknown command.
func helpCommand() *cli.Command {
	return &cli.Command{
		Name:      "help",
		Aliases:   []string{"h"},
		Usage:     "show the commands, or one command's help",
		ArgsUsage: "[COMMAND]",
		Action: func(c *cli.Context) error {
			name := c.Args().First()
			switch {
			case name == "":
				return cli.ShowAppHelp(c)
			case c.App.Command(name) == nil:
				return unknownCommand(c)
			}
			return cli.ShowCommandHelp(c.Lineage()[1], name)
		},
	}
}
