package main

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/internal/exitcode"
	"github.com/puzbot/puzbot/internal/testdata"
	"github.com/puzbot/puzbot/internal/xvfb"
	"github.com/puzbot/puzbot/puzzle/shotfile"
)

// checkFailure checks that a run failed with the exit status code and one
// line on stderr that contains want, and wrote nothing on stdout.
func checkFailure(t *testing.T, r result, code int, want string) {
	t.Helper()
	if r.code != code {
		t.Errorf("exit status %d, want %d; stderr %q", r.code, code, r.stderr)
	}
	if strings.Count(r.stderr, "\n") != 1 || !strings.HasPrefix(r.stderr, "puzbot: ") || !strings.Contains(r.stderr, want) {
		t.Errorf("stderr %q: want one line \"puzbot: ...%s...\"", r.stderr, want)
	}
	if r.stdout != "" {
		t.Errorf("stdout %q, want nothing", r.stdout)
	}
}

// failure is a run of a puzbot command that must fail: with env added to the
// environment and the arguments args, it exits with code and says want in
// one line.
type failure struct {
	name      string
	env, args []string
	code      int
	want      string
}

// runFailures runs "puzbot command" in-process with each failure's
// arguments, with env and the failure's env, and checks that it fails as
// the failure says.
func runFailures(t *testing.T, env []string, command string, failures []failure) {
	t.Helper()
	for _, f := range failures {
		t.Run(f.name, func(t *testing.T) {
			r := runInProcessEnv(t, append(append([]string(nil), env...), f.env...), "", append([]string{command}, f.args...)...)
			checkFailure(t, r, f.code, f.want)
		})
	}
}

// quietX is the environment of a user without an X authority file, for whom
// the X client library would log warnings if puzbot let it.
func quietX(t *testing.T) []string {
	home := t.TempDir()
	return []string{"HOME=" + home, "XAUTHORITY=", "XDG_SESSION_TYPE=x11", "XDG_CACHE_HOME=" + filepath.Join(home, ".cache"), "PUZBOT_CAPTURE_DIR="}
}

// checkSolid checks that every pixel of img is c.
func checkSolid(t *testing.T, img image.Image, c color.RGBA) {
	t.Helper()
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if got := color.RGBAModel.Convert(img.At(x, y)); got != c {
				t.Fatalf("pixel (%d,%d) is %v, want %v", x, y, got, c)
			}
		}
	}
}

func TestCaptureCommand(t *testing.T) {
	xvfb.ForTest(t, 640, 480)
	xvfb.Client(t, "xsetroot", "-solid", "#336699")
	env := quietX(t)
	tmp := t.TempDir()
	blue := color.RGBA{0x33, 0x66, 0x99, 0xff}

	// The default folder, in the cache. A process of its own, whose whole
	// stderr shows that the X client library says nothing.
	r := runBinary(t, env, "", "capture")
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("capture: exit %d, stderr %q", r.code, r.stderr)
	}
	path := strings.TrimSuffix(r.stdout, "\n")
	if strings.Contains(path, "\n") || filepath.Dir(path) != filepath.Join(strings.TrimPrefix(env[3], "XDG_CACHE_HOME="), "puzbot", "shots") {
		t.Fatalf("stdout %q: want one path in the cache folder", r.stdout)
	}
	img, origin := testdata.ReadShot(t, path)
	if img.Bounds().Size() != image.Pt(640, 480) || origin != image.Pt(0, 0) {
		t.Errorf("%s: size %v, origin %v", path, img.Bounds().Size(), origin)
	}
	checkSolid(t, img, blue)

	// $PUZBOT_CAPTURE_DIR, and a folder given with --output.
	for _, tc := range []struct {
		env  []string
		args []string
		dir  string
	}{
		{[]string{"PUZBOT_CAPTURE_DIR=" + filepath.Join(tmp, "env")}, nil, filepath.Join(tmp, "env")},
		{nil, []string{"-o", tmp}, tmp},
		{nil, []string{"--output", filepath.Join(tmp, "new") + "/"}, filepath.Join(tmp, "new")},
	} {
		r := runInProcessEnv(t, append(env, tc.env...), "", append([]string{"capture"}, tc.args...)...)
		if r.code != 0 || r.stderr != "" || filepath.Dir(strings.TrimSpace(r.stdout)) != tc.dir {
			t.Errorf("capture %v with %v: exit %d, stdout %q, stderr %q; want a file in %s", tc.args, tc.env, r.code, r.stdout, r.stderr, tc.dir)
		}
	}

	// A region, to a file, which is not replaced without --force.
	file := filepath.Join(tmp, "region.png")
	r = runInProcessEnv(t, env, "", "capture", "--region", "10,20,30,40", "-o", file)
	if r.code != 0 || r.stderr != "" || r.stdout != file+"\n" {
		t.Fatalf("capture --region: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	img, origin = testdata.ReadShot(t, file)
	if img.Bounds().Size() != image.Pt(30, 40) || origin != image.Pt(10, 20) {
		t.Errorf("region: size %v, origin %v; want (30,40), (10,20)", img.Bounds().Size(), origin)
	}
	checkSolid(t, img, blue)
	r = runInProcessEnv(t, env, "", "capture", "-r", "0,0,5,5", "-o", file)
	checkFailure(t, r, exitcode.Failure, "file exists (use --force to replace it)")
	if img, _ := testdata.ReadShot(t, file); img.Bounds().Dx() != 30 {
		t.Errorf("%s was replaced without --force", file)
	}
	r = runInProcessEnv(t, env, "", "capture", "-r", "0,0,5,5", "-o", file, "--force")
	if r.code != 0 {
		t.Fatalf("capture --force: exit %d, stderr %q", r.code, r.stderr)
	}
	if img, origin := testdata.ReadShot(t, file); img.Bounds().Dx() != 5 || origin != image.Pt(0, 0) {
		t.Errorf("%s was not replaced with --force", file)
	}

	r = runInProcessEnv(t, env, "", "capture", "--list-displays")
	if r.code != 0 || r.stdout != "0: 640x480 at 0,0 (primary)\n" || r.stderr != "" {
		t.Errorf("capture --list-displays: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

func TestCaptureCommandFails(t *testing.T) {
	srv := xvfb.ForTest(t, 320, 200)
	dead, err := xvfb.Start(64, 64)
	if err != nil {
		t.Fatal(err)
	}
	dead.Stop()
	env := append(quietX(t), "PUZBOT_CAPTURE_DIR="+t.TempDir())
	runFailures(t, env, "capture", []failure{
		{"DISPLAY unset", []string{"DISPLAY="}, nil, exitcode.NoDisplay, "no X display: DISPLAY is not set"},
		{"dead server", []string{"DISPLAY=" + dead.Display}, nil, exitcode.NoDisplay, "no X display: " + dead.Display},
		{"list without display", []string{"DISPLAY="}, []string{"-l"}, exitcode.NoDisplay, "DISPLAY is not set"},
		{"no such screen", []string{"DISPLAY=" + srv.Display + ".1"}, nil, exitcode.NoDisplay, "no X display: " + srv.Display + ".1: the server has no screen 1"},
		{"list on no such screen", []string{"DISPLAY=" + srv.Display + ".-1"}, []string{"-l"}, exitcode.NoDisplay, "no X display: " + srv.Display + ".-1: the server has no screen -1"},
		{"display name with a line break", []string{"DISPLAY=" + srv.Display + "\n.1"}, nil, exitcode.NoDisplay, `no X display: "` + srv.Display + `\n.1"`},
		{"no such display", nil, []string{"--display", "2"}, exitcode.Usage, "no display 2: " + srv.Display + " has 1 display (0)"},
		{"region outside", nil, []string{"--region", "300,190,40,40"}, exitcode.Usage, "region 300,190,40,40 is not inside the screen (320x200)"},
		{"bad region", nil, []string{"--region", "1,2,3"}, exitcode.Usage, `region "1,2,3": expected X,Y,W,H`},
		{"display and region", nil, []string{"-d", "0", "-r", "0,0,1,1"}, exitcode.Usage, "not both"},
		{"argument", nil, []string{"shot.png"}, exitcode.Usage, `unexpected argument "shot.png"`},
		{"bad flag", nil, []string{"--display", "x"}, exitcode.Usage, "invalid value"},
		{"keep with output", nil, []string{"--keep", "3", "-o", t.TempDir()}, exitcode.Usage, "--keep takes a number of shots, 0 or more, and works only without --output"},
		{"negative keep", nil, []string{"--keep", "-1"}, exitcode.Usage, "--keep takes a number of shots, 0 or more"},
	})
}

// TestCaptureKeep: capture without --output keeps its default folder to the
// newest --keep (default 100) shots, the new one among them, and deletes no
// other file.
func TestCaptureKeep(t *testing.T) {
	xvfb.ForTest(t, 320, 200)
	env := quietX(t)
	dir := filepath.Join(strings.TrimPrefix(env[3], "XDG_CACHE_HOME="), "puzbot", "shots")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// 100 old shots, named so that names alone would put them after the new one.
	old := time.Now().Add(-time.Hour)
	for i := range 100 {
		path := filepath.Join(dir, fmt.Sprintf("shot-99990101-%06d.000.png", i))
		if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
			t.Fatal(err)
		}
		mod := old.Add(time.Duration(i) * time.Second)
		if err := os.Chtimes(path, mod, mod); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"notes.txt", "shot-keep.jpg"} {
		if err := os.WriteFile(filepath.Join(dir, name), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	have := func(name string) bool { _, err := os.Stat(filepath.Join(dir, name)); return err == nil }
	count := func() int { m, _ := filepath.Glob(filepath.Join(dir, "shot-*.png")); return len(m) }

	r := runInProcessEnv(t, env, "", "capture")
	shot := strings.TrimSuffix(r.stdout, "\n")
	if r.code != 0 || r.stderr != "" || !have(filepath.Base(shot)) {
		t.Fatalf("capture: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	if n := count(); n != 100 || have("shot-99990101-000000.000.png") || !have("shot-99990101-000001.000.png") {
		t.Errorf("default --keep: %d shots left, want 100 without the oldest", n)
	}

	r = runInProcessEnv(t, env, "", "capture", "--keep", "3")
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("capture --keep 3: exit %d, stderr %q", r.code, r.stderr)
	}
	newest := strings.TrimSuffix(r.stdout, "\n")
	if n := count(); n != 3 || !have(filepath.Base(newest)) || !have(filepath.Base(shot)) || !have("shot-99990101-000099.000.png") {
		t.Errorf("--keep 3: %d shots left, want the two new ones and the newest old one", n)
	}
	if !have("notes.txt") || !have("shot-keep.jpg") {
		t.Error("--keep deleted a file that is not a shot-*.png")
	}

	// --keep 0 keeps all.
	runInProcessEnv(t, env, "", "capture", "--keep", "0")
	if n := count(); n != 4 {
		t.Errorf("--keep 0: %d shots left, want 4", n)
	}
}

// TestCaptureOutputNotRegular: capture --force -o used to rename its file
// over whatever the path was: a FIFO became a regular file, a link was
// replaced, and as root a device node (/dev/full) became a PNG. Now they are
// refused with exit 2 and the path's kind, and left as they were; a regular
// file is still replaced.
func TestCaptureOutputNotRegular(t *testing.T) {
	xvfb.ForTest(t, 320, 200)
	env := quietX(t)
	dir := t.TempDir()
	paths, target := testdata.NotRegular(t, dir)
	for kind, path := range paths {
		for _, force := range []bool{true, false} {
			args := []string{"capture", "-r", "0,0,8,8", "-o", path}
			if force {
				args = append(args, "--force")
			}
			done := make(chan result, 1)
			go func() { done <- runInProcessEnv(t, env, "", args...) }()
			select {
			case r := <-done:
				checkFailure(t, r, exitcode.Usage, path+" is "+strings.TrimSpace(kind)+", not a regular file")
			case <-time.After(10 * time.Second):
				t.Fatalf("capture %v hangs", args)
			}
		}
	}
	checkUntouched(t, paths, target)
	if entries, _ := os.ReadDir(dir); len(entries) != len(paths) {
		t.Errorf("%d files in the folder, want %d (no temporary files left)", len(entries), len(paths))
	}
	regular := filepath.Join(dir, "shot.png")
	if err := os.WriteFile(regular, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if r := runInProcessEnv(t, env, "", "capture", "-r", "0,0,8,8", "-o", regular, "--force"); r.code != 0 || r.stdout != regular+"\n" {
		t.Errorf("--force onto a regular file: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
}

// TestCaptureOutputStdout: "-o -" writes the PNG to stdout, as render's
// does; it used to write a file named "-".
func TestCaptureOutputStdout(t *testing.T) {
	xvfb.ForTest(t, 320, 200)
	env := quietX(t)
	dir := t.TempDir()
	t.Chdir(dir)
	r := runInProcessEnv(t, env, "", "capture", "-r", "10,20,30,40", "-o", "-")
	if r.code != 0 {
		t.Fatalf("capture -o -: exit %d, %s", r.code, r.stderr)
	}
	stdout := bytes.NewBufferString(r.stdout)
	img, err := png.Decode(bytes.NewReader(stdout.Bytes()))
	origin, ok, oerr := shotfile.ReadOrigin(stdout.Bytes())
	if err != nil || img.Bounds().Size() != image.Pt(30, 40) || !ok || oerr != nil || origin != image.Pt(10, 20) {
		t.Errorf("stdout: %v, origin %v %v %v; want a 30x40 PNG with origin 10,20", err, origin, ok, oerr)
	}
	if _, err := os.Lstat(filepath.Join(dir, "-")); err == nil {
		t.Error("capture -o - wrote a file named -")
	}
}
