// Package xvfb starts private Xvfb servers, so that tests of the desktop edge
// (capture, replay, the game in a browser) run against a real X server on any
// machine, without touching the user's own display.
package xvfb

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"
)

// Server is a running Xvfb.
type Server struct {
	// Display is the DISPLAY value that reaches the server, such as ":7".
	Display string
	cmd     *exec.Cmd
	done    chan error
	stop    sync.Once
}

// Start runs Xvfb with one screen of width x height pixels at 24-bit depth on
// a free display number, and returns once the server accepts connections.
// The server is started with -noreset, so it survives its last client
// leaving. Call Stop when done.
func Start(width, height int) (*Server, error) { return start(width, height, true) }

// StartResetting is Start without -noreset: the server resets each time its
// last client leaves, as many X servers do, and for a moment accepts no
// connection. It is for tests of programs that connect more than once.
func StartResetting(width, height int) (*Server, error) { return start(width, height, false) }

func start(width, height int, noreset bool) (*Server, error) {
	path, err := exec.LookPath("Xvfb")
	if err != nil {
		return nil, errors.New("no Xvfb on PATH: run scripts/setup.sh --test (Debian package xvfb)")
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	defer r.Close()
	// -displayfd makes Xvfb pick a free display number and write it to fd 3
	// once it is ready for clients.
	args := []string{"-displayfd", "3", "-nolisten", "tcp", "-screen", "0", fmt.Sprintf("%dx%dx24", width, height)}
	if noreset {
		args = append(args, "-noreset")
	}
	cmd := exec.Command(path, args...)
	cmd.ExtraFiles = []*os.File{w}
	cmd.Stderr = nil
	if err := cmd.Start(); err != nil {
		w.Close()
		return nil, fmt.Errorf("start Xvfb: %w", err)
	}
	w.Close()
	s := &Server{cmd: cmd, done: make(chan error, 1)}
	go func() { s.done <- cmd.Wait() }()

	line := make(chan string, 1)
	go func() {
		l, _ := bufio.NewReader(r).ReadString('\n')
		line <- strings.TrimSpace(l)
	}()
	select {
	case n := <-line:
		if n == "" {
			s.Stop()
			return nil, errors.New("the Xvfb server exited before it was ready")
		}
		s.Display = ":" + n
		return s, nil
	case err := <-s.done:
		return nil, fmt.Errorf("the Xvfb server exited before it was ready: %v", err)
	case <-time.After(15 * time.Second):
		s.Stop()
		return nil, errors.New("the Xvfb server did not become ready within 15 s")
	}
}

// Signal sends sig to the server: SIGSTOP and SIGCONT make it hang and go
// on, for tests of a display that stops answering.
func (s *Server) Signal(sig os.Signal) error {
	if s.cmd.Process == nil {
		return errors.New("no server")
	}
	return s.cmd.Process.Signal(sig)
}

// Stop ends the server and waits for it to exit. Calling it again does
// nothing.
func (s *Server) Stop() {
	if s.cmd.Process == nil {
		return
	}
	s.stop.Do(func() {
		s.cmd.Process.Signal(os.Interrupt)
		select {
		case <-s.done:
		case <-time.After(5 * time.Second):
			s.cmd.Process.Kill()
			<-s.done
		}
	})
}

// ForTest starts a server for the test, stops it when the test ends, and sets
// DISPLAY to it for the duration of the test. Tests that use it cannot run in
// parallel with each other, as DISPLAY is process-wide.
func ForTest(t testing.TB, width, height int) *Server {
	t.Helper()
	s, err := Start(width, height)
	if err != nil {
		t.Fatalf("xvfb: %v", err)
	}
	t.Cleanup(s.Stop)
	t.Setenv("DISPLAY", s.Display)
	return s
}
