package main

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"

	"github.com/urfave/cli/v2"

	"github.com/puzbot/puzbot/internal/outfile"
	"github.com/puzbot/puzbot/puzzle"
	"github.com/puzbot/puzbot/puzzle/view"
	"github.com/puzbot/puzbot/solve/tetromino"
)

func renderCommand() *cli.Command {
	return &cli.Command{
		Name:      "render",
		Usage:     "draw a Puzlogic puzzle or a tetromino solution (PNG), or show a puzzle as text",
		ArgsUsage: "[PUZZLE.json|SOLUTION.json|-]",
		Description: "Reads a Puzlogic puzzle file or a tetromino solution file (what\n" +
			"\"puzbot solve\" writes for \"kind\": \"tetromino\"; the argument, or\n" +
			"stdin when it is - or absent).\n\n" +
			"--text prints a Puzlogic puzzle on stdout: one line per board row, a\n" +
			"digit for a fixed number, . for an empty square, blank where the\n" +
			"board has no square, then the row's sums by scope; below a rule, the\n" +
			"column sums, a line per scope, each under its column; then the\n" +
			"pieces by colour.\n\n" +
			"--output draws a PNG: a Puzlogic board with its sums and the pieces\n" +
			"of the tray, or a tetromino tiling with one colour per figure and\n" +
			"lines between figures. It writes the PNG to the file (replacing a\n" +
			"regular file, never a FIFO, device, link or folder) and prints its\n" +
			"path; with --output - the PNG goes to stdout instead.\n\n" +
			"Exit status: 1 cannot write the file, 2 bad flags or an output that is\n" +
			"not a regular file, 3 invalid input file, 11 empty pipe on stdin\n" +
			"(quietly: the step before failed and said why).",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the PNG to `FILE` (- for stdout)"},
			&cli.BoolFlag{Name: "text", Usage: "print a Puzlogic puzzle as text on stdout instead"},
			&cli.IntFlag{Name: "cell", Usage: "side of a square in `PIXELS`, at least 3 (Puzlogic 12; 0: about 800 pixels in all)"},
		},
		Action: renderAction,
	}
}

func renderAction(c *cli.Context) error {
	out, text := c.String("output"), c.Bool("text")
	switch {
	case text && out != "":
		return usageErrorf("render: --text prints on stdout; leave out --output")
	case !text && out == "":
		return usageErrorf("render: --output is required (- for stdout), or --text")
	}
	o := outfile.Options{Replace: true, Stdout: c.App.Writer}
	if !text {
		if err := outfile.Check(out, o); err != nil {
			return err
		}
	}
	cell := c.Int("cell")
	if cell != 0 && cell < 3 {
		return usageErrorf("--cell %d: must be at least 3", cell)
	}
	data, name, err := readInput(c)
	if err != nil {
		return err
	}
	kind, err := puzzle.Kind(data)
	if err != nil {
		return inputError(puzzle.InFile(err, name))
	}
	if kind != puzzle.KindPuzlogic && text {
		return usageErrorf("render --text: shows Puzlogic puzzles; %s is of kind %s", name, puzzle.Quote(kind))
	}
	if text {
		return renderText(c.App.Writer, data, name)
	}
	img, err := renderImage(kind, data, name, cell)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return fmt.Errorf("encode PNG: %w", err)
	}
	if err := outfile.Write(out, buf.Bytes(), o); err != nil || out == outfile.Stdout {
		return err
	}
	_, err = fmt.Fprintln(c.App.Writer, out)
	return err
}

// renderText prints the Puzlogic puzzle file data, called name, as text.
func renderText(w io.Writer, data []byte, name string) error {
	p, err := puzzle.ParsePuzlogic(data)
	if err != nil {
		return puzzle.InFile(err, name)
	}
	_, err = io.WriteString(w, view.Text(p))
	return err
}

// renderImage draws the Puzlogic puzzle or tetromino solution data, called
// name, with squares of cell pixels (0: its default).
func renderImage(kind string, data []byte, name string, cell int) (image.Image, error) {
	switch kind {
	case puzzle.KindPuzlogic:
		p, err := puzzle.ParsePuzlogic(data)
		if err != nil {
			return nil, puzzle.InFile(err, name)
		}
		if cell == 0 {
			cell = view.CellSize(p)
		}
		img, err := view.Image(p, cell)
		switch {
		case errors.Is(err, view.ErrNoBoard):
			return nil, inputError(puzzle.InFile(err, name))
		case err != nil:
			return nil, usageError(fmt.Errorf("--cell: %w", err))
		}
		return img, nil
	case puzzle.KindTetromino:
		sol, err := tetromino.ParseSolution(data)
		if err != nil {
			return nil, inputError(puzzle.InFile(err, name))
		}
		if cell == 0 {
			cell = tetromino.CellSize(sol.Size)
		}
		img, err := tetromino.Render(sol, cell)
		if err != nil {
			return nil, usageError(fmt.Errorf("--cell: %w", err))
		}
		return img, nil
	}
	return nil, inputError(fmt.Errorf("%s: render draws kinds %q and %q, not %s", name, puzzle.KindPuzlogic, puzzle.KindTetromino, puzzle.Quote(kind)))
}
