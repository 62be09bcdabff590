package browser

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestArgs(t *testing.T) {
	args := Args(Options{URL: "http://127.0.0.1:1/", X: 10, Y: 20}, "/tmp/p")
	for _, want := range []string{
		"--no-sandbox", "--test-type", "--disable-gpu", "--no-first-run", "--disable-background-networking",
		"--disable-component-update", "--disable-sync", "--disable-quic", "--user-data-dir=/tmp/p",
		"--window-position=10,20", "--window-size=1920,1080", "--force-device-scale-factor=1",
		"--app=http://127.0.0.1:1/",
	} {
		if !slices.Contains(args, want) {
			t.Errorf("Args lacks %s: %v", want, args)
		}
	}
	kiosk := Args(Options{URL: "u", Width: 800, Height: 600, Kiosk: true}, "p")
	if !slices.Contains(kiosk, "--kiosk") || kiosk[len(kiosk)-1] != "u" || !slices.Contains(kiosk, "--window-size=800,600") {
		t.Errorf("kiosk Args: %v", kiosk)
	}
}

func TestLaunchRefuses(t *testing.T) {
	if _, err := Launch(Options{}); err == nil || !strings.Contains(err.Error(), "no URL") {
		t.Errorf("no URL: %v", err)
	}
	t.Setenv("DISPLAY", "")
	if _, err := Launch(Options{URL: "u", Binary: "/bin/true"}); err == nil || !strings.Contains(err.Error(), "DISPLAY") {
		t.Errorf("no display: %v", err)
	}
	if _, err := Launch(Options{URL: "u", Binary: filepath.Join(t.TempDir(), "none"), Display: ":99"}); err == nil {
		t.Error("missing binary: no error")
	}
}

// TestLaunchAndClose runs a stand-in browser that records its arguments and
// starts a helper process, and checks that Close ends both and removes the
// profile.
func TestLaunchAndClose(t *testing.T) {
	dir := t.TempDir()
	record := filepath.Join(dir, "args")
	fake := filepath.Join(dir, "chromium")
	script := "#!/bin/sh\necho \"$DISPLAY $@\" > " + record + "\nsleep 300 &\nwait\n"
	if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	b, err := Launch(Options{URL: "http://127.0.0.1:9/", Display: ":42", Binary: fake})
	if err != nil {
		t.Fatal(err)
	}
	var got []byte
	for i := 0; i < 100 && len(got) == 0; i++ {
		time.Sleep(20 * time.Millisecond)
		got, _ = os.ReadFile(record)
	}
	if !strings.HasPrefix(string(got), ":42 ") || !strings.Contains(string(got), "--app=http://127.0.0.1:9/") {
		t.Errorf("the browser ran as %q", got)
	}
	profile := b.profile
	if _, err := os.Stat(profile); err != nil {
		t.Errorf("profile folder: %v", err)
	}
	closed := make(chan struct{})
	go func() { b.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(10 * time.Second):
		t.Fatal("Close did not return")
	}
	select {
	case <-b.Done():
	default:
		t.Error("Done is not closed after Close")
	}
	if _, err := os.Stat(profile); !os.IsNotExist(err) {
		t.Errorf("profile folder left behind: %v", err)
	}
	b.Close() // a second Close does nothing
}
