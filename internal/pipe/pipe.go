// Package pipe tells when a command's standard input is an empty pipe: in
// a pipeline such as
//
//	puzbot capture | puzbot recognize | puzbot solve | puzbot replay
//
// a step that fails writes nothing, and the steps after it read an empty
// pipe. Those steps exit quietly with their own status (exitcode.EmptyPipe),
// so that the line the user reads is the first step's, which says why.
package pipe

import (
	"io"
	"os"
)

// Empty reports whether r, read to its end, gave data empty, and is a pipe
// or a socket (as shells connect the steps of a pipeline); an empty regular
// file or /dev/null is not a pipeline's empty step.
func Empty(r io.Reader, data []byte) bool {
	if len(data) != 0 {
		return false
	}
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&(os.ModeNamedPipe|os.ModeSocket) != 0
}
