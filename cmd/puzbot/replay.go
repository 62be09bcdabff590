package main

import (
	"errors"

	"github.com/urfave/cli/v2"

	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/replay"
)

func replayCommand() *cli.Command {
	d := replay.DefaultOptions()
	return &cli.Command{
		Name:      "replay",
		Usage:     "perform a moves file with the mouse and keyboard",
		ArgsUsage: "[MOVES.json|-]",
		Description: "Reads a moves file (the argument, or stdin when it is - or absent) and\n" +
			"performs it on the X display (on Windows, the desktop): a drag glides\n" +
			"to \"from\" in many small steps, presses the left button, glides to\n" +
			"\"to\" and releases; a click clicks its point; a key presses a key\n" +
			"(robotgo names: space, enter, esc, left, a, 7, ...); a type clicks its\n" +
			"point and types its value. Pauses\n" +
			"around each press and release let games that read input once per frame\n" +
			"see every step; the defaults take about a second per drag.\n\n" +
			"Safety: every point is checked against the screen before anything moves.\n" +
			"The fail-safe stops the replay when the mouse is moved by someone else,\n" +
			"or when the pointer is in a screen corner as the replay starts: push\n" +
			"the mouse into a corner to stop a run of replays. Ctrl-C, SIGTERM,\n" +
			"SIGHUP, SIGQUIT, SIGABRT, SIGPIPE and every other signal that would end\n" +
			"puzbot stop it too (on Windows: Ctrl-C, Ctrl-Break, closing the console\n" +
			"window). The left button and every key it pressed are\n" +
			"released on every way out but SIGKILL; a button found held as it starts\n" +
			"is released, with a line on stderr. Lock keys (capslock, numlock,\n" +
			"scrolllock) are refused.\n\n" +
			"--dry-run prints the plan, one line per move (moves and rows counted\n" +
			"from 1), and needs no display. It also takes hand-written moves without\n" +
			"screen positions (a drag with only value, row and col), which replay\n" +
			"without --dry-run refuses before anything moves.\n\n" +
			"Exit status: 2 bad flags, 3 invalid moves file or a point off the\n" +
			"screen, 5 no display (or it was lost or stopped answering), 6 stopped\n" +
			"by the fail-safe or a signal, 11 empty pipe on stdin (quietly: the step\n" +
			"before failed and said why).",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "dry-run", Aliases: []string{"n"}, Usage: "print what would be done, and do nothing"},
			&cli.IntFlag{Name: "steps", Value: d.Steps, EnvVars: []string{"PUZBOT_REPLAY_STEPS"}, Usage: "make each glide `N` pointer moves (1 to 1000)"},
			newDurationFlag("move-time", d.MoveTime, "PUZBOT_REPLAY_MOVE_TIME", "take `DURATION` for each glide"),
			newDurationFlag("pause", d.Pause, "PUZBOT_REPLAY_PAUSE", "wait `DURATION` after each glide, press and release"),
			newDurationFlag("hold", d.Hold, "PUZBOT_REPLAY_HOLD", "hold the button of a click and the key of a key move for `DURATION`"),
			&cli.BoolFlag{Name: "no-fail-safe", Usage: "do not stop when the mouse is moved or sits in a corner"},
			&cli.BoolFlag{Name: "verbose", Aliases: []string{"v"}, Usage: "print each move on stderr as it starts"},
		},
		Action: func(c *cli.Context) error {
			data, name, err := readInput(c)
			if err != nil {
				return err
			}
			moves, err := puzzle.ParseMoves(data)
			if err != nil {
				return puzzle.InFile(err, name)
			}
			plan, err := replay.NewPlan(moves, replay.Options{
				Steps:    c.Int("steps"),
				MoveTime: c.Duration("move-time"),
				Pause:    c.Duration("pause"),
				Hold:     c.Duration("hold"),
				DryRun:   c.Bool("dry-run"),
			})
			if err != nil {
				return locateMove(err, data, name)
			}
			if c.Bool("dry-run") {
				return plan.Describe(c.App.Writer)
			}
			ctx, stop := signalContext()
			defer stop()
			opts := replay.RunOptions{NoFailSafe: c.Bool("no-fail-safe"), Notice: c.App.ErrWriter}
			if c.Bool("verbose") {
				opts.Log = c.App.ErrWriter
			}
			return locateMove(replay.Run(ctx, plan, opts), data, name)
		},
	}
}

// locateMove makes err, when the moves file is to blame, an error about the
// file called name: FILE:LINE: at the move a *replay.MoveError names, else
// FILE: . Other errors (bad options, the display, the fail-safe) stay as
// they are.
func locateMove(err error, data []byte, name string) error {
	if !errors.Is(err, puzzle.ErrInvalid) && !errors.Is(err, replay.ErrUnplayable) {
		return err
	}
	var me *replay.MoveError
	if errors.As(err, &me) {
		return puzzle.AtLine(err, name, puzzle.ElementLine(data, "moves", me.Index))
	}
	return puzzle.InFile(err, name)
}
