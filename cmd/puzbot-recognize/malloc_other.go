//go:build !linux

package main

import "runtime/debug"

// releaseMemory gives the system back the memory of the Go heap that
// reading a frame used and freed (see malloc_linux.go for why). The C
// allocator is not glibc's here: on Windows the C runtime's heap hands the
// large blocks of images back to the system as they are freed.
func releaseMemory() {
	debug.FreeOSMemory()
}
