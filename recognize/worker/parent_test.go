package worker

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// startChild is the test binary as a parent (PUZBOT_TEST_PARENT): it starts
// itself as a sleeping child that EndWithParent ties to it, prints the
// child's process ID and exits with the child still running.
func startChild() int {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "PUZBOT_TEST_PARENT=", "PUZBOT_TEST_SLEEP=1")
	EndWithParent(cmd)
	runtime.LockOSThread() // Linux's parent-death signal follows the starting thread
	if err := cmd.Start(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	fmt.Println(cmd.Process.Pid)
	return 0
}

// TestEndWithParent: a child that EndWithParent ties to its parent ends
// when the parent exits, though nothing kills it and it would sleep a
// minute.
func TestEndWithParent(t *testing.T) {
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "PUZBOT_TEST_PARENT=1")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("the parent: %v", err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(out)))
	if err != nil {
		t.Fatalf("the parent printed %q, not a process ID", out)
	}
	if !gone(t, pid, 10*time.Second) {
		t.Errorf("the child %d still runs 10 s after its parent exited", pid)
	}
}
