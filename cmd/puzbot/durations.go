package main

import (
	"fmt"
	"math"
	"os"
	"strconv"
	"time"

	"github.com/puzbot/puzbot/puzzle"
)

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
