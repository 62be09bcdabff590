package main

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strconv"

	"github.com/urfave/cli/v2"

	"github.com/puzbot/puzbot/capture"
	"github.com/puzbot/puzbot/internal/outfile"
)

func captureCommand() *cli.Command {
	return &cli.Command{
		Name:      "capture",
		Usage:     "save a screenshot and print its path",
		ArgsUsage: " ",
		Description: "Takes a screenshot of the primary display (or --display N, or --region),\n" +
			"saves it as a PNG that records where it lay on the screen, and prints\n" +
			"the file's path on stdout, so that \"puzbot capture | puzbot recognize\" works.\n\n" +
			"Without --output the file goes to $" + capture.DirEnv + ", or else to\n" +
			"~/.cache/puzbot/shots ($XDG_CACHE_HOME/puzbot/shots), named by the time:\n" +
			"shot-20060102-150405.000.png. Folders are created when missing, and an\n" +
			"existing file is never replaced unless --force is given; even then only\n" +
			"a regular file is (never a FIFO, device, link or folder). With --output -\n" +
			"the PNG goes to stdout instead of its path.\n\n" +
			"The folder used without --output stays bounded: after saving, capture\n" +
			"deletes the oldest shot-*.png files there beyond the newest --keep\n" +
			"(default " + strconv.Itoa(capture.DefaultKeep) + ", the new shot among them; 0 keeps all). It deletes\n" +
			"nothing else, and nothing in a folder named with --output.\n\n" +
			"Positions are screen pixels, as in the puzzle and moves files.\n\n" +
			"Exit status: 1 cannot write the file, 2 bad flags, no such display, or\n" +
			"an output that is not a regular file, 5 no display.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to this `PATH`: a file, a folder (existing, or ending in /) for a timestamped file, or - for stdout"},
			&cli.BoolFlag{Name: "force", Aliases: []string{"f"}, Usage: "replace the --output file if it is a regular file"},
			&cli.IntFlag{Name: "display", Aliases: []string{"d"}, Value: 0, Usage: "capture display `N` (0 is the primary; see --list-displays)"},
			&cli.StringFlag{Name: "region", Aliases: []string{"r"}, Usage: "capture the rectangle `X,Y,W,H` of the screen instead of a display"},
			&cli.IntFlag{Name: "keep", Value: capture.DefaultKeep, Usage: "without --output, keep the newest `N` shot-*.png files in the folder and delete the older ones (0 keeps all)"},
			&cli.BoolFlag{Name: "list-displays", Aliases: []string{"l"}, Usage: "print the displays and their bounds, and capture nothing"},
		},
		Action: captureAction,
	}
}

func captureAction(c *cli.Context) error {
	if c.NArg() > 0 {
		return usageErrorf("capture: unexpected argument %q (use --output to name the file)", c.Args().First())
	}
	if c.IsSet("keep") && (c.Int("keep") < 0 || c.String("output") != "") {
		return usageErrorf("capture: --keep takes a number of shots, 0 or more, and works only without --output")
	}
	if c.Bool("list-displays") {
		displays, err := capture.Displays()
		if err != nil {
			return err
		}
		for i, d := range displays {
			primary := ""
			if i == 0 {
				primary = " (primary)"
			}
			fmt.Fprintf(c.App.Writer, "%d: %dx%d at %d,%d%s\n", i, d.Dx(), d.Dy(), d.Min.X, d.Min.Y, primary)
		}
		return nil
	}
	var shot *capture.Shot
	var err error
	if s := c.String("region"); s != "" {
		if c.IsSet("display") {
			return usageErrorf("capture: give --display or --region, not both")
		}
		r, perr := capture.ParseRegion(s)
		if perr != nil {
			return usageError(perr)
		}
		shot, err = capture.Region(r)
	} else {
		shot, err = capture.Display(c.Int("display"))
	}
	if err != nil {
		return err
	}
	path, err := shot.Write(c.String("output"), outfile.Options{Replace: c.Bool("force"), Stdout: c.App.Writer})
	if errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("%w (use --force to replace it)", err)
	}
	if err != nil {
		return fmt.Errorf("save screenshot: %w", err)
	}
	if path == outfile.Stdout {
		return nil
	}
	if _, err := fmt.Fprintln(c.App.Writer, path); err != nil {
		return err
	}
	if c.String("output") == "" {
		pruneShots(c, path)
	}
	return nil
}

// pruneShots deletes the oldest shots in the folder of path, the default
// folder, beyond --keep. The shot is taken and its path printed, so a
// failure to delete is only reported, on stderr.
func pruneShots(c *cli.Context, path string) {
	if _, err := capture.Prune(filepath.Dir(path), c.Int("keep"), path); err != nil {
		fmt.Fprintf(c.App.ErrWriter, "puzbot: capture: deleting old screenshots: %s\n", oneLine(err.Error()))
	}
}
