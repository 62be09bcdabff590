package main

import "io/fs"

// exeSuffix ends the name of an executable file.
const exeSuffix = ".exe"

// howToGet says how to get puzbot's executables on Windows.
const howToGet = "keep puzbot.exe and puzbot-recognize.exe together, as in the zip scripts/build-windows.sh makes"

// runnable reports whether the file st describes can be run: Windows
// runs any file named .exe, and has no permission bits to say so.
func runnable(st fs.FileInfo) bool { return st.Mode().IsRegular() }
