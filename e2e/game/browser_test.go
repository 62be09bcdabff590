package game

// The browser tests play the copy in Debian's chromium on a private Xvfb
// with xdotool, and ask the game server what the page saw. They share one
// Xvfb, one server and one chromium per test binary (started by the first
// test that needs them, stopped by TestMain), and move between screens with
// the server's control command instead of restarting the browser.

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"net/url"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/puzbot/puzbot/capture"
	"github.com/puzbot/puzbot/e2e/browser"
	"github.com/puzbot/puzbot/internal/testdata"
	"github.com/puzbot/puzbot/internal/xvfb"
	"github.com/puzbot/puzbot/puzzle"
)

func TestMain(m *testing.M) {
	code := m.Run()
	if shared != nil {
		shared.close()
	}
	testdata.RemoveBuilt()
	os.Exit(code)
}

// session is the desktop the browser tests share.
type session struct {
	x       *xvfb.Server
	game    *Running
	browser *browser.Browser
	levels  *Levels
}

var (
	sessionOnce sync.Once
	shared      *session
	sessionErr  error
)

// desktop returns the shared session, starting it on first use.
func desktop(t *testing.T) *session {
	t.Helper()
	if testing.Short() {
		t.Skip("browser test: skipped with -short")
	}
	sessionOnce.Do(func() { shared, sessionErr = startSession() })
	if sessionErr != nil {
		t.Fatal(sessionErr)
	}
	return shared
}

func startSession() (*session, error) {
	if _, err := exec.LookPath("xdotool"); err != nil {
		return nil, fmt.Errorf("xdotool is not installed: run scripts/setup.sh --test")
	}
	if _, err := browser.Find(); err != nil {
		return nil, err
	}
	srv, err := NewServer(gameDir)
	if err != nil {
		return nil, err
	}
	ls, err := LoadLevels(gameDir)
	if err != nil {
		return nil, err
	}
	x, err := xvfb.Start(1920, 1080)
	if err != nil {
		return nil, err
	}
	// capture and xdotool find the server through DISPLAY; the tests of this
	// package never run in parallel.
	os.Setenv("DISPLAY", x.Display)
	s := &session{x: x, levels: ls}
	if s.game, err = srv.Listen("127.0.0.1:0"); err != nil {
		s.close()
		return nil, err
	}
	if s.browser, err = browser.Launch(browser.Options{URL: s.game.URL + "?screen=title", Display: x.Display}); err != nil {
		s.close()
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if _, err := s.game.Wait(ctx, 0, isType(EventScreen)); err != nil {
		s.close()
		return nil, fmt.Errorf("the game page did not start in chromium: %w", err)
	}
	return s, nil
}

func (s *session) close() {
	if s.browser != nil {
		s.browser.Close()
	}
	if s.game != nil {
		s.game.Close()
	}
	s.x.Stop()
}

func isType(typ string) func(Event) bool {
	return func(e Event) bool { return e.Type == typ }
}

// wait waits up to 10 s for an event after seq that matches.
func (s *session) wait(t *testing.T, after int, what string, match func(Event) bool) Event {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ev, err := s.game.Wait(ctx, after, match)
	if err != nil {
		t.Fatalf("%s: %v; the page reported:\n%s", what, err, s.log(after))
	}
	return ev
}

// log lists the events after seq, for failure messages.
func (s *session) log(after int) string {
	var b strings.Builder
	for _, ev := range s.game.Events(after) {
		b.WriteString("\t" + FormatEvent(ev) + "\n")
	}
	return b.String()
}

// open loads the page with the query and waits until it shows its first
// screen; it returns that screen's event.
func (s *session) open(t *testing.T, query string) Event {
	t.Helper()
	q, err := url.ParseQuery(query)
	if err != nil {
		t.Fatal(err)
	}
	after := s.game.Seq()
	cmd := s.game.Goto(q)
	return s.wait(t, after, "open ?"+query, func(e Event) bool { return e.Cmd == cmd && e.Type == EventScreen })
}

// screenPoint turns a game-area point into a screen point.
func screenPoint(p image.Point) image.Point { return p.Add(DefaultOrigin) }

func (s *session) xdo(t *testing.T, args ...string) {
	t.Helper()
	if err := xdotool(args...); err != nil {
		t.Fatal(err)
	}
}

// xdotool runs xdotool on $DISPLAY.
func xdotool(args ...string) error {
	out, err := exec.Command("xdotool", args...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("xdotool %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return nil
}

func xy(p image.Point) []string {
	p = screenPoint(p)
	return []string{strconv.Itoa(p.X), strconv.Itoa(p.Y)}
}

// press holds the left button down at p until the game's frame loop has
// seen it, and release lets it go at p likewise: gestures made of them
// register however loaded the machine is. (A release and a press within one
// frame would be lost, as in the real game.)
func (s *session) press(t *testing.T, p image.Point) {
	t.Helper()
	after := s.game.Seq()
	s.xdo(t, append(append([]string{"mousemove"}, xy(p)...), "mousedown", "1")...)
	// In full test runs with both cores busy, a press has twice not reached
	// the page at all (no pointer report in 10 s); one the page got is not
	// sent again, so that it cannot become a click.
	if !s.seenSoon(t, after, "press", "down") {
		s.xdo(t, append(append([]string{"mouseup", "1", "mousemove"}, xy(p)...), "mousedown", "1")...)
	}
	s.wait(t, after, fmt.Sprintf("the game seeing a press at %v", p), isSeen("press"))
}

func (s *session) release(t *testing.T, p image.Point) {
	t.Helper()
	after := s.game.Seq()
	s.xdo(t, append(append([]string{"mousemove"}, xy(p)...), "mouseup", "1")...)
	if !s.seenSoon(t, after, "release", "up") {
		s.xdo(t, "mouseup", "1")
	}
	s.wait(t, after, fmt.Sprintf("the game seeing a release at %v", p), isSeen("release"))
}

// pressWait is how long press and release wait for the page to see the
// button before they look into why.
const pressWait = 4 * time.Second

// seenSoon waits pressWait for the page's frame loop to see the button
// change (seen: "press" or "release") after after. It reports false, to
// send the change again, only when the page reported no pointer event of
// that kind (pointer: "down" or "up") either: the input never reached it.
func (s *session) seenSoon(t *testing.T, after int, seen, pointer string) bool {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), pressWait)
	defer cancel()
	if _, err := s.game.Wait(ctx, after, isSeen(seen)); err == nil {
		return true
	}
	for _, ev := range s.game.Events(after) {
		if ev.Type == EventPointer && ev.Target == pointer {
			t.Logf("the page got the %s but its frames had not seen it within %v; waiting on", seen, pressWait)
			return true
		}
	}
	t.Logf("the page reported no %s within %v (the pointer event never reached it); sending it again", seen, pressWait)
	return false
}

func isSeen(what string) func(Event) bool {
	return func(e Event) bool { return e.Type == EventSeen && e.Target == what }
}

// click presses and releases the left button at p.
func (s *session) click(t *testing.T, p image.Point) {
	t.Helper()
	s.press(t, p)
	s.release(t, p)
}

// drag moves a piece like a person: press, move, release.
func (s *session) drag(t *testing.T, from, to image.Point) {
	t.Helper()
	s.press(t, from)
	s.xdo(t, append([]string{"mousemove"}, xy(from.Add(to).Div(2))...)...)
	s.release(t, to)
}

// fastDrag presses, moves and releases within a millisecond or two.
func (s *session) fastDrag(t *testing.T, from, to image.Point) {
	t.Helper()
	args := append([]string{"mousemove"}, xy(from)...)
	args = append(args, "mousedown", "1", "mousemove")
	args = append(args, xy(to)...)
	args = append(args, "mouseup", "1")
	s.xdo(t, args...)
}

// barrier waits until the page has reported everything it did before now:
// it presses a key, which a level screen only reports, and waits for that
// report; reports arrive in order.
func (s *session) barrier(t *testing.T) int {
	t.Helper()
	return s.keyUntil(t, "shift", s.game.Seq(), "the key press used as a barrier", isType(EventKey)).Seq
}

// keyUntil presses key and waits for an event after seq that matches. A key
// press can get lost on its way to the page (seen in full test runs, with
// both cores busy and with the machine idle), so when none comes within 4 s
// it presses the key again, twice at most: the keys these tests press
// change nothing when they arrive twice (a key is only reported, except on
// the title screen, which it leaves).
func (s *session) keyUntil(t *testing.T, key string, after int, what string, match func(Event) bool) Event {
	t.Helper()
	for try := 1; try < 3; try++ {
		s.xdo(t, "key", key)
		ctx, cancel := context.WithTimeout(context.Background(), 4*time.Second)
		ev, err := s.game.Wait(ctx, after, match)
		cancel()
		if err == nil {
			return ev
		}
		t.Logf("%s: the %s key was not reported within 4 s; pressing it again", what, key)
	}
	s.xdo(t, "key", key)
	return s.wait(t, after, what, match)
}

// shot captures the screen once the page shows its canvas and has stopped
// changing: the screen report comes two frames after drawing, but on a
// loaded machine the browser may present them later.
func (s *session) shot(t *testing.T) *capture.Shot {
	t.Helper()
	var last *capture.Shot
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); {
		time.Sleep(50 * time.Millisecond)
		shot, err := capture.Display(0)
		if err != nil {
			t.Fatal(err)
		}
		// Before the first frame is presented, the portal's black shows
		// through the empty canvas.
		drawn := dist(shot.Image.At(DefaultOrigin.X+5, DefaultOrigin.Y+Height/2), frameColour) > 0
		if drawn && last != nil && bytes.Equal(last.Image.Pix, shot.Image.Pix) {
			return shot
		}
		last = shot
	}
	t.Fatal("the screen did not settle within 5 s")
	return nil
}

func isPlace(level int, b Block, row, col int) func(Event) bool {
	return func(e Event) bool {
		return e.Type == EventPlace && e.Level == level && *e.Value == b.Value && e.Color == b.Color && *e.Row == row && *e.Col == col
	}
}

// answerMove is a drag from the tray that the level's answer makes.
type answerMove struct {
	from, to image.Point
	block    Block
	cell     Cell
}

// answerMoves returns, for every empty square of the level, the tray block
// that the answer puts there: blocks of the same number and colour are taken
// from the tray in order.
func answerMoves(l *Level) []answerMove {
	centres := l.PieceCentres()
	blocks := l.Blocks()
	used := make([]bool, len(blocks))
	var out []answerMove
	for _, c := range l.Cells {
		if c.Answer == nil {
			continue
		}
		want := Block{Value: *c.Answer, Color: c.Color}
		for i, b := range blocks {
			if !used[i] && b == want {
				used[i] = true
				out = append(out, answerMove{from: centres[i], to: l.CellCentre(c), block: b, cell: c})
				break
			}
		}
	}
	return out
}

// play solves the level on screen by dragging every block to its answer.
func (s *session) play(t *testing.T, l *Level) {
	t.Helper()
	for _, m := range answerMoves(l) {
		after := s.game.Seq()
		s.drag(t, m.from, m.to)
		s.wait(t, after, fmt.Sprintf("level %d: placing %v on row %d, col %d", l.Level, m.block, m.cell.Row, m.cell.Col),
			isPlace(l.Level, m.block, m.cell.Row, m.cell.Col))
	}
}

// TestPlayLevel1 plays level 1 by hand-coded drags, from the level's answer
// and the page's geometry, and checks through the page's reports that it was
// completed; then Next opens level 2.
func TestPlayLevel1(t *testing.T) {
	s := desktop(t)
	s.open(t, "level=1")
	l, _ := s.levels.Get(1)
	after := s.game.Seq()
	s.play(t, l)
	s.wait(t, after, "level 1 completed", func(e Event) bool { return e.Type == EventCompleted && e.Level == 1 })
	s.wait(t, after, "the Level Completed overlay", func(e Event) bool { return e.Type == EventScreen && e.Screen == "completed" })
	after = s.game.Seq()
	s.click(t, image.Pt(NextX, NextY))
	s.wait(t, after, "level 2 after Next", func(e Event) bool { return e.Type == EventScreen && e.Screen == "level" && e.Level == 2 })
}

// TestPlayAllLevels plays the whole game from level 1, moving on with Next:
// every level's answer completes it in the page (the page's rules agree with
// the levels file), and after the last level Next leads to a level map with
// every tile done.
func TestPlayAllLevels(t *testing.T) {
	s := desktop(t)
	s.open(t, "level=1")
	for _, l := range s.levels.Levels {
		after := s.game.Seq()
		s.play(t, &l)
		s.wait(t, after, fmt.Sprintf("level %d completed", l.Level), func(e Event) bool { return e.Type == EventCompleted && e.Level == l.Level })
		s.wait(t, after, "the Level Completed overlay", func(e Event) bool { return e.Type == EventScreen && e.Screen == "completed" })
		after = s.game.Seq()
		s.click(t, image.Pt(NextX, NextY))
		next := func(e Event) bool { return e.Type == EventScreen && e.Screen == "level" && e.Level == l.Level+1 }
		if l.Level == len(s.levels.Levels) {
			next = func(e Event) bool { return e.Type == EventScreen && e.Screen == "levels" }
		}
		s.wait(t, after, "the screen after Next", next)
	}
	if got := s.game.State().Completed; len(got) < len(s.levels.Levels) {
		t.Errorf("levels completed: %v", got)
	}
	s.xdo(t, "mousemove", "0", "0")
	for _, p := range checkGeometry(s.shot(t).Image, MapScreen(DefaultOrigin, len(s.levels.Levels), len(s.levels.Levels))) {
		t.Error(p)
	}
}

// TestOrigin puts the game area elsewhere on the page (origin=X,Y) and
// checks that everything moves with it, as the layout says.
func TestOrigin(t *testing.T) {
	s := desktop(t)
	origin := image.Pt(120, 333)
	s.open(t, fmt.Sprintf("level=13&origin=%d,%d", origin.X, origin.Y))
	l, _ := s.levels.Get(13)
	for _, p := range checkGeometry(s.shot(t).Image, l.Screen(origin)) {
		t.Error(p)
	}
}

// TestRightClickHidesSum checks that a right click on a sum clue fades it,
// and another brings it back, as level 6's hint says.
func TestRightClickHidesSum(t *testing.T) {
	s := desktop(t)
	s.open(t, "level=6")
	l, _ := s.levels.Get(6)
	box := l.clueBox(l.Sums[0]).Add(DefaultOrigin)
	dark := func() int {
		img := s.shot(t).Image
		n := 0
		for y := box.Min.Y; y < box.Max.Y; y++ {
			for x := box.Min.X; x < box.Max.X; x++ {
				if dist(img.At(x, y), color.RGBA{0x40, 0x40, 0x40, 255}) < 24 {
					n++
				}
			}
		}
		return n
	}
	shown := dark()
	if shown < 40 {
		t.Fatalf("only %d dark pixels in the clue's box %v", shown, box)
	}
	c := box.Min.Add(box.Max).Div(2).Sub(DefaultOrigin)
	rightClick := func() {
		s.xdo(t, append(append([]string{"mousemove"}, xy(c)...), "mousedown", "3", "sleep", "0.15", "mouseup", "3", "mousemove", "0", "0", "sleep", "0.1")...)
	}
	rightClick()
	if hidden := dark(); hidden*4 > shown {
		t.Errorf("after a right click the clue still has %d dark pixels (%d before)", hidden, shown)
	}
	rightClick()
	if again := dark(); again < shown*3/4 {
		t.Errorf("after a second right click the clue has %d dark pixels (%d at first)", again, shown)
	}
}

// TestNavigation walks the title, the level map and the buttons.
func TestNavigation(t *testing.T) {
	s := desktop(t)
	s.open(t, "screen=title")
	isScreen := func(name string, level int) func(Event) bool {
		return func(e Event) bool { return e.Type == EventScreen && e.Screen == name && e.Level == level }
	}
	screen := func(after int, name string, level int) {
		t.Helper()
		s.wait(t, after, fmt.Sprintf("screen %s %d", name, level), isScreen(name, level))
	}
	s.keyUntil(t, "space", s.game.Seq(), "screen levels 0", isScreen("levels", 0))

	// Level 1 is open, level 2 locked: a click on 2 does nothing.
	after := s.game.Seq()
	s.click(t, TileCentre(2))
	s.click(t, TileCentre(1))
	ev := s.wait(t, after, "screen level 1", isType(EventScreen))
	if ev.Screen != "level" || ev.Level != 1 {
		t.Fatalf("after clicking the locked tile 2 and the open tile 1: %s", FormatEvent(ev))
	}

	// Quit goes back to the map; Menu on the overlay too.
	after = s.game.Seq()
	s.click(t, image.Pt(742, 62))
	screen(after, "levels", 0)
	after = s.game.Seq()
	s.click(t, image.Pt(400, 204)) // "play": the first open level
	screen(after, "level", 1)
	l, _ := s.levels.Get(1)
	s.play(t, l)
	after = s.game.Seq()
	s.click(t, image.Pt(MenuX, MenuY))
	screen(after, "levels", 0)
	// Level 2 is open now.
	after = s.game.Seq()
	s.click(t, TileCentre(2))
	screen(after, "level", 2)
}

// TestFastDragIsLost checks that the page reads the mouse once per frame,
// like the real game: a drag whose press and release both come between two
// animation frames never places its piece, while the same drag done over
// several frames always does. The page reports the frame interval each press
// and release came in; xdotool's fast drags take a millisecond or two, so
// most fall within one frame (the others, which straddle a frame boundary,
// may place the piece, as in the real game, and are not judged).
func TestFastDragIsLost(t *testing.T) {
	s := desktop(t)
	s.open(t, "level=2")
	l, _ := s.levels.Get(2)
	moves := answerMoves(l)
	const tries = 12
	within := 0
	for i := 0; i < tries; i++ {
		m := moves[i%len(moves)]
		after := s.game.Seq()
		s.fastDrag(t, m.from, m.to)
		s.barrier(t)
		evs := s.game.Events(after)
		down, up, ok := pressFrames(evs)
		if !ok {
			t.Fatalf("fast drag %d: the page did not report its press and release:\n%s", i, s.log(after))
		}
		placed := hasPlace(evs)
		if down == up {
			within++
			if placed {
				t.Errorf("fast drag %d: press and release both in frame interval %d, yet the piece was placed:\n%s", i, down, s.log(after))
			}
		}
		if !placed {
			after = s.game.Seq()
			s.drag(t, m.from, m.to)
			s.wait(t, after, fmt.Sprintf("slow drag of %v to row %d, col %d", m.block, m.cell.Row, m.cell.Col),
				isPlace(2, m.block, m.cell.Row, m.cell.Col))
		}
		after = s.game.Seq()
		s.click(t, image.Pt(728, 26)) // Restart
		s.wait(t, after, "restart", func(e Event) bool { return e.Type == EventClick && e.Target == "restart" })
	}
	t.Logf("%d of %d fast drags fell within one frame interval", within, tries)
	if within < 3 {
		t.Errorf("only %d of %d fast drags fell within one frame interval: the machine is too slow to test this", within, tries)
	}
}

// pressFrames returns the frame intervals of the first press and release.
func pressFrames(evs []Event) (down, up int, ok bool) {
	var gotDown, gotUp bool
	for _, e := range evs {
		if e.Type != EventPointer {
			continue
		}
		if e.Target == "down" && !gotDown {
			down, gotDown = e.Frame, true
		}
		if e.Target == "up" && gotDown && !gotUp {
			up, gotUp = e.Frame, true
		}
	}
	return down, up, gotDown && gotUp
}

func hasPlace(evs []Event) bool {
	for _, e := range evs {
		if e.Type == EventPlace {
			return true
		}
	}
	return false
}

// TestDragRules checks what a drop does: on an empty square the piece stays,
// onto another piece the two change places, off the board it goes back
// below, and a number twice in a line turns red.
func TestDragRules(t *testing.T) {
	s := desktop(t)
	s.open(t, "level=2")
	l, _ := s.levels.Get(2)
	pieces := l.PieceCentres() // 3 4 5 6
	cell := func(row, col int) image.Point {
		for _, c := range l.Cells {
			if c.Row == row && c.Col == col {
				return l.CellCentre(c)
			}
		}
		t.Fatalf("level 2 has no square at row %d, col %d", row, col)
		return image.Point{}
	}
	// 3 to (0,1) and 5 to (1,1); then 3 onto the 5: they change places.
	after := s.game.Seq()
	s.drag(t, pieces[0], cell(0, 1))
	s.drag(t, pieces[2], cell(1, 1))
	s.drag(t, cell(0, 1), cell(1, 1))
	s.wait(t, after, "5 moved to row 0, col 1", isPlace(2, Block{5, puzzle.ColorBlue}, 0, 1))
	if got := placements(s.game.Events(after)); got != "3@1,1 5@0,1" {
		t.Errorf("after the swap the board holds %s, want 3@1,1 5@0,1\n%s", got, s.log(after))
	}
	// Row 0 now holds the prefilled 5 and the piece 5: both are red, and
	// nothing else is.
	img := s.shot(t).Image
	for _, c := range []image.Point{cell(0, 0), cell(0, 1)} {
		if !hasRed(img, screenPoint(c)) {
			t.Errorf("the 5 at %v is not red beside the other 5 of its row", c)
		}
	}
	for _, c := range []image.Point{cell(1, 0), cell(1, 1), cell(1, 2)} {
		if hasRed(img, screenPoint(c)) {
			t.Errorf("the number at %v is red without a conflict", c)
		}
	}
	// Dragged off the board, the 5 goes back below it.
	after = s.game.Seq()
	s.drag(t, cell(0, 1), image.Pt(620, 250))
	ev := s.wait(t, after, "5 leaves the board", isType(EventRemove))
	if *ev.Value != 5 || *ev.Row != 0 || *ev.Col != 1 {
		t.Errorf("removed %s, want 5 from row 0, col 1", FormatEvent(ev))
	}
	s.barrier(t)
	if hasPlace(s.game.Events(after)) {
		t.Errorf("the 5 was placed again:\n%s", s.log(after))
	}
	img = s.shot(t).Image
	if hasRed(img, screenPoint(cell(0, 0))) {
		t.Errorf("the prefilled 5 is still red after the other 5 left")
	}
}

// hasRed reports whether the digit around p (screen pixels) is drawn red.
func hasRed(img image.Image, p image.Point) bool {
	n := 0
	for y := p.Y - 10; y <= p.Y+10; y++ {
		for x := p.X - 8; x <= p.X+8; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			if r>>8 > 180 && g>>8 < 90 && b>>8 < 90 {
				n++
			}
		}
	}
	return n >= 10
}

// placements replays place and remove events into "value@row,col" pairs.
func placements(evs []Event) string {
	at := map[string]int{}
	for _, e := range evs {
		if e.Type != EventPlace && e.Type != EventRemove {
			continue
		}
		k := fmt.Sprintf("%d,%d", *e.Row, *e.Col)
		if e.Type == EventPlace {
			at[k] = *e.Value
		} else {
			delete(at, k)
		}
	}
	var out []string
	for k, v := range at {
		out = append(out, fmt.Sprintf("%d@%s", v, k))
	}
	slices.Sort(out)
	return strings.Join(out, " ")
}

// TestWhiteBlocks checks the colour rules on level 12, where each number has
// one blue and one white block: the answer's numbers with the colours
// swapped break the blue and white clues, so the level is not completed;
// and a white block beside an equal number turns red like a blue one.
func TestWhiteBlocks(t *testing.T) {
	s := desktop(t)
	s.open(t, "level=12")
	l, _ := s.levels.Get(12)
	centres, blocks := l.PieceCentres(), l.Blocks()
	swapped := func(b Block) Block {
		if b.Color == puzzle.ColorWhite {
			return Block{b.Value, puzzle.ColorBlue}
		}
		return Block{b.Value, puzzle.ColorWhite}
	}
	after := s.game.Seq()
	for _, m := range answerMoves(l) {
		other := swapped(m.block)
		i := slices.Index(blocks, other)
		if i < 0 || slices.Index(blocks[i+1:], other) >= 0 {
			t.Fatalf("level 12 should have exactly one block %v", other)
		}
		s.drag(t, centres[i], m.to)
		s.wait(t, after, fmt.Sprintf("placing %v on row %d, col %d", other, m.cell.Row, m.cell.Col), isPlace(12, other, m.cell.Row, m.cell.Col))
	}
	s.barrier(t)
	for _, e := range s.game.Events(after) {
		if e.Type == EventCompleted {
			t.Errorf("level 12 was completed with the colours swapped:\n%s", s.log(after))
		}
	}

	after = s.game.Seq()
	s.click(t, image.Pt(728, 26)) // Restart
	s.wait(t, after, "restart", func(e Event) bool { return e.Type == EventClick && e.Target == "restart" })
	seven := slices.Index(blocks, Block{7, puzzle.ColorWhite})
	corner, fixed := l.CellCentre(Cell{Row: 0, Col: 0}), l.CellCentre(Cell{Row: 2, Col: 0})
	s.drag(t, centres[seven], corner)
	s.wait(t, after, "the white 7 on row 0, col 0", isPlace(12, Block{7, puzzle.ColorWhite}, 0, 0))
	img := s.shot(t).Image
	for _, p := range []image.Point{corner, fixed} {
		if !hasRed(img, screenPoint(p)) {
			t.Errorf("the 7 at %v is not red beside the other 7 of its column", p)
		}
	}
	if problems := checkGeometry(img, &puzzle.Puzzle{Board: board(DefaultOrigin), Pieces: []puzzle.Piece{
		{Value: puzzle.Int(7), Color: puzzle.ColorWhite, Row: puzzle.Int(0), Col: puzzle.Int(0), Point: at(DefaultOrigin, corner)},
	}}); len(problems) > 0 {
		t.Errorf("the white 7 on the board: %v", problems)
	}
}
