package sat

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestNoChildLeft checks that no process of cadical outlives Solve when its
// context ends first.
func TestNoChildLeft(t *testing.T) {
	path := CadicalPath()
	if path == "" {
		t.Skip("cadical is not installed")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	if _, err := Solve(ctx, pigeons(12, 12), Options{Cadical: path}); err == nil {
		t.Fatal("cadical refuted 13 pigeons in 100 ms")
	}
	if kids := childProcesses(t); len(kids) > 0 {
		t.Errorf("child processes left: %v", kids)
	}
}

// childProcesses returns the commands of this process's children.
func childProcesses(t *testing.T) []string {
	var kids []string
	for _, stat := range procFiles(t, "stat") {
		// pid (comm) state ppid ...: comm may hold spaces and parentheses.
		end := strings.LastIndexByte(stat, ')')
		fields := strings.Fields(stat[end+1:])
		if len(fields) > 1 && fields[1] == strconv.Itoa(os.Getpid()) {
			kids = append(kids, stat[strings.IndexByte(stat, '(')+1:end])
		}
	}
	return kids
}

// procFiles returns the file name of /proc/PID of every process, by PID
// (but those that end meanwhile).
func procFiles(t *testing.T, name string) map[string]string {
	t.Helper()
	paths, err := filepath.Glob("/proc/[0-9]*/" + name)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, path := range paths {
		if data, err := os.ReadFile(path); err == nil {
			files[filepath.Base(filepath.Dir(path))] = string(data)
		}
	}
	return files
}

// TestCadicalScript runs as cadical a script that starts a process of its
// own, which holds the script's output open, and never answers: Solve must
// still stop soon after its deadline, and take that process down too.
func TestCadicalScript(t *testing.T) {
	sleep, err := exec.LookPath("sleep")
	if err != nil {
		t.Skip("no sleep command")
	}
	data, err := os.ReadFile(sleep)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	marker := filepath.Join(dir, "held") // sleep, by a name of its own
	path := filepath.Join(dir, "cadical")
	body := "#!/bin/sh\ncat >/dev/null\n" + marker + " 30 &\nwait\n"
	if err := os.WriteFile(marker, data, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	r, err := Solve(ctx, pigeons(3, 4), Options{Cadical: path})
	elapsed := time.Since(start)
	if r.Status != Unknown || r.Solver != "cadical" || err == nil || elapsed > 2*time.Second {
		t.Errorf("%v by %q, %v after %v; want cadical stopped soon after 200 ms", r.Status, r.Solver, err, elapsed)
	}
	time.Sleep(50 * time.Millisecond)
	if left := processesNamed(t, marker); len(left) > 0 {
		t.Errorf("the script's process is left running: %v", left)
	}
}

// processesNamed returns the pids of the processes whose command line
// starts with name.
func processesNamed(t *testing.T, name string) []string {
	var pids []string
	for pid, cmdline := range procFiles(t, "cmdline") {
		if strings.HasPrefix(cmdline, name+"\x00") {
			pids = append(pids, pid)
		}
	}
	return pids
}
