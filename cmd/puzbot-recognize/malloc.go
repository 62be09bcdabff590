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
