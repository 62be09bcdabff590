//go:build !windows

package recognize

// #cgo LDFLAGS: -lgomp
// #include <omp.h>
import "C"

// oneOCRThread makes Tesseract, when the calling OS thread runs it, read
// on that thread alone. Tesseract's LSTM runs each network layer as an
// OpenMP parallel region of four threads; for a single digit the threads
// cost many times what they save. OMP_THREAD_LIMIT=1 would do it, but
// libgomp reads it only when it is loaded, before any Go code runs. What
// can still be set is the maximum number of active parallel levels: at 0,
// every parallel region the thread starts runs on that thread only. The
// setting belongs to the calling OS thread, so call it, with the thread
// locked, before each Tesseract call.
func oneOCRThread() { C.omp_set_max_active_levels(0) }
