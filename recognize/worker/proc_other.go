//go:build !linux && !windows

package worker

import "os/exec"

// EndWithParent does nothing here: this system has no parent-death
// signal, so the vision executable ends when it is killed or its stdin
// closes with this process.
func EndWithParent(*exec.Cmd) {}
