//go:build !windows

package main

import "io/fs"

// exeSuffix ends the name of an executable file.
const exeSuffix = ""

// howToGet says how to build puzbot's executables.
const howToGet = "run scripts/setup.sh, which builds both into bin/ (or go build -o bin/ ./cmd/...)"

// runnable reports whether the file st describes can be run: a file with
// a permission to execute it.
func runnable(st fs.FileInfo) bool { return !st.IsDir() && st.Mode()&0o111 != 0 }
