package main

// Every thread allocates C memory (OpenCV's images, Tesseract's) from
// glibc's one main arena. By default a thread gets an arena of its own the
// first time it allocates, and memory freed in one arena is reused only by
// allocations in that arena. A cgo call runs on whichever thread its
// goroutine is on, so an image freed on one thread and the next one
// allocated on another both stay resident: on a screenshot at the size cap
// the peak went from 254 MB to anywhere up to 283 MB from run to run (303
// MB once, in a loaded CI run; TestDecodeMemory). With one arena it is 254
// MB every time, in the same time. The setting is made by a constructor,
// which runs before the Go runtime starts its threads: set later, it
// leaves the arenas those threads already have.

/*
#include <malloc.h>

__attribute__((constructor)) static void puzbot_one_malloc_arena(void) {
	mallopt(M_ARENA_MAX, 1);
}
*/
import "C"

import "runtime/debug"

// releaseMemory gives the system back the memory that reading a frame used
// and freed, in the Go heap and in glibc's arena, so that a worker reading
// frame after frame stays at what it holds between frames: the models, the
// caches and the code.
//
// Neither allocator does so by itself. The Go heap keeps what a collection
// frees until its scavenger returns it, a little at a time, so the
// worker's resident size depended on when the last collection ran and on
// how fast frames came: fed frames back to back, 3 to 20 MB of the heap
// was free but resident. glibc keeps freed memory in its arena for the
// next allocation, and once a large image is freed it places images of
// that size in the arena too (its mmap threshold rises to the largest
// chunk freed), so what the arena keeps depends on which frames came in
// which order: 12 MB of the 32 MB arena of a worker that had played 100
// levels was free. Called after each frame, it keeps the worker at its
// live memory. It costs about 10 ms a frame, against the 30-37 ms of
// reading it (BenchmarkReleaseMemory): a garbage collection of the small
// heap the worker keeps, a walk of the arena, and the pages the next frame
// touches again. The worker pays it after sending the answer, while
// puzbot acts on it.
func releaseMemory() {
	debug.FreeOSMemory()
	C.malloc_trim(0)
}
