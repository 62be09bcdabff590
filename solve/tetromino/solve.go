package tetromino

import (
	"context"
	"errors"
	"fmt"
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
	tiling, _, err := solveWithin(size, c, limit)
	return tiling, err
}

// SolveContext is Solve with the deadline of ctx as its limit (none when
// ctx has none): the end of ctx, deadline or cancellation, stops every
// method within milliseconds, with ErrTimeLimit; all have stopped when it
// returns.
func SolveContext(ctx context.Context, size int, c Counts) ([]Placement, error) {
	tiling, _, err := solve(ctx, size, c, 0)
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

// solveWithin is Solve, and says which method settled the question.
func solveWithin(size int, c Counts, limit time.Duration) (tiling []Placement, method string, err error) {
	return solve(context.Background(), size, c, limit)
}

// solve is SolveContext, and says which method settled the question, with
// limit (if positive) as a time limit of its own, which starts once the
// counts are checked: the signatures that the counts or a colouring
// argument settle need no context of their own.
func solve(ctx context.Context, size int, c Counts, limit time.Duration) (tiling []Placement, method string, err error) {
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
	if limit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, limit)
		defer cancel()
	}
	// A signature and its mirror image tile alike: solve the same one of
	// the two always, and mirror its tiling back.
	mirror := c[Z] > c[S] || c[Z] == c[S] && c[L] > c[J]
	if mirror {
		c = c.mirrored()
	}
	v := decide(ctx, size, c)
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

// soloTime is how long the search runs alone before the other methods join
// it: enough for nearly every signature with a tiling, and for most without
// one that a short search can rule out.
const soloTime = 50 * time.Millisecond

// searchTime is how long after Solve begins the search may still run, once
// the tilings of particular forms are tried; a second SAT solver takes its
// core from then on. Past its solo time the search settles hardly any
// signature of 12 to 40 (docs/solvers.md, "Tetromino").
const searchTime = time.Second

// repairTime is how long the repair of the nearest stack of bands may take
// on a square up to satMaxSize, after the search's first second and before
// the second SAT solver: where it finds a tiling, it mostly does soon
// (docs/solvers.md, "Tetromino").
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

// verdict is what a method found, and how.
type verdict struct {
	tiling []Placement // when out is found
	out    outcome
	method string   // the method that settled it: bySearch, ...
	weigh  weighing // the argument, when method is byWeighting
	sat    string   // the SAT solver that ran, if one did: "cadical" or "gini"
	exists bool     // the row profiles counted a tiling, which the SAT solver looked for
}

// undecidedVerdict is the verdict of a method that settled nothing.
var undecidedVerdict = verdict{out: timedOut}

// tilingBy returns the verdict of method when it found tiling, undecided
// when tiling is nil.
func tilingBy(tiling []Placement, method string) verdict {
	if tiling == nil {
		return undecidedVerdict
	}
	return verdict{tiling: tiling, out: found, method: method}
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

// or returns v when it settles the question, else w when it does, else v
// with what w knows too (the SAT solver that ran, a tiling counted).
func (v verdict) or(w verdict) verdict {
	switch {
	case v.out != timedOut:
		return v
	case w.out != timedOut:
		return w
	}
	if v.sat == "" {
		v.sat = w.sat
	}
	v.exists = v.exists || w.exists
	return v
}

// decide runs the search alone for soloTime, then tries a weighting
// argument (findWeighing), then races the portfolio (race.run) until one
// of its methods settles the question or ctx ends. All have stopped when
// it returns.
func decide(ctx context.Context, n int, c Counts) verdict {
	r := &race{n: n, c: c, s: newSearcher(n, c), start: time.Now()}
	solo, cancel := context.WithDeadline(ctx, r.start.Add(soloTime))
	out := r.s.runWithin(solo)
	cancel()
	if out != timedOut || ctx.Err() != nil {
		return r.s.result(out)
	}
	if w, ok := findWeighing(n, c); ok {
		return verdict{out: exhausted, method: byWeighting, weigh: w}
	}
	return r.run(ctx)
}

// A method is an entry of the portfolio that decide races: a way to settle
// a signature, the squares it takes on, and its share of the time.
type method struct {
	name  string        // the method, as verdicts name it (when run does not)
	sides sides         // the squares it takes on
	until time.Duration // it ends this long after decide began (0: with the race)
	most  time.Duration // it runs this long at most (0: no bound of its own)
	run   func(ctx context.Context, r *race) verdict
}

// besides are the methods that run in goroutines of their own, beside the
// search's core, from the end of the search's solo until the question is
// settled: the SAT solver on squares up to satMaxSize, the bands (repaired
// when need be) on larger ones, and weights of any shape. When two settle
// it at once, the earlier in the list names the method.
var besides = []method{
	{name: bySAT, sides: sides{max: satMaxSize}, run: runFirstSAT},
	{name: byBands, sides: sides{min: satMaxSize + 1}, run: runBandsOrRepair},
	{name: byWeighting, sides: sides{max: anyWeightsMaxSize}, run: runAnyWeighing},
}

// inTurn are the methods that run one after the other on the search's
// core, each until it settles the question or its time is up. On squares
// up to satMaxSize: tilings of three forms that are quick to build or to
// ask for (a stack of bands, a tiling a turn maps onto itself, the few
// figures near the sides), the search until searchTime, the nearest stack
// of bands repaired for at most repairTime, then a second SAT solver on
// the whole square in its configuration for formulas with a model, which
// finds some tilings several times sooner than the first. Last, the search
// until the end: on larger squares, and where the second SAT solver cannot
// run (a formula over satMaxClauses).
var inTurn = []method{
	{name: byBands, sides: sides{max: satMaxSize}, run: runBands},
	{name: byTurn, sides: sides{max: satMaxSize}, run: runTurned},
	{name: byBorder, sides: sides{max: satMaxSize}, run: runBorder},
	{name: bySearch, sides: sides{max: satMaxSize}, until: searchTime, run: runSearch},
	{name: byRepair, sides: sides{max: satMaxSize}, most: repairTime, run: runRepair},
	{name: bySecondSAT, sides: sides{max: satMaxSize}, run: runSecondSAT},
	{name: bySearch, run: runSearch},
}

// sides are the sides of the squares a method takes on: from min to max,
// 0 for no bound. (Data, not a function, so that the lists above are built
// by the compiler and nothing runs as puzbot starts.)
type sides struct{ min, max int }

// take says whether the method takes on the n x n square.
func (s sides) take(n int) bool { return n >= s.min && (s.max == 0 || n <= s.max) }

// within runs m on r, ended by ctx and by m's share of the time.
func (m method) within(ctx context.Context, r *race) verdict {
	if m.until > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, r.start.Add(m.until))
		defer cancel()
	}
	if m.most > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, m.most)
		defer cancel()
	}
	v := m.run(ctx, r)
	if v.method == "" {
		v.method = m.name
	}
	return v
}

// race is one call of decide: the square, the counts, and what the
// methods of the portfolio share.
type race struct {
	n     int
	c     Counts
	start time.Time // when decide began
	s     *searcher // the search, which each of its turns takes up again
	// nearest builds the stack of bands nearest the signature (nil when
	// there is none), once runBands has run.
	nearest func(halt func() bool) []Placement
	whole   *encoding // the whole square's formula, once built (wholeFormula)
	built   bool
}

// run races the methods of the portfolio that apply to the square: those
// of besides in goroutines of their own, those of inTurn one after the
// other on this one, until one of them settles the question, which stops
// the others, or ctx ends. The verdict is the first in turn's that settled
// it, else the first beside's, else an undecided one with what they know.
// All have stopped when it returns.
func (r *race) run(ctx context.Context) verdict {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	answers := r.startBesides(ctx, cancel)
	v := r.takeTurns(ctx)
	cancel()
	for _, answer := range answers {
		v = v.or(<-answer)
	}
	return v
}

// startBesides starts the methods of besides that apply, and returns the
// channels on which each sends its verdict; one that settles the question
// calls settled first, so that the others stop.
func (r *race) startBesides(ctx context.Context, settled context.CancelFunc) []<-chan verdict {
	var answers []<-chan verdict
	for _, m := range besides {
		if !m.sides.take(r.n) {
			continue
		}
		answer := make(chan verdict, 1)
		go func() {
			v := m.within(ctx, r)
			if v.out != timedOut {
				settled()
			}
			answer <- v
		}()
		answers = append(answers, answer)
	}
	return answers
}

// takeTurns runs the methods of inTurn that apply, one after the other,
// until one settles the question or ctx ends.
func (r *race) takeTurns(ctx context.Context) verdict {
	v := undecidedVerdict
	for _, m := range inTurn {
		if ctx.Err() != nil {
			break
		}
		if !m.sides.take(r.n) {
			continue
		}
		if v = v.or(m.within(ctx, r)); v.out != timedOut {
			break
		}
	}
	return v
}

// wholeFormula returns the whole square's formula without symmetry-breaking
// clauses, for the turned tilings and the second SAT solver: built once,
// when the first of them asks (nil when ctx ended first).
func (r *race) wholeFormula(ctx context.Context) *encoding {
	if !r.built {
		r.whole, r.built = encode(ctx, r.n, r.c, noBreaking), true
	}
	return r.whole
}

// satBreaking is the formula the SAT solver works on: the lex-leader
// clauses and the local ones. A second solver on the lex-leader clauses
// alone once ran beside it; on two cores it took CPU time from the others,
// and without it the hard signatures are settled sooner (docs/solvers.md,
// "Tetromino").
const satBreaking = localBreaking

// runFirstSAT counts the row profiles, then runs the SAT solver on the
// formula of satBreaking (profilesThenSAT).
func runFirstSAT(ctx context.Context, r *race) verdict {
	return profilesThenSAT(ctx, r.n, r.c)
}

// runBandsOrRepair builds a tiling from bands (byBands), else repairs the
// stack of bands nearest the signature (byRepair).
func runBandsOrRepair(ctx context.Context, r *race) verdict {
	tiling, nearest := nearestBands(r.n, r.c, halt(ctx))
	if tiling != nil || nearest == nil {
		return tilingBy(tiling, byBands)
	}
	return tilingBy(repair(ctx, r.n, r.c, nearest(halt(ctx))), byRepair)
}

// runAnyWeighing looks for a weighting argument with weights of any shape
// (findAnyWeighing).
func runAnyWeighing(ctx context.Context, r *race) verdict {
	if w, ok := findAnyWeighing(r.n, r.c, halt(ctx)); ok {
		return verdict{out: exhausted, method: byWeighting, weigh: w}
	}
	return undecidedVerdict
}

// runBands builds a tiling from bands, and keeps the way to the stack
// nearest the signature for runRepair.
func runBands(ctx context.Context, r *race) verdict {
	tiling, nearest := nearestBands(r.n, r.c, halt(ctx))
	r.nearest = nearest
	return tilingBy(tiling, byBands)
}

// runTurned looks for a tiling that a turn of the square maps onto itself
// (turnedTiling).
func runTurned(ctx context.Context, r *race) verdict {
	whole := func() *encoding { return r.wholeFormula(ctx) }
	return tilingBy(turnedTiling(ctx, r.c, whole), byTurn)
}

// runBorder looks for a tiling with the few figures near the sides
// (borderTiling).
func runBorder(ctx context.Context, r *race) verdict {
	return tilingBy(borderTiling(ctx, r.n, r.c), byBorder)
}

// runSearch takes the search up again until it settles the question or
// ctx ends.
func runSearch(ctx context.Context, r *race) verdict {
	return r.s.result(r.s.runWithin(ctx))
}

// runRepair repairs the stack of bands nearest the signature, when
// runBands found one.
func runRepair(ctx context.Context, r *race) verdict {
	if r.nearest == nil {
		return undecidedVerdict
	}
	return tilingBy(repair(ctx, r.n, r.c, r.nearest(halt(ctx))), byRepair)
}

// runSecondSAT runs a second SAT solver on the whole square's formula in
// its configuration for formulas with a model.
func runSecondSAT(ctx context.Context, r *race) verdict {
	return solveFormula(ctx, cadicalPath(), r.wholeFormula(ctx), forSat)
}

// halt returns a halt function for the methods that ask one: it says to
// stop once ctx has ended.
func halt(ctx context.Context) func() bool {
	return func() bool { return ctx.Err() != nil }
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
	return &searcher{e: newEngine(n, c), base: 2*int64(n*n/4) + 1024}
}

// runWithin searches until it finds a tiling or proves there is none, or
// ctx ends (timedOut). When one run takes much longer than it should, a
// restart with other tie-breaks usually does better. The runs' budgets follow the Luby sequence: mostly
// short, but growing without bound, so that if there is no tiling some run
// eventually has the budget to try everything and prove it. A run cut short
// by the deadline starts again from its beginning on the next call.
func (s *searcher) runWithin(ctx context.Context) outcome {
	s.e.ctx = ctx
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
