//go:build !unix

package sat

import (
	"os"
	"os/exec"
)

// ownGroup leaves cmd as it is: process groups are a Unix matter.
func ownGroup(*exec.Cmd) {}

// killGroup kills the process p (what it started lives on until
// cadical's own time limit, if it has one, ends it).
func killGroup(p *os.Process) error {
	return p.Kill()
}
