package sat

import (
	"os"
	"os/exec"
	"syscall"
)

// ownGroup makes cmd the leader of a process group of its own, which dies
// with the thread that starts it.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL, Setpgid: true}
}

// killGroup kills the process group that p leads.
func killGroup(p *os.Process) error {
	return syscall.Kill(-p.Pid, syscall.SIGKILL)
}
