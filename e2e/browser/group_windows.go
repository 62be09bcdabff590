package browser

import (
	"os"
	"os/exec"
)

// ownGroup does nothing here: Windows has no process groups to signal.
func ownGroup(*exec.Cmd) {}

// killGroup kills the process pid (its helpers are left to end with it).
func killGroup(pid int, _ bool) error {
	p, err := os.FindProcess(pid)
	if err != nil {
		return err
	}
	return p.Kill()
}
