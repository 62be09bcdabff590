package main

import (
	"io"

	"github.com/urfave/cli/v2"

	"github.com/puzbot/puzbot/internal/exitcode"
	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/solve"
)

// solve's defaults, for its flags.
const (
	defaultLimit = 1000
	timeLimitEnv = "PUZBOT_TIME_LIMIT"
)

func solveCommand() *cli.Command {
	return &cli.Command{
		Name:      "solve",
		Usage:     "turn a puzzle file into a moves file",
		ArgsUsage: "[PUZZLE.json|PUZZLES.txt|-]",
		Description: "Reads a puzzle file (the argument, or stdin when it is - or absent)\n" +
			"and writes the moves that solve it to stdout. The solver is chosen by\n" +
			"the file's \"kind\" (puzlogic, sudoku, tetromino, keen, towers,\n" +
			"unequal). Plain Sudoku text (9 lines of digits, or one 81-character\n" +
			"line per puzzle) is answered in the same format.\n\n" +
			"A Puzlogic file for a screen without a puzzle (title, level map,\n" +
			"level completed) gives the moves that navigate to the next level; on\n" +
			"a level map where every level is done, solve exits 10.\n\n" +
			"Errors in the file say where they are: FILE:LINE:COL for JSON errors,\n" +
			"FILE:LINE for a bad cell, piece or sum (rows and columns counted from\n" +
			"1 in messages, from 0 in files). A puzzle without solution says why\n" +
			"when quick checks find a reason (a sum or a cage's target out of\n" +
			"reach, a piece that fits no square, a towers clue above the size,\n" +
			"two givens against the sign between them).\n\n" +
			"A tetromino signature that the search and the quick arguments do not\n" +
			"settle goes to a SAT solver as well: cadical when it is on the PATH\n" +
			"(scripts/setup.sh installs it; it runs as a child process), else the\n" +
			"one built into puzbot, slower on the hardest signatures.\n\n" +
			"Exit status: 2 bad flags, 3 invalid file, 4 no solution, 9 time limit\n" +
			"reached, 10 game over, 11 empty pipe on stdin (quietly: the step before\n" +
			"failed and said why).",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "count", Usage: "print how many solutions the puzzle has (up to --limit) instead of moves"},
			&cli.IntFlag{Name: "limit", Value: defaultLimit, Usage: "with --count, stop counting at this many solutions"},
			newDurationFlag("time-limit", 0, timeLimitEnv, "give up after `DURATION` for the whole command (exit 9); 0 for the solver's default"),
			&cli.IntFlag{Name: "level", Usage: "on the level map, open this level instead of the first open one"},
		},
		Action: func(c *cli.Context) error {
			return runSolve(c.Args().Slice(), solve.Options{
				Count:     c.Bool("count"),
				Limit:     c.Int("limit"),
				TimeLimit: c.Duration("time-limit"),
				Level:     c.Int("level"),
			}, c.App.Reader, c.App.Writer, c.App.ErrWriter)
		},
	}
}

// runSolve is "puzbot solve": it reads the puzzle file args name (stdin
// when none or "-") and writes the answer to stdout.
func runSolve(args []string, o solve.Options, stdin io.Reader, stdout, stderr io.Writer) error {
	data, name, err := readFile("solve", args, stdin, stderr)
	if err != nil {
		return err
	}
	ctx, stop := delayedSignalContext(catchDelay, nil)
	defer stop()
	err = solve.Run(ctx, data, stdout, o)
	if status(err) == exitcode.BadInput {
		err = puzzle.InFile(err, name) // FILE:LINE:COL: message
	}
	return err
}
