package testdata

import "testing"

// NotRegular makes files that are not regular files in dir. FIFOs,
// sockets at a path and device nodes are Unix's: a test that needs them
// is skipped here.
func NotRegular(tb testing.TB, _ string) (paths map[string]string, target string) {
	tb.Skip("FIFOs, sockets and device nodes are Unix's")
	return nil, ""
}
