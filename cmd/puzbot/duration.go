package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"strconv"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/puzbot/puzbot/puzzle"
)

// durationFlag is the flag type of every duration puzbot takes (--time-limit,
// --move-time, --pause, --hold) and of its environment variable. A value is
// a Go duration (5s, 1m30s, 250ms) or plain seconds (5 is 5s, 0.5 is 500ms);
// negative values are refused. A bad value, from the command line or the
// variable, is a usage error (exit 2) that names the flag or the variable
// and shows the format, before the command does anything.
//
// It is urfave's DurationFlag, for the help text and c.Duration, with its
// own parsing: urfave's would say "parse error", or fail with exit 1 on a
// bad variable.
type durationFlag struct {
	cli.DurationFlag
	// fromEnv: this run's environment sets the variable (Apply renews it
	// on every run).
	fromEnv bool
}

// newDurationFlag returns a duration flag named name (without --) with the
// default value def and the environment variable env ("" for none).
func newDurationFlag(name string, def time.Duration, env, usage string) *durationFlag {
	f := &durationFlag{DurationFlag: cli.DurationFlag{Name: name, Value: def, Usage: usage}}
	if env != "" {
		f.EnvVars = []string{env}
	}
	return f
}

// durationValue is a flag.Value that keeps a bad value's error for later,
// so that the command reports it in its own words (flag.FlagSet would wrap
// it in "invalid value ... for flag -name").
type durationValue struct {
	d      time.Duration
	name   string // the flag, as messages name it: "--time-limit"
	onLine bool   // the command line gave a value
	err    error  // the command line's first bad value, named
	envErr error  // the environment variable's bad value, named
}

func (v *durationValue) String() string {
	if v == nil {
		return "0s"
	}
	return v.d.String()
}

// Set reads s from the command line; a bad value is kept as v.err and
// leaves v.d as it was.
func (v *durationValue) Set(s string) error {
	v.onLine = true
	d, err := parseDuration(s)
	if err != nil {
		if v.err == nil {
			v.err = usageErrorf("%s %s: %v", v.name, puzzle.Clip(s, 40), err)
		}
		return nil
	}
	v.d = d
	return nil
}

// check returns the error of a bad value: the command line's, or the
// environment's when the command line gave none (it would override it).
func (v *durationValue) check() error {
	if v.err != nil || v.onLine {
		return v.err
	}
	return v.envErr
}

// Apply defines the flag in set, starting from the environment variable
// when it is set.
func (f *durationFlag) Apply(set *flag.FlagSet) error {
	v := &durationValue{d: f.Value, name: "--" + f.Name}
	f.fromEnv = false
	for _, env := range f.EnvVars {
		d, set, err := envDuration(env)
		if !set {
			continue
		}
		f.fromEnv = true
		if err != nil {
			v.envErr = err
		} else {
			v.d = d
		}
		break
	}
	for _, name := range f.Names() {
		set.Var(v, name, f.Usage)
	}
	return nil
}

// IsSet reports whether the flag got a value from the environment; urfave
// also asks the flag set whether it was on the command line.
func (f *durationFlag) IsSet() bool { return f.fromEnv }

// RunAction reports a bad value. urfave calls it for every flag set on the
// command line or by the environment, before the command runs.
func (f *durationFlag) RunAction(c *cli.Context) error {
	if v, ok := c.Generic(f.Name).(*durationValue); ok {
		return v.check()
	}
	return nil
}

// durationFormat is the format the messages show.
const durationFormat = "give a duration, e.g. 5s or 1m30s, or seconds, e.g. 0.5"

// parseDuration reads a duration: a Go duration or plain seconds, not
// negative.
func parseDuration(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil {
		secs, ferr := strconv.ParseFloat(s, 64)
		if ferr != nil || math.IsNaN(secs) || math.IsInf(secs, 0) || math.Abs(secs) > float64(math.MaxInt64/int64(time.Second)) {
			return 0, fmt.Errorf("%s", durationFormat)
		}
		d = time.Duration(secs * float64(time.Second))
	}
	if d < 0 {
		return 0, fmt.Errorf("must not be negative (%s)", durationFormat)
	}
	return d, nil
}

// envDuration reads the duration the environment variable env holds: set
// says whether it holds one, and a bad one is a usage error that names it.
func envDuration(env string) (d time.Duration, set bool, err error) {
	s := os.Getenv(env)
	if s == "" {
		return 0, false, nil
	}
	if d, err = parseDuration(s); err != nil {
		return 0, true, usageErrorf("%s=%s: %v", env, puzzle.Clip(s, 40), err)
	}
	return d, true, nil
}
