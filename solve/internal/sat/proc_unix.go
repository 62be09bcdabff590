//go:build unix && !linux

package sat

import (
	"os"
	"os/exec"
	"syscall"
)

// ownGroup makes cmd the leader of a process group of its own. (Only Linux
// can have it killed with the process that starts it; cadical's own time
// limit is the net elsewhere.)
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the process group that p leads.
func killGroup(p *os.Process) error {
	return syscall.Kill(-p.Pid, syscall.SIGKILL)
}
