package main

import (
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/internal/exitcode"
)

func TestDescribeBuild(t *testing.T) {
	main := func(path, version string, settings ...debug.BuildSetting) *debug.BuildInfo {
		return &debug.BuildInfo{Main: debug.Module{Path: path, Version: version}, Settings: settings}
	}
	rev := debug.BuildSetting{Key: "vcs.revision", Value: "0123456789abcdef0123"}
	dirty := debug.BuildSetting{Key: "vcs.modified", Value: "true"}
	clean := debug.BuildSetting{Key: "vcs.modified", Value: "false"}
	tests := []struct {
		name, linked string
		info         *debug.BuildInfo
		want         string
	}{
		{"no build info", "", nil, "devel github.com/puzbot/puzbot"},
		{"-buildvcs=false", "", main("github.com/puzbot/puzbot", "(devel)"), "devel github.com/puzbot/puzbot"},
		{"no path recorded", "", main("", ""), "devel github.com/puzbot/puzbot"},
		{"commit", "", main("github.com/puzbot/puzbot", "(devel)", rev, clean), "devel github.com/puzbot/puzbot commit 0123456789ab"},
		{"commit with changes", "", main("github.com/puzbot/puzbot", "(devel)", rev, dirty), "devel github.com/puzbot/puzbot commit 0123456789ab + changes"},
		{"module version", "", main("github.com/puzbot/puzbot", "v1.4.0"), "v1.4.0 github.com/puzbot/puzbot"},
		{"linked version", "v2.0.0", main("github.com/puzbot/puzbot", "v1.4.0", rev, clean), "v2.0.0 github.com/puzbot/puzbot commit 0123456789ab"},
		{"short revision", "", main("x.org/fork", "(devel)", debug.BuildSetting{Key: "vcs.revision", Value: "abc"}), "devel x.org/fork commit abc"},
	}
	for _, tt := range tests {
		if got := describeBuild(tt.linked, tt.info); got != tt.want {
			t.Errorf("%s: describeBuild = %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestVersion: --version, -v and the version command print one line on
// stdout with the module path, in this test binary and in a puzbot built
// with -buildvcs=false, which records no commit.
func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"-v"}, {"version"}} {
		r := runInProcess("", args...)
		if r.code != 0 || r.stderr != "" || !strings.HasPrefix(r.stdout, "puzbot version ") ||
			strings.Count(r.stdout, "\n") != 1 || !strings.Contains(r.stdout, " github.com/puzbot/puzbot") {
			t.Errorf("puzbot %v: exit %d, stdout %q, stderr %q; want one line with the module path", args, r.code, r.stdout, r.stderr)
		}
	}
	r := runInProcess("", "version", "now")
	checkFailure(t, r, exitcode.Usage, `version: unexpected argument "now"`)

	bin := filepath.Join(t.TempDir(), "puzbot")
	if out, err := exec.Command("go", "build", "-buildvcs=false", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build -buildvcs=false: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "--version").Output()
	if err != nil || string(out) != "puzbot version devel github.com/puzbot/puzbot\n" {
		t.Errorf("built with -buildvcs=false: puzbot --version = %q, %v", out, err)
	}
}
