package main

import (
	"bytes"
	"fmt"
	"image/png"

	"github.com/urfave/cli/v2"

	"github.com/puzbot/puzbot/internal/outfile"
	"github.com/puzbot/puzbot/solve/tetromino"
)

func init() {
	register(&cli.Command{
		Name:      "render",
		Usage:     "draw a tetromino solution file as a PNG",
		ArgsUsage: "[SOLUTION.json|-]",
		Description: "Reads a tetromino solution file (what \"puzbot solve\" writes for\n" +
			"\"kind\": \"tetromino\"; the argument, or stdin when it is - or absent),\n" +
			"draws the tiling with one colour per figure and lines between figures,\n" +
			"writes the PNG to --output (replacing a regular file, never a FIFO,\n" +
			"device, link or folder) and prints its path. With --output - the PNG\n" +
			"goes to stdout instead.\n\n" +
			"Exit status: 1 cannot write the file, 2 bad flags or an output that is\n" +
			"not a regular file, 3 invalid solution file.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the PNG to `FILE` (- for stdout)"},
			&cli.IntFlag{Name: "cell", Usage: "side of a square in `PIXELS`, at least 3 (0: about 800 pixels in all)"},
		},
		Action: func(c *cli.Context) error {
			out := c.String("output")
			if out == "" {
				return usageErrorf("render: --output is required (- for stdout)")
			}
			o := outfile.Options{Replace: true, Stdout: c.App.Writer}
			if err := outfile.Check(out, o); err != nil {
				return err
			}
			cell := c.Int("cell")
			if cell != 0 && cell < 3 {
				return usageErrorf("--cell %d: must be at least 3", cell)
			}
			data, name, err := readInput(c)
			if err != nil {
				return err
			}
			sol, err := tetromino.ParseSolution(data)
			if err != nil {
				return inputError(fmt.Errorf("%s: %w", name, err))
			}
			if cell == 0 {
				cell = tetromino.CellSize(sol.Size)
			}
			img, err := tetromino.Render(sol, cell)
			if err != nil {
				return usageError(fmt.Errorf("--cell: %w", err))
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
		},
	})
}
