package worker

import (
	"bytes"
	"os"
	"strconv"
	"testing"
	"time"
)

// gone says whether process pid ends (or is a zombie) within wait.
func gone(t *testing.T, pid int, wait time.Duration) bool {
	t.Helper()
	for start := time.Now(); time.Since(start) < wait; time.Sleep(10 * time.Millisecond) {
		stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			return true
		}
		// The state follows the command's name in parentheses.
		if i := bytes.LastIndexByte(stat, ')'); i > 0 && i+2 < len(stat) && stat[i+2] == 'Z' {
			return true
		}
	}
	return false
}
