//go:build linux

package wine

import (
	"bytes"
	"context"
	"crypto/sha256"
	_ "embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// ErrNotInstalled is Wine missing from the machine.
var ErrNotInstalled = errors.New("wine is not installed")

// dllSource is the stand-in bcryptprimitives.dll's source.
//
//go:embed dll/bcryptprimitives.c
var dllSource []byte

// Wine is a Wine prefix with its wineserver running, on one X display. It
// holds the prefix for itself until Close.
type Wine struct {
	// Prefix is the WINEPREFIX, the prefix's folder.
	Prefix string
	// Display is the X display its programs show their windows on.
	Display string
	// Logs is the folder of the run's logs: wineserver's and those of
	// Wine's background processes.
	Logs string

	loader, server string
	lock           *os.File
	srv            *exec.Cmd
	srvDone        chan error
}

// Find returns the paths of Wine's loader for 64-bit programs and of its
// wineserver, or an error matching ErrNotInstalled. Debian's wine64 package
// puts them in /usr/lib/wine; its wine package adds wrappers on PATH.
func Find() (loader, server string, err error) {
	loader = find("/usr/lib/wine/wine64", "wine64", "wine")
	server = find("/usr/lib/wine/wineserver64", "/usr/lib/wine/wineserver", "wineserver")
	if loader == "" || server == "" {
		return "", "", fmt.Errorf("%w: run scripts/setup.sh --test (Debian package wine64)", ErrNotInstalled)
	}
	return loader, server, nil
}

// find returns the first of names that is an executable, or "".
func find(names ...string) string {
	for _, n := range names {
		if p, err := exec.LookPath(n); err == nil {
			return p
		}
	}
	return ""
}

// Dir returns the folder that holds puzbot's Wine prefix and what is built
// for it: $XDG_CACHE_HOME/puzbot/wine, or ~/.cache/puzbot/wine.
func Dir() (string, error) {
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(cache, "puzbot", "wine"), nil
}

// Start readies puzbot's Wine prefix (made on first use, with the stand-in
// bcryptprimitives.dll in its system32) and starts one wineserver for it,
// which the programs of this run share, on the X display named display. It
// waits while another run holds the prefix. Call Close when done.
func Start(display string) (*Wine, error) {
	loader, server, err := Find()
	if err != nil {
		return nil, err
	}
	dir, err := Dir()
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	lock, err := lockDir(dir)
	if err != nil {
		return nil, err
	}
	logs, err := os.MkdirTemp("", "puzbot-wine-")
	if err != nil {
		lock.Close()
		return nil, err
	}
	w := &Wine{
		Prefix: filepath.Join(dir, "prefix"), Display: display, Logs: logs,
		loader: loader, server: server, lock: lock,
	}
	if err := w.start(dir); err != nil {
		w.Close()
		return nil, err
	}
	return w, nil
}

// lockDir takes the lock of the prefix's folder, waiting for another run to
// let go of it: two runs cannot share a prefix, whose wineserver shows
// windows on one display and is ended with the run.
func lockDir(dir string) (*os.File, error) {
	f, err := os.OpenFile(filepath.Join(dir, "lock"), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, fmt.Errorf("lock %s: %w", dir, err)
	}
	return f, nil
}

// prefixVersion is what the mark of a ready prefix holds: a prefix that
// an older puzbot made, without today's settings, is made anew.
const prefixVersion = "2: Xinerama\n"

// start makes the prefix if it is not ready, installs the DLL, starts the
// wineserver and Wine's background processes.
func (w *Wine) start(dir string) error {
	ready := filepath.Join(w.Prefix, ".puzbot-ready")
	if mark, err := os.ReadFile(ready); err != nil || string(mark) != prefixVersion {
		if err := w.makePrefix(); err != nil {
			return err
		}
	}
	if err := w.installDLL(dir); err != nil {
		return err
	}
	if err := os.WriteFile(ready, []byte(prefixVersion), 0o644); err != nil {
		return err
	}
	if err := w.startServer(); err != nil {
		return err
	}
	// wineboot starts Wine's background processes (services, the
	// desktop), which outlive it: they write to the log, not to the
	// output of a program run later, which a test reads to its end.
	return w.runQuietly("boot", "wineboot")
}

// makePrefix makes the prefix anew. Wine's own installers of Mono and
// Gecko, which it would offer in a window, are turned off: puzbot's
// programs need neither. Wine's X11 driver is told to take its monitors
// from Xinerama, not from RandR's outputs: an Xvfb has one output, but as
// many monitors as the tests give it (xvfb.Server.SetMonitors), which its Xinerama
// reports; with one monitor both say the same.
func (w *Wine) makePrefix() error {
	if err := os.RemoveAll(w.Prefix); err != nil {
		return err
	}
	err := w.runQuietly("init", "wineboot", "--init")
	if err == nil {
		err = w.runQuietly("init", "reg", "add", `HKCU\Software\Wine\X11 Driver`, "/v", "UseXRandR", "/d", "N", "/f")
	}
	// The init started a wineserver of its own: end it and what it runs.
	if kerr := w.killServer(); err == nil {
		err = kerr
	}
	return err
}

// installDLL builds the stand-in bcryptprimitives.dll when its source
// changed and copies it into the prefix's system32.
func (w *Wine) installDLL(dir string) error {
	sum := sha256.Sum256(dllSource)
	hash := hex.EncodeToString(sum[:])
	dll := filepath.Join(dir, "bcryptprimitives-"+hash[:16]+".dll")
	if _, err := os.Stat(dll); err != nil {
		if err := buildDLL(dir, dll); err != nil {
			return err
		}
	}
	data, err := os.ReadFile(dll)
	if err != nil {
		return err
	}
	dst := filepath.Join(w.Prefix, "drive_c", "windows", "system32", "bcryptprimitives.dll")
	if old, err := os.ReadFile(dst); err == nil && bytes.Equal(old, data) {
		return nil
	}
	return os.WriteFile(dst, data, 0o755)
}

// mingw is the C compiler for 64-bit Windows of Debian's
// gcc-mingw-w64-x86-64-win32.
const mingw = "x86_64-w64-mingw32-gcc"

func buildDLL(dir, dll string) error {
	gcc, err := exec.LookPath(mingw)
	if err != nil {
		return fmt.Errorf("%s is not installed, to build the stand-in bcryptprimitives.dll: run scripts/setup.sh --test (Debian package gcc-mingw-w64-x86-64-win32)", mingw)
	}
	src := filepath.Join(dir, "bcryptprimitives.c")
	if err := os.WriteFile(src, dllSource, 0o644); err != nil {
		return err
	}
	tmp := dll + ".tmp"
	out, err := exec.Command(gcc, "-shared", "-O2", "-s", "-o", tmp, src, "-ladvapi32").CombinedOutput()
	if err != nil {
		return fmt.Errorf("build bcryptprimitives.dll: %v\n%s", err, out)
	}
	return os.Rename(tmp, dll)
}

// env returns the environment of Wine's processes: the prefix, the display,
// no debug output, and no Mono or Gecko.
func (w *Wine) env() []string {
	return append(os.Environ(),
		"WINEPREFIX="+w.Prefix, "DISPLAY="+w.Display, "WINEDEBUG=-all",
		"WINEDLLOVERRIDES=mscoree=;mshtml=", "WINESERVER="+w.server)
}

// logFile opens the log named name in w.Logs.
func (w *Wine) logFile(name string) (*os.File, error) {
	return os.OpenFile(filepath.Join(w.Logs, name+".log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
}

// runQuietly runs the Windows program prog with args, its output and that
// of whatever it leaves running in the log called name, and waits at most
// two minutes for it.
func (w *Wine) runQuietly(name, prog string, args ...string) error {
	log, err := w.logFile(name)
	if err != nil {
		return err
	}
	defer log.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := w.Command(ctx, prog, args...)
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("wine %s %s: %v (see %s)", prog, strings.Join(args, " "), err, log.Name())
	}
	return nil
}

// startServer starts the run's wineserver in the foreground, persistent:
// it stays until Close, and the run's programs start at once instead of
// each starting a server (seconds).
func (w *Wine) startServer() error {
	log, err := w.logFile("wineserver")
	if err != nil {
		return err
	}
	defer log.Close()
	cmd := exec.Command(w.server, "--foreground", "--persistent")
	cmd.Env = w.env()
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start wineserver: %w", err)
	}
	w.srv, w.srvDone = cmd, make(chan error, 1)
	go func() { w.srvDone <- cmd.Wait() }()
	return nil
}

// killServer ends the prefix's wineserver and every Wine process of the
// prefix, and waits for the server to exit.
func (w *Wine) killServer() error {
	cmd := exec.Command(w.server, "--kill")
	cmd.Env = w.env()
	out, err := cmd.CombinedOutput()
	if err != nil && !bytes.Contains(out, []byte("no server")) && len(out) > 0 {
		return fmt.Errorf("wineserver --kill: %v: %s", err, out)
	}
	// --kill returns once the server is told; wait for it to be gone.
	wait := exec.Command(w.server, "--wait")
	wait.Env = w.env()
	done := make(chan struct{})
	go func() { _ = wait.Run(); close(done) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		_ = wait.Process.Kill()
		return errors.New("wineserver did not exit within 20 s of --kill")
	}
	return nil
}

// Command returns the command that runs the Windows program prog (a path,
// or the name of one of Wine's programs such as notepad) with args in the
// prefix. Its output goes nowhere unless the caller sets it.
func (w *Wine) Command(ctx context.Context, prog string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, w.loader, append([]string{prog}, args...)...)
	cmd.Env = w.env()
	return cmd
}

// Run runs the Windows program prog with args, its stdin, stdout and stderr
// passed on, and returns its exit status. The output goes through pipes of
// Run's own, which it reads until a second after the program exits, not
// until every process that holds them has ended: a background process of
// Wine that the program started may hold them for ever.
func (w *Wine) Run(ctx context.Context, stdin io.Reader, stdout, stderr io.Writer, prog string, args ...string) (int, error) {
	cmd := w.Command(ctx, prog, args...)
	cmd.Stdin = stdin
	var copies []chan struct{}
	var readers []*os.File
	for _, out := range []struct {
		to  io.Writer
		set *io.Writer
	}{{stdout, &cmd.Stdout}, {stderr, &cmd.Stderr}} {
		r, wr, err := os.Pipe()
		if err != nil {
			return -1, err
		}
		defer r.Close()
		defer wr.Close()
		*out.set = wr
		done := make(chan struct{})
		go func() { _, _ = io.Copy(out.to, r); close(done) }()
		copies, readers = append(copies, done), append(readers, r)
	}
	if err := cmd.Start(); err != nil {
		return -1, err
	}
	// The program has its ends of the pipes; close ours, so that the
	// copies end when it and its children have.
	cmd.Stdout.(*os.File).Close()
	cmd.Stderr.(*os.File).Close()
	err := cmd.Wait()
	for i, r := range readers {
		_ = r.SetReadDeadline(time.Now().Add(time.Second))
		<-copies[i]
	}
	var exit *exec.ExitError
	switch {
	case err == nil:
		return 0, nil
	case errors.As(err, &exit) && exit.ExitCode() >= 0:
		return exit.ExitCode(), nil
	}
	return -1, err
}

// Close ends every Wine process of the run and its wineserver, and lets
// another run have the prefix. The logs stay.
func (w *Wine) Close() error {
	var err error
	if w.srv != nil {
		err = w.killServer()
		select {
		case <-w.srvDone:
		case <-time.After(10 * time.Second):
			_ = w.srv.Process.Kill()
			<-w.srvDone
		}
		w.srv = nil
	}
	if w.lock != nil {
		w.lock.Close()
		w.lock = nil
	}
	return err
}

// ForTest starts Wine for the test on the X display $DISPLAY names, and
// closes it when the test ends. A machine without Wine skips the test,
// saying so.
func ForTest(tb testing.TB) *Wine {
	tb.Helper()
	if _, _, err := Find(); err != nil {
		tb.Skipf("%v", err)
	}
	w, err := Start(os.Getenv("DISPLAY"))
	if err != nil {
		tb.Fatalf("wine: %v", err)
	}
	tb.Cleanup(func() {
		if err := w.Close(); err != nil {
			tb.Errorf("wine: %v", err)
		}
	})
	return w
}
