package tetromino

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// ErrNoTiling is returned when the figures provably cannot tile the square:
// a colouring argument rules it out, the search tried every possibility, or
// the SAT solver refuted the formula.
var ErrNoTiling = errors.New("no tiling exists")

// ErrTimeLimit is returned when the time limit ran out before the search or
// the SAT solver could decide whether a tiling exists.
var ErrTimeLimit = errors.New("undecided: the time limit ran out before a tiling was found or ruled out")

// Solve returns a tiling of the size x size square by exactly the figures
// counted in c, or an error: ErrNoTiling (wrapped, with the reason) when
// there is none, ErrTimeLimit when limit (if positive) ran out first, or a
// plain error when the size or counts are invalid.
//
// Colouring arguments come first. Then the search fills the square one cell
// at a time in a diagonal order, trying the figures with the most copies
// left first, and prunes with colouring invariants and enclosed-pocket
// checks. When it has not settled the question within soloTime, a SAT
// solver joins it on squares up to satMaxSize; see the package comment.
func Solve(size int, c Counts, limit time.Duration) ([]Placement, error) {
	tiling, _, err := solve(size, c, limit)
	return tiling, err
}

// SolveContext is Solve with the deadline of ctx as its limit (none when
// ctx has none): the end of ctx, deadline or cancellation, stops the search
// and the SAT solver within milliseconds, with ErrTimeLimit; both have
// stopped when it returns.
func SolveContext(ctx context.Context, size int, c Counts) ([]Placement, error) {
	var limit time.Duration
	if deadline, ok := ctx.Deadline(); ok {
		limit = max(time.Until(deadline), time.Nanosecond)
	}
	var cancelled atomic.Bool
	stop := context.AfterFunc(ctx, func() { cancelled.Store(true) })
	defer stop()
	tiling, _, err := solveStop(size, c, limit, &cancelled)
	return tiling, err
}

// The methods that settle a signature.
const (
	byColouring = "colouring"
	bySearch    = "search"
	bySAT       = "SAT"
	byBands     = "bands"
	byWeighting = "weighting"
	byBorder    = "SAT near the sides"
	byTurn      = "SAT turned onto itself"
	bySecondSAT = "second SAT solver"
	byRepair    = "bands repaired"
	byProfiles  = "row profiles"
)

// solve is Solve, and says which method settled the question.
func solve(size int, c Counts, limit time.Duration) (tiling []Placement, method string, err error) {
	return solveStop(size, c, limit, nil)
}

// solveStop is solve that also stops, as at the deadline, once cancel (if
// not nil) is set.
func solveStop(size int, c Counts, limit time.Duration, cancel *atomic.Bool) (tiling []Placement, method string, err error) {
	if err := checkSize(size); err != nil {
		return nil, "", err
	}
	for f, k := range c {
		if k < 0 || k > size*size/4 {
			return nil, "", fmt.Errorf("figure %v: count %d is not between 0 and %d", Figure(f), k, size*size/4)
		}
	}
	if err := checkArea(size, c); err != nil {
		return nil, "", err
	}
	if reason := colouringObstacle(size, c); reason != "" {
		return nil, byColouring, fmt.Errorf("%w (proven: %s)", ErrNoTiling, reason)
	}
	var deadline time.Time
	if limit > 0 {
		deadline = time.Now().Add(limit)
	}
	// A signature and its mirror image tile alike: solve the same one of
	// the two always, and mirror its tiling back.
	mirror := c[Z] > c[S] || c[Z] == c[S] && c[L] > c[J]
	if mirror {
		c = c.mirrored()
	}
	v := decide(size, c, deadline, cancel)
	if mirror {
		v = v.mirrored(size)
	}
	switch v.out {
	case found:
		return v.tiling, v.method, nil
	case exhausted:
		return nil, v.method, fmt.Errorf("%w (proven: %s)", ErrNoTiling, v.proof())
	}
	return nil, "", undecided(v)
}

// undecided returns ErrTimeLimit with what v knows: that a tiling exists
// when the row profiles counted one, and cadicalHint when the SAT solver
// that ran was gini because cadical is not installed.
func undecided(v verdict) error {
	err := ErrTimeLimit
	if v.exists {
		err = fmt.Errorf("%w; %s", err, existsNote)
	}
	if v.sat == "gini" && cadicalPath() == "" {
		err = fmt.Errorf("%w; %s", err, cadicalHint)
	}
	return err
}

// existsNote ends a time limit's error when the row profiles showed that
// the square tiles but no method built a tiling in time.
const existsNote = "a tiling exists (counted row by row), but none was built in time"

// cadicalHint ends a time limit's error when gini ran as the SAT solver
// because cadical is not installed.
const cadicalHint = "a faster SAT solver may decide it: apt-get install cadical"

// soloTime is how long the search runs alone before the SAT solvers join
// it: enough for nearly every signature with a tiling, and for most without
// one that a short search can rule out.
const soloTime = 50 * time.Millisecond

// searchTime is how long after Solve begins the search may still run, once
// the tilings of particular forms are tried (besideSAT); a second SAT
// solver takes its core from then on. Past its solo time the search
// settles hardly any signature of 12 to 40: in three samples of 599 at a
// limit of 5 s, 2 of the 743 it settled, in 0.72 and 0.93 s (docs/issue-18.md,
// "A second SAT solver").
const searchTime = time.Second

// repairTime is how long repair may take on a square up to satMaxSize,
// after the search's first second and before the second SAT solver
// (firstTries): where it finds a tiling, it mostly does in a second or two
// (docs/issue-18.md, "Repairing the nearest stack of bands").
const repairTime = 2 * time.Second

// proofOf says how method proves that there is no tiling (the weighting
// argument says it in its own numbers).
func proofOf(method string) string {
	switch method {
	case bySearch:
		return "the search tried every placement"
	case bySAT, bySecondSAT:
		return satProof
	case byProfiles:
		return "no way of filling the square row by row has these counts"
	}
	return ""
}

// satProof says how a SAT solver proves that there is no tiling.
const satProof = "a SAT solver ruled out every way to cover the square"

// verdict is what decide found, and how.
type verdict struct {
	tiling []Placement // when out is found
	out    outcome
	method string   // the method that settled it: bySearch, ...
	weigh  weighing // the argument, when method is byWeighting
	sat    string   // the SAT solver that ran, if one did (satAnswer.solver)
	exists bool     // the row profiles counted a tiling (satAnswer.exists)
}

// proof says why there is no tiling, when out is exhausted.
func (v verdict) proof() string {
	if v.method == byWeighting {
		return v.weigh.String()
	}
	return proofOf(v.method)
}

// mirrored returns the verdict for the mirror image of the n x n square.
func (v verdict) mirrored(n int) verdict {
	if v.tiling != nil {
		v.tiling = mirrorTiling(n, v.tiling)
	}
	v.weigh = v.weigh.mirrored(n)
	return v
}

// decide runs the search alone for soloTime, then tries a weighting
// argument (findWeighing). Then it starts a weighting argument with weights
// of any shape (startAnyWeighing, on squares up to anyWeightsMaxSize) and,
// when the square is at most satMaxSize, a SAT solver, bands, tilings a
// turn maps onto themselves, the few figures near the sides, the search
// until searchTime and a second SAT solver (besideSAT); on larger squares,
// bands (up to bandsMaxSize) beside the search (besideBands); until one of
// them settles the question or the deadline passes, or cancel (if not nil)
// is set. method says which settled it. All have stopped when decide
// returns.
func decide(n int, c Counts, deadline time.Time, cancel *atomic.Bool) verdict {
	s := newSearcher(n, c)
	start := time.Now()
	solo := earlier(start.Add(soloTime), deadline)
	s.e.deadline, s.e.stop = solo, cancel
	if out := s.run(); out != timedOut || solo.Equal(deadline) || cancel != nil && cancel.Load() {
		return s.result(out)
	}
	if w, ok := findWeighing(n, c); ok {
		return verdict{out: exhausted, method: byWeighting, weigh: w}
	}
	// One flag stops them all: set by the side that settles the question,
	// or by the caller's cancel, which is this call's own.
	stop := cancel
	if stop == nil {
		stop = new(atomic.Bool)
	}
	weights := startAnyWeighing(n, c, deadline, stop)
	s.e.deadline, s.e.stop = deadline, stop
	if n > satMaxSize {
		return s.besideBands(n, c, deadline, stop, weights)
	}
	return s.besideSAT(n, c, deadline, start.Add(searchTime), stop, weights)
}

// besideSAT settles a square up to satMaxSize: the SAT solver starts with
// the bands, which keep one core busy, and goes on beside the others once
// they are done; then come the tilings a turn maps onto themselves, the
// few figures near the sides, the search until searchUntil, the nearest
// stack of bands repaired for at most repairTime, then a second SAT solver
// on the whole square in its configuration for formulas with a model,
// until one of them, or the weights (weights), settles it, or stop is set
// or the deadline passes.
func (s *searcher) besideSAT(n int, c Counts, deadline, searchUntil time.Time, stop *atomic.Bool, weights <-chan weighed) verdict {
	sat := startSAT(n, c, deadline, stop)
	// The whole square's formula without symmetry-breaking clauses, for
	// the turned tilings and the second SAT solver: built once, when the
	// first of them asks.
	whole := sync.OnceValue(func() *encoding { return encode(n, c, noBreaking, stop) })
	tiling, method, out := s.firstTries(n, c, whole, deadline, searchUntil, stop)
	if tiling != nil {
		stop.Store(true)
		<-sat
		<-weights
		return verdict{tiling: tiling, out: found, method: method}
	}
	second := satAnswer{out: timedOut}
	if out == timedOut {
		out, second = s.secondSAT(whole, deadline, stop)
	}
	stop.Store(true)
	answer, method := <-sat, bySAT
	if answer.method != "" {
		method = answer.method
	}
	if second.out != timedOut {
		answer, method = second, bySecondSAT
	}
	return s.verdict(out, answer, method, <-weights)
}

// firstTries is what besideSAT runs on the search's core before the second
// SAT solver: tilings of three forms that are quick to build or to ask for
// (stacks of bands, tilings a turn maps onto themselves, then the few
// figures near the sides), the search until searchUntil, then the repair
// of the nearest stack of bands for at most repairTime, until one of them
// finds a tiling (and method says which) or the search settles the
// question (out).
func (s *searcher) firstTries(n int, c Counts, whole func() *encoding, deadline, searchUntil time.Time, stop *atomic.Bool) (tiling []Placement, method string, out outcome) {
	tiling, nearest := nearestBands(n, c, haltAt(stop, deadline))
	if tiling != nil {
		return tiling, byBands, timedOut
	}
	if tiling = turnedTiling(c, whole, deadline, stop); tiling != nil {
		return tiling, byTurn, timedOut
	}
	if tiling = borderTiling(n, c, deadline, stop); tiling != nil {
		return tiling, byBorder, timedOut
	}
	s.e.deadline = earlier(searchUntil, deadline)
	if out = s.run(); out != timedOut || nearest == nil {
		return nil, "", out
	}
	until := earlier(time.Now().Add(repairTime), deadline)
	return repair(n, c, nearest(haltAt(stop, until)), until, stop), byRepair, timedOut
}

// secondSAT runs a second SAT solver on the formula whole in its
// configuration for formulas with a model, until it settles the question,
// or stop is set or the deadline passes; the search goes on instead when
// the solver cannot run (a formula over satMaxClauses). It returns the
// search's outcome (timedOut when it did not run) and the solver's answer
// (timedOut when it did not run).
func (s *searcher) secondSAT(whole func() *encoding, deadline time.Time, stop *atomic.Bool) (outcome, satAnswer) {
	if stopped(stop, deadline) {
		return timedOut, satAnswer{out: timedOut}
	}
	second := solveFormula(cadicalPath(), whole(), forSat, deadline, stop)
	out := timedOut
	if second.out == timedOut && !stopped(stop, deadline) {
		s.e.deadline = deadline
		out = s.run()
	}
	return out, second
}

// earlier returns the earlier of a and the deadline d, which is none when
// zero.
func earlier(a, d time.Time) time.Time {
	if d.IsZero() || a.Before(d) {
		return a
	}
	return d
}

// besideBands settles a square too large for the SAT solvers: the bands
// take the other core, beside the search, until one of them, or the
// weights (weights), settles it, or stop is set or the deadline passes.
func (s *searcher) besideBands(n int, c Counts, deadline time.Time, stop *atomic.Bool, weights <-chan weighed) verdict {
	bands := startBands(n, c, deadline, stop)
	out := s.run()
	stop.Store(true)
	if b := <-bands; out == timedOut && b.tiling != nil {
		<-weights
		return verdict{tiling: b.tiling, out: found, method: b.method}
	}
	return s.verdict(out, satAnswer{out: timedOut}, bySAT, <-weights)
}

// verdict is what the search's run, which ended with out, a SAT solver's
// answer (method says which solver) and the weights of any shape settled,
// in that order: the search's or the SAT solver's tiling or proof, else the
// weights' proof, else nothing (timedOut).
func (s *searcher) verdict(out outcome, answer satAnswer, method string, weighed weighed) verdict {
	switch {
	case out != timedOut:
		return s.result(out)
	case answer.out != timedOut:
		return verdict{tiling: answer.tiling, out: answer.out, method: method}
	case weighed.ok:
		return verdict{out: exhausted, method: byWeighting, weigh: weighed.w}
	}
	return verdict{out: timedOut, sat: answer.solver, exists: answer.exists}
}

// startBands builds a tiling from bands, or repairs the nearest stack of
// them (bandsOrRepair), beside the caller, until stop is set or the
// deadline passes. It sends the tiling (nil for none) and the method on
// the channel returned and, when it has built one, sets stop so that the
// others stop.
func startBands(n int, c Counts, deadline time.Time, stop *atomic.Bool) <-chan built {
	return beside(stop, func() built {
		tiling, method := bandsOrRepair(n, c, deadline, stop)
		return built{tiling, method}
	}, func(b built) bool { return b.tiling != nil })
}

// built is a tiling and the method that built it.
type built struct {
	tiling []Placement
	method string
}

// bandsOrRepair returns a tiling built from bands (method byBands), else
// the stack of bands nearest the signature repaired (byRepair), else nil,
// by the deadline or until stop is set.
func bandsOrRepair(n int, c Counts, deadline time.Time, stop *atomic.Bool) ([]Placement, string) {
	tiling, nearest := nearestBands(n, c, haltAt(stop, deadline))
	if tiling != nil || nearest == nil {
		return tiling, byBands
	}
	return repair(n, c, nearest(haltAt(stop, deadline)), deadline, stop), byRepair
}

// weighed is what startAnyWeighing found: ok when w proves that there is
// no tiling.
type weighed struct {
	w  weighing
	ok bool
}

// startAnyWeighing looks for a weighting argument with weights of any
// shape (findAnyWeighing, which takes squares up to anyWeightsMaxSize)
// until stop is set or the deadline passes. It sends what it found on the channel
// returned and, when it has found one, sets stop so that the others stop.
func startAnyWeighing(n int, c Counts, deadline time.Time, stop *atomic.Bool) <-chan weighed {
	return beside(stop, func() weighed {
		w, ok := findAnyWeighing(n, c, haltAt(stop, deadline))
		return weighed{w, ok}
	}, func(w weighed) bool { return w.ok })
}

// beside runs work in a goroutine of its own, beside the caller, and sends
// its result on the channel returned; when settles says that the result
// settles the question, it sets stop first, so that the others stop.
func beside[T any](stop *atomic.Bool, work func() T, settles func(T) bool) <-chan T {
	out := make(chan T, 1)
	go func() {
		result := work()
		if settles(result) {
			stop.Store(true)
		}
		out <- result
	}()
	return out
}

// haltAt returns a halt function for the methods that ask one: it says to
// stop once stop is set or the deadline passes (stopped).
func haltAt(stop *atomic.Bool, deadline time.Time) func() bool {
	return func() bool { return stopped(stop, deadline) }
}

// satAnswer is what a SAT solver found.
type satAnswer struct {
	tiling []Placement
	out    outcome
	solver string // "cadical" or "gini"; "" when none ran (stopped first, or the formula was too large)
	method string // byProfiles when the row profiles settled it before the solver ran, else ""
	exists bool   // the row profiles counted a tiling, which the solver looked for
}

// satBreaking is the formula the SAT solver works on: the lex-leader
// clauses and the local ones. A second solver on the lex-leader clauses
// alone ran beside it until the bands built the tilings it found first (24
// I132,S12: 0.07 s of CPU against 1 s); on two cores, three threads gave
// each about two thirds of one, and with the second solver gone every hard
// signature measured is settled sooner (30 O1,T224 in 4.3 s instead of
// 6.1 s, 12 L2,T34 in 5.8 s instead of 9.5 s) and the 599 sweep decides as
// many (README, "Hard signatures").
const satBreaking = localBreaking

// startSAT counts the row profiles, then starts the SAT solver on the
// formula of satBreaking (profilesThenSAT). It sends its answer on the
// channel returned and, when it has decided, sets stop so that the search
// stops.
func startSAT(n int, c Counts, deadline time.Time, stop *atomic.Bool) <-chan satAnswer {
	return beside(stop, func() satAnswer { return profilesThenSAT(n, c, deadline, stop) },
		func(answer satAnswer) bool { return answer.out != timedOut })
}

// result returns the tiling on the board if out is found.
func (s *searcher) result(out outcome) verdict {
	if out != found {
		return verdict{out: out, method: bySearch}
	}
	return verdict{tiling: s.e.placements(), out: out, method: bySearch}
}

// searcher runs the search again and again with other tie-breaks.
type searcher struct {
	e       *engine
	base    int64
	attempt uint64
}

func newSearcher(n int, c Counts) *searcher {
	// A run that goes well takes a little more than one step per figure.
	return &searcher{e: newEngine(n, c, time.Time{}), base: 2*int64(n*n/4) + 1024}
}

// run searches until it finds a tiling or proves there is none, or the
// engine's deadline passes or its stop flag is set (timedOut). When one
// run takes much longer than it should, a restart with other tie-breaks
// usually does better. The runs' budgets follow the Luby sequence: mostly
// short, but growing without bound, so that if there is no tiling some run
// eventually has the budget to try everything and prove it. A run cut short
// by the deadline starts again from its beginning on the next call.
func (s *searcher) run() outcome {
	for ; ; s.attempt++ {
		if out := s.e.search(s.attempt, s.base*luby(s.attempt+1)); out != overBudget {
			return out
		}
	}
}

// luby returns the i-th term (from 1) of the Luby sequence 1, 1, 2, 1, 1, 2,
// 4, 1, 1, 2, 1, 1, 2, 4, 8, ...
func luby(i uint64) int64 {
	for k := uint(1); ; k++ {
		if i == 1<<k-1 {
			return 1 << (k - 1)
		}
		if i < 1<<k-1 {
			return luby(i - (1<<(k-1) - 1))
		}
	}
}

// stopped says whether the search, the bands or a SAT solver must stop:
// stop (when not nil) is set, or the deadline (when not zero) has passed.
func stopped(stop *atomic.Bool, deadline time.Time) bool {
	return stop != nil && stop.Load() || !deadline.IsZero() && time.Now().After(deadline)
}
