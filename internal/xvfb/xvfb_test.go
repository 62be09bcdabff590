package xvfb

import (
	"os/exec"
	"strings"
	"testing"
)

func TestStartServesClients(t *testing.T) {
	a := ForTest(t, 640, 480)
	b, err := Start(320, 200)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Stop()
	if a.Display == b.Display {
		t.Fatalf("two servers share display %s", a.Display)
	}
	for _, tc := range []struct {
		display string
		want    string
	}{{a.Display, "640x480"}, {b.Display, "320x200"}} {
		// Two clients in a row: the second proves -noreset kept the server.
		for i := 0; i < 2; i++ {
			out, err := exec.Command("xdpyinfo", "-display", tc.display).CombinedOutput()
			if err != nil {
				t.Fatalf("xdpyinfo on %s (run %d): %v\n%s", tc.display, i, err, out)
			}
			if !strings.Contains(string(out), "dimensions:    "+tc.want) {
				t.Errorf("display %s: want dimensions %s in\n%s", tc.display, tc.want, out)
			}
		}
	}
}

func TestStopEndsServer(t *testing.T) {
	s, err := Start(100, 100)
	if err != nil {
		t.Fatal(err)
	}
	s.Stop()
	if err := exec.Command("xdpyinfo", "-display", s.Display).Run(); err == nil {
		t.Fatalf("display %s still answers after Stop", s.Display)
	}
}
