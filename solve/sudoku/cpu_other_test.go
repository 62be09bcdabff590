//go:build !linux

package sudoku

// threadCPU is only measured on Linux; elsewhere the benchmarks report 0.
func threadCPU() float64 { return 0 }
