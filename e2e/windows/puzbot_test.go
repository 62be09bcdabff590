//go:build linux

// Package windows holds the end-to-end tests of puzbot.exe, the Windows
// build of puzbot, under Wine on a private Xvfb (internal/wine): its
// screenshots against what the X server shows, its replays against what a
// Windows program gets (target, a small Windows program of the tests'), and
// its fail-safe and Ctrl-C. They skip, saying so, on a machine without Wine.
package windows

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"image"
	"image/draw"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/puzbot/puzbot/capture"
	"github.com/puzbot/puzbot/internal/screentest"
	"github.com/puzbot/puzbot/internal/testdata"
	"github.com/puzbot/puzbot/internal/wine"
	"github.com/puzbot/puzbot/internal/xvfb"
)

// The Windows programs, built once for the test process.
var (
	buildOnce sync.Once
	binDir    string
	buildErr  error
)

// TestMain removes the programs the tests built.
func TestMain(m *testing.M) {
	code := m.Run()
	for _, dir := range []string{binDir, visionDir} {
		if dir != "" {
			os.RemoveAll(dir)
		}
	}
	testdata.RemoveBuilt()
	os.Exit(code)
}

// build builds puzbot.exe and target.exe, as CGO_ENABLED=0 GOOS=windows go
// build does, once, and returns their folder.
func build(t *testing.T) string {
	t.Helper()
	root := testdata.Root(t)
	buildOnce.Do(func() {
		if binDir, buildErr = os.MkdirTemp("", "puzbot-windows-bin-"); buildErr != nil {
			return
		}
		cmd := exec.Command("go", "build", "-o", binDir+"/", "./cmd/puzbot", "./e2e/windows/target")
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GOOS=windows", "GOARCH=amd64", "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("build for Windows: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binDir
}

// desk is a test's Xvfb with Wine on it, and the built programs.
type desk struct {
	t    *testing.T
	wine *wine.Wine
	bin  string
}

// newDesk starts an Xvfb of w x h pixels and Wine on it for the test, with
// the programs build builds. The monitors, if any, divide the X screen
// (Server.SetMonitors: the first is the primary) before Wine starts, which shows
// them to Windows programs as displays.
func newDesk(t *testing.T, w, h int, monitors ...image.Rectangle) *desk {
	if _, _, err := wine.Find(); err != nil {
		t.Skipf("%v", err)
	}
	return newDeskWith(t, w, h, build(t), monitors...)
}

// newDeskWith is newDesk with the programs in the folder bin.
func newDeskWith(t *testing.T, w, h int, bin string, monitors ...image.Rectangle) *desk {
	if _, _, err := wine.Find(); err != nil {
		t.Skipf("%v", err)
	}
	s := xvfb.ForTest(t, w, h)
	if len(monitors) > 0 {
		if err := s.SetMonitors(monitors[0], monitors[1:]...); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv("XDG_SESSION_TYPE", "x11") // capture on the X side, not through a Wayland portal
	return &desk{t: t, wine: wine.ForTest(t), bin: bin}
}

// winPath is the Windows path of the Linux path p: Wine's drive Z: is /.
func winPath(p string) string { return `Z:` + strings.ReplaceAll(p, "/", `\`) }

// runLimit is how long a run of puzbot.exe may take before the test gives
// up on it: a hang guard, above TestPlaySolo's play --time-limit.
const runLimit = 3 * time.Minute

// run is a puzbot.exe that ran.
type run struct {
	code           int
	stdout, stderr string
}

// start starts puzbot.exe with args, its stdin the text in, its output in
// files; wait waits for it.
func (d *desk) start(in string, args ...string) (*exec.Cmd, func() run) {
	d.t.Helper()
	return d.startEnv(nil, in, args...)
}

func (d *desk) startEnv(env []string, in string, args ...string) (*exec.Cmd, func() run) {
	d.t.Helper()
	dir := d.t.TempDir()
	cmd := d.wine.Command(context.Background(), filepath.Join(d.bin, "puzbot.exe"), args...)
	cmd.Env = append(cmd.Env, env...)
	cmd.Stdin = strings.NewReader(in)
	stdout, stderr := d.file(dir, "stdout"), d.file(dir, "stderr")
	cmd.Stdout, cmd.Stderr = stdout, stderr
	done := d.launch(cmd)
	return cmd, func() run {
		select {
		case <-done:
		case <-time.After(runLimit):
			_ = cmd.Process.Kill()
			d.t.Fatalf("puzbot.exe %v did not end within %v", args, runLimit)
		}
		out, _ := os.ReadFile(stdout.Name())
		errs, _ := os.ReadFile(stderr.Name())
		return run{cmd.ProcessState.ExitCode(), string(out), string(errs)}
	}
}

// launch starts cmd, kills it when the test ends if it runs still, and
// returns a channel closed when it has ended.
func (d *desk) launch(cmd *exec.Cmd) <-chan struct{} {
	d.t.Helper()
	if err := cmd.Start(); err != nil {
		d.t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	d.t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-done
	})
	return done
}

func (d *desk) file(dir, name string) *os.File {
	f, err := os.Create(filepath.Join(dir, name))
	if err != nil {
		d.t.Fatal(err)
	}
	d.t.Cleanup(func() { f.Close() })
	return f
}

// puzbot runs puzbot.exe with args and stdin in.
func (d *desk) puzbot(in string, args ...string) run {
	d.t.Helper()
	return d.puzbotEnv(nil, in, args...)
}

// puzbotEnv runs puzbot.exe with args and stdin in, and env added to its
// environment.
func (d *desk) puzbotEnv(env []string, in string, args ...string) run {
	d.t.Helper()
	_, wait := d.startEnv(env, in, args...)
	return wait()
}

// target is a running target.exe and what it has logged.
type target struct {
	log    string
	corner image.Point // the client area's corner on the screen
}

// startTarget starts target.exe with its window at x,y and waits for it to
// be shown.
func (d *desk) startTarget(x, y int) *target {
	d.t.Helper()
	dir := d.t.TempDir()
	out := d.file(dir, "target.log")
	cmd := d.wine.Command(context.Background(), filepath.Join(d.bin, "target.exe"), "-x", fmt.Sprint(x), "-y", fmt.Sprint(y))
	cmd.Stdout, cmd.Stderr = out, out
	done := d.launch(cmd)
	tg := &target{log: out.Name()}
	line := tg.waitFor(d.t, "ready ", done)
	if _, err := fmt.Sscanf(line, "ready %d %d", &tg.corner.X, &tg.corner.Y); err != nil {
		d.t.Fatalf("target: %q: %v", line, err)
	}
	screentest.Settled(d.t)
	return tg
}

// lines returns the lines the target has written.
func (tg *target) lines(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile(tg.log)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for s := bufio.NewScanner(bytes.NewReader(data)); s.Scan(); {
		out = append(out, s.Text())
	}
	return out
}

// waitFor waits at most 20 s for a line that starts with prefix, and
// returns it. A target that ends first fails the test.
func (tg *target) waitFor(t *testing.T, prefix string, ended <-chan struct{}) string {
	t.Helper()
	for start := time.Now(); time.Since(start) < 20*time.Second; time.Sleep(20 * time.Millisecond) {
		for _, l := range tg.lines(t) {
			if strings.HasPrefix(l, prefix) {
				return l
			}
		}
		select {
		case <-ended:
			t.Fatalf("target ended without writing %q: %q", prefix, tg.lines(t))
		default:
		}
	}
	t.Fatalf("target did not write %q within 20 s: %q", prefix, tg.lines(t))
	return ""
}

// cellCenter is the screen point at the middle of the target's cell
// (col, row); cellRect its inside.
func (tg *target) cellCenter(col, row int) image.Point {
	return tg.corner.Add(image.Pt(col*40+20, row*40+20))
}

func (tg *target) cellRect(col, row int) image.Rectangle {
	return image.Rect(col*40+2, row*40+2, col*40+38, row*40+38).Add(tg.corner)
}

// xGrab is the region r of the X screen, grabbed on the X side.
func xGrab(t *testing.T, r image.Rectangle) *image.RGBA {
	t.Helper()
	s, err := capture.Region(r)
	if err != nil {
		t.Fatal(err)
	}
	return s.Image
}

// readShot reads a screenshot puzbot.exe saved, and its origin.
func readShot(t *testing.T, path string) (*image.RGBA, image.Point) {
	t.Helper()
	img, origin := testdata.ReadShot(t, path)
	rgba := image.NewRGBA(img.Bounds())
	draw.Draw(rgba, rgba.Bounds(), img, img.Bounds().Min, draw.Src)
	return rgba, origin
}

// samePixels fails the test where got and want differ.
func samePixels(t *testing.T, what string, got, want *image.RGBA) {
	t.Helper()
	if got.Bounds().Size() != want.Bounds().Size() {
		t.Fatalf("%s: %v, want %v", what, got.Bounds().Size(), want.Bounds().Size())
	}
	bad := 0
	w, h := want.Bounds().Dx(), want.Bounds().Dy()
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			g := got.RGBAAt(got.Bounds().Min.X+x, got.Bounds().Min.Y+y)
			e := want.RGBAAt(want.Bounds().Min.X+x, want.Bounds().Min.Y+y)
			if g != e {
				if bad++; bad <= 3 {
					t.Errorf("%s: pixel (%d,%d) is %v, the X server shows %v", what, x, y, g, e)
				}
			}
		}
	}
	if bad > 3 {
		t.Errorf("%s: %d pixels of %d differ", what, bad, w*h)
	}
}

// TestCapture: puzbot.exe's screenshots of the whole display and of a
// region around a Windows program's window are, pixel for pixel, what the X
// server shows, and record where they lay; it lists the display as X has
// it.
func TestCapture(t *testing.T) {
	d := newDesk(t, 800, 600)
	tg := d.startTarget(120, 90)
	dir := t.TempDir()

	r := d.puzbot("", "capture", "--list-displays")
	if r.code != 0 || r.stdout != "0: 800x600 at 0,0 (primary)\n" {
		t.Errorf("capture --list-displays: exit %d, %q, %q", r.code, r.stdout, r.stderr)
	}

	full := filepath.Join(dir, "full.png")
	if r := d.puzbot("", "capture", "-o", winPath(full)); r.code != 0 {
		t.Fatalf("capture: exit %d: %s", r.code, r.stderr)
	}
	img, origin := readShot(t, full)
	if origin != (image.Point{}) {
		t.Errorf("the whole display's origin is %v", origin)
	}
	samePixels(t, "the whole display", img, xGrab(t, image.Rect(0, 0, 800, 600)))

	// Without --output, shots go to %LOCALAPPDATA%\puzbot\shots, and --keep
	// deletes the older ones.
	me, err := user.Current() // Wine names the Windows user after the Linux one
	if err != nil {
		t.Fatal(err)
	}
	local := filepath.Join(d.wine.Prefix, "drive_c", "users", me.Username, "AppData", "Local")
	shots := filepath.Join(local, "puzbot", "shots")
	os.RemoveAll(shots)
	var paths []string
	for range 2 {
		r := d.puzbotEnv([]string{capture.DirEnv + "="}, "", "capture", "--keep", "1")
		if r.code != 0 || !strings.HasPrefix(r.stdout, `C:\users\`) || !strings.Contains(r.stdout, `\AppData\Local\puzbot\shots\shot-`) {
			t.Fatalf("capture: exit %d, %q, %q; want the path of a shot in %%LOCALAPPDATA%%\\puzbot\\shots", r.code, r.stdout, r.stderr)
		}
		paths = append(paths, strings.TrimSpace(r.stdout))
	}
	if entries, err := os.ReadDir(shots); err != nil || len(entries) != 1 || !strings.HasSuffix(paths[1], `\`+entries[0].Name()) {
		t.Errorf("%s holds %v (%v), want only the second shot, %s", shots, entries, err, paths[1])
	}

	region := image.Rectangle{tg.corner.Sub(image.Pt(30, 40)), tg.corner.Add(image.Pt(200, 190))}
	part := filepath.Join(dir, "part.png")
	if r := d.puzbot("", "capture", "--region", capture.FormatRegion(region), "-o", winPath(part)); r.code != 0 {
		t.Fatalf("capture --region: exit %d: %s", r.code, r.stderr)
	}
	img, origin = readShot(t, part)
	if origin != region.Min {
		t.Errorf("the region's origin is %v, want %v", origin, region.Min)
	}
	samePixels(t, "the region", img, xGrab(t, region))
}

// typed is the text TestReplay types, with Shift's capitals, a space and
// digits.
const typed = "Hello Wine 42"

// TestReplay: puzbot.exe replays clicks and keys into a Windows program:
// the program gets each press and release at the very pixel the moves
// file names, and exactly the characters typed; the screen shows the cells
// clicked black and the others white, and every key is up again.
func TestReplay(t *testing.T) {
	d := newDesk(t, 800, 600)
	tg := d.startTarget(150, 120)
	a, b := tg.cellCenter(1, 0), tg.cellCenter(2, 3)
	moves := clickMoves(a, b)
	for _, c := range typed {
		key := string(c)
		if c == ' ' {
			key = "space"
		}
		moves = append(moves, fmt.Sprintf(`{"action":"key","key":%q}`, key))
	}
	file := movesFile(moves)
	r := d.puzbot(file, "replay", "--steps", "4", "--move-time", "40ms", "--pause", "20ms", "--hold", "20ms")
	if r.code != 0 {
		t.Fatalf("replay: exit %d: %s", r.code, r.stderr)
	}
	var chars, pressed []string
	keys := map[string]int{}
	for _, l := range tg.lines(t) {
		f := strings.Fields(l)
		switch f[0] {
		case "char":
			var c rune
			fmt.Sscan(f[1], &c)
			chars = append(chars, string(c))
		case "key":
			keys[f[1]]++
			pressed = append(pressed, f[1])
		case "keyup":
			keys[f[1]]--
		}
	}
	tg.checkClicks(t, a, b)
	if got := strings.Join(chars, ""); got != typed {
		t.Errorf("the target got the characters %q, want %q", got, typed)
	}
	// Typed with the keyboard's keys, as a person types: programs that
	// read keys, not characters, get them too.
	for _, vk := range []string{"72", "52", "50"} { // VK_H, VK_4, VK_2
		if keys[vk] != 0 || !slices.Contains(pressed, vk) {
			t.Errorf("virtual key %s was not pressed and released (pressed: %v)", vk, pressed)
		}
	}
	for vk, n := range keys {
		if n != 0 {
			t.Errorf("virtual key %s went down %d times more than up", vk, n)
		}
	}
	tg.checkCells(t, image.Point{}, image.Pt(1, 0), image.Pt(2, 3))
}

// clickMoves is a left click at each of the points, as moves of a moves
// file.
func clickMoves(points ...image.Point) []string {
	var moves []string
	for _, p := range points {
		moves = append(moves, fmt.Sprintf(`{"action":"click","x":%d,"y":%d}`, p.X, p.Y))
	}
	return moves
}

// movesFile is the moves file of the moves.
func movesFile(moves []string) string {
	return `{"kind":"puzlogic","moves":[` + strings.Join(moves, ",") + `]}`
}

// dragFile is the moves file of one drag, from the target's top-left cell.
func dragFile(from, to image.Point) string {
	return movesFile([]string{fmt.Sprintf(`{"action":"drag","value":1,"row":0,"col":0,"from":{"x":%d,"y":%d},"to":{"x":%d,"y":%d}}`,
		from.X, from.Y, to.X, to.Y)})
}

// checkClicks fails the test unless the target got exactly a left click
// (press and release) at each of the points, in turn.
func (tg *target) checkClicks(t *testing.T, points ...image.Point) {
	t.Helper()
	var got, want []string
	for _, l := range tg.lines(t) {
		if strings.HasPrefix(l, "down ") || strings.HasPrefix(l, "up ") {
			got = append(got, l)
		}
	}
	for _, p := range points {
		want = append(want, fmt.Sprintf("down %d %d", p.X, p.Y), fmt.Sprintf("up %d %d", p.X, p.Y))
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("the target got the clicks %q, want %q", got, want)
	}
}

// checkCells fails the test unless the X screen shows the target's cells
// (col, row) black, and its other cells white. onX is the X screen's point
// of Windows' (0,0).
func (tg *target) checkCells(t *testing.T, onX image.Point, black ...image.Point) {
	t.Helper()
	for col := 0; col < 4; col++ {
		for row := 0; row < 4; row++ {
			want := uint8(0xff)
			if slices.Contains(black, image.Pt(col, row)) {
				want = 0
			}
			if got := colours(xGrab(t, tg.cellRect(col, row).Add(onX))); len(got) != 1 || got[0] != want {
				t.Errorf("cell (%d,%d) shows the greys %v, want only %d", col, row, got, want)
			}
		}
	}
}

// colours returns the distinct greys of img, and 1 for any colour that is
// not a grey.
func colours(img *image.RGBA) []uint8 {
	seen := map[uint8]bool{}
	var out []uint8
	for i := 0; i < len(img.Pix); i += 4 {
		v := img.Pix[i]
		if img.Pix[i+1] != v || img.Pix[i+2] != v {
			v = 1
		}
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// TestReplayStops: a person who moves the mouse ("xdotool mousemove") in
// the middle of a drag or of a held key, and Ctrl-C, stop puzbot.exe's
// replay with exit status 6, and the Windows program gets the button or the
// key released.
func TestReplayStops(t *testing.T) {
	d := newDesk(t, 800, 600)
	tg := d.startTarget(150, 120)
	from, to := tg.cellCenter(0, 0), tg.cellCenter(3, 3)
	drag := dragFile(from, to)
	key := `{"kind":"puzlogic","moves":[{"action":"key","key":"q"}]}`
	// Glides of 3 s in 6 steps: Wine reads the X pointer, which the person
	// moves, only 100 ms after puzbot.exe last moved it (before, it answers
	// with the pointer as puzbot.exe left it, and puzbot.exe's next move
	// puts the X pointer back there); a person's hand on Windows is seen at
	// once.
	slow := []string{"replay", "--steps", "6", "--move-time", "3s", "--pause", "10ms", "--hold", "10s"}
	for _, tc := range []struct {
		name, moves string
		held        string // the target's line that says the button or key is down
		released    string
		stop        func(cmd *exec.Cmd)
		msg         string
	}{
		{"mouse moved in a drag", drag, "down ", "up ", func(*exec.Cmd) { hand(t, 700, 500) }, "fail-safe: the pointer moved to ("},
		{"mouse moved with a key held", key, "key 81", "keyup 81", func(*exec.Cmd) { hand(t, 650, 450) }, "fail-safe: the pointer moved to ("}, // VK_Q
		{"Ctrl-C in a drag", drag, "down ", "up ", func(cmd *exec.Cmd) { _ = cmd.Process.Signal(syscall.SIGINT) }, "stopped: received Ctrl-C (SIGINT); the left button was released"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			xvfb.Client(t, "xdotool", "mousemove", "400", "60")
			before := len(tg.lines(t))
			cmd, wait := d.start(tc.moves, slow...)
			var r run
			ended := make(chan struct{})
			go func() { r = wait(); close(ended) }()
			if !since(t, tg, before, tc.held, ended) {
				t.Fatalf("replay ended (exit %d, %q) before the target got %q: %q", r.code, r.stderr, tc.held, tg.lines(t)[before:])
			}
			stopped := time.Now()
			tc.stop(cmd)
			<-ended
			t.Logf("target: %q", tg.lines(t)[before:])
			t.Logf("ended %v after it was stopped", time.Since(stopped))
			if r.code != 6 || !strings.Contains(r.stderr, tc.msg) {
				t.Errorf("replay: exit %d, %q; want 6 (stopped) and %q", r.code, r.stderr, tc.msg)
			}
			since(t, tg, before, tc.released, nil)
		})
	}
}

// hand moves the pointer as a person's hand does, on the X side: to x,y and
// on, a pixel every 50 ms for half a second.
func hand(t *testing.T, x, y int) {
	for i := 0; i < 10; i++ {
		xvfb.Client(t, "xdotool", "mousemove", fmt.Sprint(x+i), fmt.Sprint(y+i))
		time.Sleep(50 * time.Millisecond)
	}
}

// since waits for the target to write a line that starts with prefix after
// its first n lines, and reports whether it did before ended was closed.
func since(t *testing.T, tg *target, n int, prefix string, ended <-chan struct{}) bool {
	t.Helper()
	for start := time.Now(); time.Since(start) < 20*time.Second; time.Sleep(20 * time.Millisecond) {
		lines := tg.lines(t)
		for _, l := range lines[min(n, len(lines)):] {
			if strings.HasPrefix(l, prefix) {
				return true
			}
		}
		select {
		case <-ended:
			return false
		default:
		}
	}
	t.Fatalf("the target did not get %q within 20 s: %q", prefix, tg.lines(t)[n:])
	return false
}

// TestExitStatuses: puzbot.exe ends as puzbot does on Linux, with the same
// exit statuses (README's table) and messages.
func TestExitStatuses(t *testing.T) {
	d := newDesk(t, 800, 600)
	const sudoku = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n"
	for _, tc := range []struct {
		name, in string
		args     []string
		code     int
		want     string // in stdout for a success, else in stderr
		env      []string
	}{
		{"solve", sudoku, []string{"solve"}, 0, "534678912672195348198342567859761423426853791713924856961537284287419635345286179", nil},
		{"solve, no solution", "531" + sudoku[3:], []string{"solve"}, 4, "", nil},
		{"solve, bad input", "{", []string{"solve"}, 3, "", nil},
		{"no such display", "", []string{"capture", "--display", "3"}, 2, "no display 3: the desktop has 1 display (0)", nil},
		{"region off the screen", "", []string{"capture", "--region", "790,0,20,10"}, 2, "region 790,0,20,10 is not inside the screen (800x600)", nil},
		{"click off the screen", `{"kind":"puzlogic","moves":[{"action":"click","x":900,"y":10}]}`, []string{"replay"}, 3, "off the screen", nil},
		{"bad replay options", `{"kind":"puzlogic","moves":[]}`, []string{"replay", "--steps", "0"}, 2, "steps", nil},
		{"empty pipe", "", []string{"replay"}, 11, "", nil},
		// target.exe's folder has no puzbot-recognize.exe.
		{"no vision", "", []string{"recognize", "shot.png"}, 1, "puzbot-recognize.exe not found next to puzbot nor on PATH: keep puzbot.exe and puzbot-recognize.exe together", nil},
		// Wine without an X display: a desktop whose screen cannot be read.
		{"no display", "", []string{"capture"}, 5, "the screen cannot be read", []string{"DISPLAY="}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := d.puzbotEnv(tc.env, tc.in, tc.args...)
			out := r.stderr
			if tc.code == 0 {
				out = strings.ReplaceAll(r.stdout, "\n", "")
			}
			if r.code != tc.code || !strings.Contains(out, tc.want) {
				t.Errorf("puzbot.exe %v: exit %d, stdout %q, stderr %q; want %d and %q", tc.args, r.code, r.stdout, r.stderr, tc.code, tc.want)
			}
		})
	}
}
