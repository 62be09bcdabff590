//go:build linux

package wine

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	"github.com/puzbot/puzbot/internal/xvfb"
)

// TestRun: a Windows program run under Wine passes its output and exit
// status on, and Run returns as it exits.
func TestRun(t *testing.T) {
	xvfb.ForTest(t, 320, 200)
	w := ForTest(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var stdout, stderr bytes.Buffer
	code, err := w.Run(ctx, strings.NewReader(""), &stdout, &stderr, "cmd", "/c", "echo hello from Wine& exit /b 3")
	if err != nil {
		t.Fatal(err)
	}
	if code != 3 || strings.TrimSpace(stdout.String()) != "hello from Wine" {
		t.Errorf("exit %d, stdout %q, stderr %q; want 3 and the greeting", code, stdout.String(), stderr.String())
	}
}
