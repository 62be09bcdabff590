package sudoku

import "time"

// control bounds a search: it stops after limit solutions or at the
// deadline, and counts what it did.
type control struct {
	limit    int             // stop after this many solutions (>= 1)
	deadline time.Time       // stop at this time; zero for no deadline
	done     <-chan struct{} // stop when it is closed (a cancelled context); nil for never
	every    int             // read the clock once every every+1 branches (every+1 a power of two)
	count    int             // solutions found
	guesses  int             // branches tried
	timedOut bool            // the deadline passed before the search ended
}

// reset prepares c for a new search, reading the clock once every
// every+1 branches.
func (c *control) reset(limit int, deadline time.Time, every int) {
	*c = control{limit: limit, deadline: deadline, every: every}
}

// expired reports whether the search must stop now: its deadline passed
// or done is closed.
func (c *control) expired() bool {
	select {
	case <-c.done:
		return true
	default:
	}
	return !c.deadline.IsZero() && time.Now().After(c.deadline)
}

// stop reports whether the search must end before trying one more branch,
// and counts the branch when it may go on. It reads the clock (and done)
// once every every+1 branches.
func (c *control) stop() bool {
	if c.count >= c.limit || c.timedOut {
		return true
	}
	c.guesses++
	if c.guesses&c.every == 0 && c.expired() {
		c.timedOut = true
		return true
	}
	return false
}
