package capture

import (
	"errors"
	"image"
	"image/color"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/internal/display"
	"github.com/puzbot/puzbot/internal/testdata"
	"github.com/puzbot/puzbot/internal/xvfb"
)

// checkShot checks that every pixel of s is the pattern at its screen
// position, given s's origin.
func checkShot(t *testing.T, s *Shot, wantOrigin image.Point, wantSize image.Point) {
	t.Helper()
	if s.Origin != wantOrigin {
		t.Errorf("origin %v, want %v", s.Origin, wantOrigin)
	}
	if got := s.Image.Bounds().Size(); got != wantSize {
		t.Fatalf("size %v, want %v", got, wantSize)
	}
	b := s.Image.Bounds()
	bad := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			sx, sy := s.Origin.X+x-b.Min.X, s.Origin.Y+y-b.Min.Y
			if got, want := s.Image.RGBAAt(x, y), xvfb.Pattern(sx, sy); got != want {
				if bad++; bad <= 5 {
					t.Errorf("image pixel (%d,%d), screen (%d,%d): got %v, want %v", x, y, sx, sy, got, want)
				}
			}
		}
	}
	if bad > 5 {
		t.Errorf("... %d wrong pixels in all", bad)
	}
}

func TestCapture(t *testing.T) {
	x := xvfb.ForTest(t, 800, 600)
	t.Setenv("XDG_SESSION_TYPE", "x11") // kbinani/screenshot asks a Wayland portal otherwise
	xvfb.PaintRoot(t)

	s, err := Display(0)
	if err != nil {
		t.Fatal(err)
	}
	checkShot(t, s, image.Pt(0, 0), image.Pt(800, 600))
	if time.Since(s.Time) > time.Minute || time.Since(s.Time) < 0 {
		t.Errorf("shot time %v is not now", s.Time)
	}

	s, err = Region(image.Rect(100, 50, 300, 150))
	if err != nil {
		t.Fatal(err)
	}
	checkShot(t, s, image.Pt(100, 50), image.Pt(200, 100))

	// Two monitors, the right one primary: kbinani/screenshot counts from
	// the primary's corner, capture from the screen's.
	if err := x.SetMonitors(image.Rect(300, 0, 800, 600), image.Rect(0, 0, 300, 600)); err != nil {
		t.Fatal(err)
	}
	displays, err := Displays()
	if err != nil {
		t.Fatal(err)
	}
	if len(displays) < 2 || displays[0] != image.Rect(300, 0, 800, 600) || displays[1] != image.Rect(0, 0, 300, 600) {
		t.Fatalf("Displays() = %v, want the right monitor then the left", displays)
	}
	s, err = Display(0)
	if err != nil {
		t.Fatal(err)
	}
	checkShot(t, s, image.Pt(300, 0), image.Pt(500, 600))
	s, err = Display(1)
	if err != nil {
		t.Fatal(err)
	}
	checkShot(t, s, image.Pt(0, 0), image.Pt(300, 600))
	s, err = Region(image.Rect(250, 10, 350, 20)) // across both monitors
	if err != nil {
		t.Fatal(err)
	}
	checkShot(t, s, image.Pt(250, 10), image.Pt(100, 10))
}

func TestCaptureRefuses(t *testing.T) {
	xvfb.ForTest(t, 320, 200)
	tests := []struct {
		name string
		grab func() (*Shot, error)
		kind error
		want string
	}{
		{"display 1", func() (*Shot, error) { return Display(1) }, ErrNoSuchDisplay, "no display 1: "},
		{"display -1", func() (*Shot, error) { return Display(-1) }, ErrNoSuchDisplay, "has 1 display (0)"},
		{"region past the edge", func() (*Shot, error) { return Region(image.Rect(300, 0, 330, 10)) }, ErrOffScreen, "region 300,0,30,10 is not inside the screen (320x200)"},
		{"region above", func() (*Shot, error) { return Region(image.Rect(0, -5, 10, 5)) }, ErrOffScreen, "not inside the screen"},
		{"empty region", func() (*Shot, error) { return Region(image.Rect(5, 5, 5, 9)) }, ErrOffScreen, "not inside the screen"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, err := tt.grab()
			if err == nil {
				t.Fatalf("captured %v", s.Image.Bounds())
			}
			if !errors.Is(err, tt.kind) || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q, want %q matching %v", err, tt.want, tt.kind)
			}
		})
	}
}

func TestCaptureWithoutDisplay(t *testing.T) {
	t.Setenv("DISPLAY", "")
	for name, grab := range map[string]func() error{
		"Display":  func() error { _, err := Display(0); return err },
		"Region":   func() error { _, err := Region(image.Rect(0, 0, 5, 5)); return err },
		"Displays": func() error { _, err := Displays(); return err },
	} {
		if err := grab(); !errors.Is(err, display.ErrNoDisplay) {
			t.Errorf("%s: error %v, want display.ErrNoDisplay", name, err)
		}
	}
}

func TestParseRegion(t *testing.T) {
	tests := []struct {
		in   string
		want image.Rectangle
		err  string
	}{
		{"0,0,1920,1080", image.Rect(0, 0, 1920, 1080), ""},
		{" 10, 20 ,30,40 ", image.Rect(10, 20, 40, 60), ""},
		{"-1280,0,1280,1024", image.Rect(-1280, 0, 0, 1024), ""},
		{"1,2,3", image.Rectangle{}, "expected X,Y,W,H"},
		{"1,2,3,4,5", image.Rectangle{}, "expected X,Y,W,H"},
		{"", image.Rectangle{}, "expected X,Y,W,H"},
		{"a,0,1,1", image.Rectangle{}, `"a" is not a whole number`},
		{"0,0,1.5,1", image.Rectangle{}, "not a whole number"},
		{"0,0,0,10", image.Rectangle{}, "must be positive"},
		{"0,0,10,-1", image.Rectangle{}, "must be positive"},
		{"0,0,99999999999999999999,1", image.Rectangle{}, "not a whole number"},
		{"0,0,40000,1", image.Rectangle{}, "not a whole number"},
	}
	for _, tt := range tests {
		got, err := ParseRegion(tt.in)
		if tt.err == "" {
			if err != nil || got != tt.want {
				t.Errorf("ParseRegion(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("ParseRegion(%q) error %v, want %q", tt.in, err, tt.err)
		}
	}
}

func FuzzParseRegion(f *testing.F) {
	for _, s := range []string{"0,0,1920,1080", "-5, 7,1,1", "1,2,3", ",,,", "0,0,0,0", "9,9,32768,32768"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRegion(s)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("multi-line error %q", err)
			}
			return
		}
		if r.Empty() || r.Dx() > maxSide || r.Dy() > maxSide {
			t.Fatalf("ParseRegion(%q) = %v", s, r)
		}
		again, err := ParseRegion(FormatRegion(r))
		if err != nil || again != r {
			t.Fatalf("round trip of %v: %v, %v", r, again, err)
		}
	})
}

func testShot(t time.Time) *Shot {
	img := image.NewRGBA(image.Rect(0, 0, 4, 3))
	img.SetRGBA(1, 2, color.RGBA{200, 100, 50, 255})
	return &Shot{Image: img, Origin: image.Pt(1920, 24), Time: t}
}

// readShot decodes the PNG at path and returns the pixel (1,2) and its origin.
func readShot(t *testing.T, path string) (color.Color, image.Point) {
	t.Helper()
	img, origin := testdata.ReadShot(t, path)
	return img.At(1, 2), origin
}

func TestSave(t *testing.T) {
	tmp := t.TempDir()
	when := time.Date(2025, 3, 4, 5, 6, 7, 890e6, time.Local)
	shot := testShot(when)

	// Default folder: $PUZBOT_CAPTURE_DIR, created if missing; names never
	// collide.
	dir := filepath.Join(tmp, "shots", "deep")
	t.Setenv(DirEnv, dir)
	var paths []string
	for i := 0; i < 3; i++ {
		p, err := shot.Save("", false)
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	want := []string{"shot-20250304-050607.890.png", "shot-20250304-050607.890-2.png", "shot-20250304-050607.890-3.png"}
	for i, p := range paths {
		if p != filepath.Join(dir, want[i]) {
			t.Errorf("save %d wrote %s, want %s", i, p, filepath.Join(dir, want[i]))
		}
		c, origin := readShot(t, p)
		if r, g, b, _ := c.RGBA(); r>>8 != 200 || g>>8 != 100 || b>>8 != 50 || origin != shot.Origin {
			t.Errorf("%s: pixel %v, origin %v", p, c, origin)
		}
	}

	// An existing folder, or a path ending in a slash, is a folder.
	for _, out := range []string{tmp, filepath.Join(tmp, "new") + "/"} {
		p, err := shot.Save(out, false)
		if err != nil {
			t.Fatal(err)
		}
		if filepath.Dir(p) != filepath.Clean(out) || filepath.Base(p) != want[0] {
			t.Errorf("Save(%q) wrote %s", out, p)
		}
	}

	// A file: never replaced unless asked.
	file := filepath.Join(tmp, "sub", "level.png")
	if p, err := shot.Save(file, false); err != nil || p != file {
		t.Fatalf("Save(%q) = %q, %v", file, p, err)
	}
	other := testShot(when)
	other.Image.SetRGBA(1, 2, color.RGBA{1, 2, 3, 255})
	other.Origin = image.Pt(5, 6)
	if _, err := other.Save(file, false); !errors.Is(err, fs.ErrExist) || !strings.Contains(err.Error(), file+": file exists") {
		t.Errorf("saving over %s: error %v, want one wrapping fs.ErrExist", file, err)
	}
	if _, origin := readShot(t, file); origin != shot.Origin {
		t.Errorf("%s was replaced", file)
	}
	if _, err := other.Save(file, true); err != nil {
		t.Fatal(err)
	}
	if _, origin := readShot(t, file); origin != other.Origin {
		t.Errorf("%s was not replaced with overwrite", file)
	}
	if entries, _ := os.ReadDir(filepath.Dir(file)); len(entries) != 1 {
		t.Errorf("%s holds %d files after replacing, want 1", filepath.Dir(file), len(entries))
	}

	// A file where a folder should be.
	if _, err := shot.Save(filepath.Join(file, "x.png"), false); err == nil {
		t.Error("saving under a file succeeded")
	}
}

// TestDefaultDir: shots go to the user's cache, $XDG_CACHE_HOME on Linux
// and %LocalAppData% on Windows, in puzbot\shots.
func TestDefaultDir(t *testing.T) {
	t.Setenv(DirEnv, "")
	t.Setenv("XDG_CACHE_HOME", "/tmp/cachehome")
	t.Setenv("LocalAppData", `C:\cachehome`)
	want := "/tmp/cachehome/puzbot/shots"
	if runtime.GOOS == "windows" {
		want = `C:\cachehome\puzbot\shots`
	}
	if got, err := DefaultDir(); err != nil || got != want {
		t.Errorf("DefaultDir() = %q, %v; want %q", got, err, want)
	}
	t.Setenv(DirEnv, "/srv/shots")
	if got, err := DefaultDir(); err != nil || got != "/srv/shots" {
		t.Errorf("with %s: DefaultDir() = %q, %v", DirEnv, got, err)
	}
}

func BenchmarkDisplay(b *testing.B) {
	xvfb.ForTest(b, 1920, 1080)
	b.Setenv("XDG_SESSION_TYPE", "x11")
	xvfb.PaintRoot(b)
	for b.Loop() {
		if _, err := Display(0); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSave encodes and writes a real 1920x1080 screenshot of the game.
func BenchmarkSave(b *testing.B) {
	src := testdata.ReadPNG(b, testdata.Shared(b, "puzlogic/screens/level01.png"))
	img := image.NewRGBA(src.Bounds())
	for y := src.Bounds().Min.Y; y < src.Bounds().Max.Y; y++ {
		for x := src.Bounds().Min.X; x < src.Bounds().Max.X; x++ {
			img.Set(x, y, src.At(x, y))
		}
	}
	shot := &Shot{Image: img}
	dir := b.TempDir()
	for b.Loop() {
		if _, err := shot.Save(filepath.Join(dir, "shot.png"), true); err != nil {
			b.Fatal(err)
		}
	}
}

func TestDescribeScreen(t *testing.T) {
	for _, tc := range []struct {
		b    image.Rectangle
		want string
	}{
		{image.Rect(0, 0, 800, 600), "800x600"},
		{image.Rect(-640, 0, 800, 600), "1440x600 at -640,0"},
		{image.Rect(-640, -300, 800, 600), "1440x900 at -640,-300"},
	} {
		if got := describeScreen(tc.b); got != tc.want {
			t.Errorf("describeScreen(%v) = %q, want %q", tc.b, got, tc.want)
		}
	}
}
