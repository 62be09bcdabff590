package worker

import (
	"os/exec"
	"sync"
	"unsafe"

	"golang.org/x/sys/windows"
)

// job is the job object puzbot puts itself in, once, so that the processes
// it starts die with it.
var job struct {
	once   sync.Once
	handle windows.Handle
}

// EndWithParent makes the vision executable that cmd starts die with
// this process, however it ends: the first call puts this process in a job
// object that kills its processes when its last handle closes
// (JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE), and the only handle is this
// process's, closed as it ends. The processes it starts from then on are in
// the job too. Where Windows refuses (a job that allows no other, before
// Windows 8), the vision executable ends when its stdin closes with this
// process.
func EndWithParent(*exec.Cmd) {
	job.once.Do(func() {
		h, err := windows.CreateJobObject(nil, nil)
		if err != nil {
			return
		}
		info := windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION{}
		info.BasicLimitInformation.LimitFlags = windows.JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
		_, err = windows.SetInformationJobObject(h, windows.JobObjectExtendedLimitInformation,
			uintptr(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info)))
		if err == nil {
			err = windows.AssignProcessToJobObject(h, windows.CurrentProcess())
		}
		if err != nil {
			windows.CloseHandle(h)
			return
		}
		job.handle = h // kept open until the process ends
	})
}
