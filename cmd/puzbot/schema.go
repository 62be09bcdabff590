package main

import (
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/puzbot/puzbot/puzzle"
)

func schemaCommand() *cli.Command {
	return &cli.Command{
		Name:      "schema",
		Usage:     "print the JSON Schema of the puzzle file or the moves file",
		ArgsUsage: "puzzle|moves",
		Description: "Prints a JSON Schema (draft 2020-12) on stdout: \"puzzle\" for the\n" +
			"Puzlogic puzzle file (what recognize writes and solve reads), \"moves\"\n" +
			"for the moves file (what solve writes and replay reads). The same files\n" +
			"are in the repository as puzzle/schema/NAME.schema.json. A puzzle or\n" +
			"moves file may name its schema in a top-level \"$schema\" field, which\n" +
			"puzbot reads and ignores, so that editors can check it as you type.\n\n" +
			"Exit status: 2 no such schema.",
		Action: func(c *cli.Context) error {
			names := strings.Join(puzzle.SchemaNames(), " or ")
			if c.NArg() != 1 {
				return usageErrorf("schema: expected one name, %s", names)
			}
			data, err := puzzle.Schema(c.Args().First())
			if err != nil {
				return usageError(err)
			}
			_, err = c.App.Writer.Write(data)
			return err
		},
	}
}
