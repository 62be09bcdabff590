package main

import (
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/puzbot/puzbot/puzzle"
)

func schemaCommand() *cli.Command {
	return &cli.Command{
		Name:      "schema",
		Usage:     "print the JSON Schema of a puzzle file or the moves file",
		ArgsUsage: "puzzle|sudoku|keen|towers|unequal|moves",
		Description: "Prints a JSON Schema (draft 2020-12) on stdout: \"puzzle\" for the\n" +
			"Puzlogic puzzle file (what recognize writes and solve reads), \"sudoku\"\n" +
			"for the sudoku puzzle file (regions, diagonals, killer cages, entries),\n" +
			"\"keen\", \"towers\" and \"unequal\" for those games' puzzle files,\n" +
			"\"moves\" for the moves file (what solve writes and replay reads). The\n" +
			"same files are in the repository as puzzle/schema/NAME.schema.json. A\n" +
			"puzzle or moves file may name its schema in a top-level \"$schema\"\n" +
			"field, which puzbot reads and ignores, so that editors can check it as\n" +
			"you type.\n\n" +
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
