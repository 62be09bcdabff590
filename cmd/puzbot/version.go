package main

import (
	"runtime/debug"

	"github.com/urfave/cli/v2"
)

// modulePath is puzbot's module path, for builds that do not record it.
const modulePath = "github.com/puzbot/puzbot"

// version, when set at link time (go build -ldflags "-X main.version=v1.2"),
// is the version puzbot reports instead of the one its build info gives.
var version string

func versionCommand() *cli.Command {
	return &cli.Command{
		Name:      "version",
		Usage:     "print puzbot's version, module path and commit",
		ArgsUsage: " ",
		Description: "Prints one line on stdout, as \"puzbot --version\" does: the version\n" +
			"(the module version Go recorded, or \"devel\" for a build from a work\n" +
			"tree), the module path, and the commit when the build recorded one.",
		Action: func(c *cli.Context) error {
			if err := noArguments(c); err != nil {
				return err
			}
			cli.ShowVersion(c)
			return nil
		},
	}
}

// versionString is what "puzbot version" prints after "puzbot version ".
func versionString() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		info = nil
	}
	return describeBuild(version, info)
}

// describeBuild says which puzbot info is: its version (linked, when set,
// else the main module's, else "devel"), its module path and, when the
// build recorded it, its commit ("+ changes" when the work tree had some).
// Builds with -buildvcs=false record no commit; info is nil when the binary
// carries no build info at all.
func describeBuild(linked string, info *debug.BuildInfo) string {
	ver, path, commit, modified := "devel", modulePath, "", false
	if info != nil {
		if v := info.Main.Version; v != "" && v != "(devel)" {
			ver = v
		}
		if info.Main.Path != "" {
			path = info.Main.Path
		}
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				commit = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
	}
	if linked != "" {
		ver = linked
	}
	line := ver + " " + path
	if commit != "" {
		line += " commit " + commit[:min(12, len(commit))]
		if modified {
			line += " + changes"
		}
	}
	return line
}

// noArguments is the usage error of a command that takes no arguments and
// was given some, or nil.
func noArguments(c *cli.Context) error {
	if c.Args().Present() {
		return usageErrorf("%s: unexpected argument %q", c.Command.Name, c.Args().First())
	}
	return nil
}
