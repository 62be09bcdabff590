package main

import (
	"github.com/urfave/cli/v2"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve"
)

func init() {
	register(&cli.Command{
		Name:      "solve",
		Usage:     "turn a puzzle file into a moves file",
		ArgsUsage: "[PUZZLE.json|-]",
		Description: "Reads a puzzle file (the argument, or stdin when it is - or absent) and\n" +
			"writes the moves that solve it to stdout. The solver is chosen by the\n" +
			"file's \"kind\". A Puzlogic file for a screen without a puzzle (title,\n" +
			"level map, level completed) gives the moves that navigate to the next\n" +
			"level; on a level map where every level is done, solve exits 10.\n\n" +
			"Exit status: 3 invalid file, 4 no solution, 9 time limit reached.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "count", Usage: "print how many solutions the puzzle has (up to --limit) instead of moves"},
			&cli.IntFlag{Name: "limit", Value: 1000, Usage: "with --count, stop counting at this many solutions"},
			&cli.DurationFlag{Name: "time-limit", EnvVars: []string{"PUZBOT_TIME_LIMIT"}, Usage: "give up after this long (exit 9); 0 for the solver's default"},
			&cli.IntFlag{Name: "level", Usage: "on the level map, open this level instead of the first open one"},
		},
		Action: func(c *cli.Context) error {
			data, _, err := readInput(c, puzzle.ReadAll)
			if err != nil {
				return err
			}
			return solve.Run(data, c.App.Writer, solve.Options{
				Count:     c.Bool("count"),
				Limit:     c.Int("limit"),
				TimeLimit: c.Duration("time-limit"),
				Level:     c.Int("level"),
			})
		},
	})
}
