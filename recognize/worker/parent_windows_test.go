package worker

import (
	"testing"
	"time"

	"golang.org/x/sys/windows"
)

// gone says whether process pid ends within wait.
func gone(t *testing.T, pid int, wait time.Duration) bool {
	t.Helper()
	h, err := windows.OpenProcess(windows.SYNCHRONIZE, false, uint32(pid))
	if err != nil {
		return true // no such process any more
	}
	defer windows.CloseHandle(h)
	ev, err := windows.WaitForSingleObject(h, uint32(wait/time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	return ev == windows.WAIT_OBJECT_0
}
