package worker

import (
	"os/exec"
	"syscall"
)

// EndWithParent makes the vision executable that cmd starts die with
// this process: Linux's parent-death signal. It comes when the thread that
// started the child ends: keep the starting goroutine on its thread.
func EndWithParent(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
