package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/internal/exitcode"
)

func TestFlagsFirst(t *testing.T) {
	cmds := newApp(nil, nil, nil, nil).Commands
	tests := []struct{ in, want string }{
		{"solve p.json --count", "solve --count p.json"},
		{"solve p.json --limit 5 --count", "solve --limit 5 --count p.json"},
		{"solve p.json --limit=5", "solve --limit=5 p.json"},
		{"solve --count p.json", "solve --count p.json"},
		{"solve -- -odd.json", "solve -- -odd.json"},
		{"solve p.json -- -odd.json --count", "solve -- p.json -odd.json --count"},
		{"solve - --count", "solve --count -"},
		{"replay m.json -n --steps 3", "replay -n --steps 3 m.json"},
		{"replay m.json --pause", "replay --pause"}, // a value missing: the parser says so
		{"replay m.json --pause=1s", "replay --pause=1s m.json"},
		{"play --levels -1", "play --levels -1"},
		{"solve p.json --c --generate-bash-completion", "solve --c p.json --generate-bash-completion"},
		{"--help solve p.json --count", "--help solve --count p.json"},
		{"recognize shot.png --stats", "recognize shot.png --stats"}, // it reads its own flags
		{"solv p.json --count", "solv p.json --count"},
		{"", ""},
	}
	for _, tt := range tests {
		in := slices.Concat([]string{"puzbot"}, strings.Fields(tt.in))
		want := slices.Concat([]string{"puzbot"}, strings.Fields(tt.want))
		if got := flagsFirst(cmds, in); !slices.Equal(got, want) {
			t.Errorf("flagsFirst(%q) = %q, want %q", tt.in, got, want)
		}
	}
}

// TestFlagsAfterArguments: flags may follow the file they apply to, in
// solve and replay alike, and "--" still ends the flags.
func TestFlagsAfterArguments(t *testing.T) {
	level, err := os.ReadFile(filepath.Join("..", "..", "testdata", "screens", "level07.json"))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	for _, name := range []string{"level.json", "-odd.json"} {
		if err := os.WriteFile(name, level, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	moves := runInProcess("", "solve", "level.json")
	if moves.code != 0 || os.WriteFile("moves.json", []byte(moves.stdout), 0o644) != nil {
		t.Fatalf("solve: exit %d, stderr %q", moves.code, moves.stderr)
	}
	same := [][2][]string{
		{{"solve", "level.json", "--count"}, {"solve", "--count", "level.json"}},
		{{"solve", "level.json", "--count", "--limit", "1"}, {"solve", "--limit", "1", "--count", "level.json"}},
		{{"replay", "moves.json", "--dry-run"}, {"replay", "--dry-run", "moves.json"}},
		{{"replay", "moves.json", "-n", "--steps", "4"}, {"replay", "-n", "--steps", "4", "moves.json"}},
		{{"solve", "--", "-odd.json"}, {"solve", "level.json"}},
		{{"solve", "--count", "--", "-odd.json"}, {"solve", "level.json", "--count"}},
	}
	for _, s := range same {
		a, b := runInProcess("", s[0]...), runInProcess("", s[1]...)
		if a.code != 0 || a != b || a.stdout == "" {
			t.Errorf("puzbot %q: exit %d, stdout %.60q, stderr %q;\nwant as puzbot %q: exit %d, stdout %.60q, stderr %q",
				s[0], a.code, a.stdout, a.stderr, s[1], b.code, b.stdout, b.stderr)
		}
	}
	// After "--", a flag is an argument.
	checkFailure(t, runInProcess("", "solve", "--", "-odd.json", "--count"), exitcode.Usage, "solve: expected one input file, got 2 arguments")
	checkFailure(t, runInProcess("", "solve", "-odd.json"), exitcode.Usage, "solve: unknown flag -odd.json")
	checkFailure(t, runInProcess("", "solve", "level.json", "--limit"), exitcode.Usage, "solve: --limit needs a value (see --help)")
}

// TestUnknownCommandOrFlag: a typo names what was typed and the nearest
// command or flag, exit 2, and prints no help.
func TestUnknownCommandOrFlag(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"solv"}, `unknown command "solv"; did you mean "solve"?`},
		{[]string{"repaly", "x.json"}, `unknown command "repaly"; did you mean "replay"?`},
		{[]string{"frobnicate"}, `unknown command "frobnicate" (see puzbot --help)`},
		{[]string{"help", "solv"}, `unknown command "solv"; did you mean "solve"?`},
		{[]string{"solve", "--cuont"}, "solve: unknown flag --cuont; did you mean --count?"},
		{[]string{"solve", "x.json", "-cuont"}, "solve: unknown flag -cuont; did you mean --count?"},
		{[]string{"solve", "--cuont=1"}, "solve: unknown flag --cuont; did you mean --count?"},
		{[]string{"replay", "--dry-rn", "x.json"}, "replay: unknown flag --dry-rn; did you mean --dry-run?"},
		{[]string{"solve", "--zzzzzz"}, "solve: unknown flag --zzzzzz (see --help)"},
		{[]string{"--verison"}, "unknown flag --verison; did you mean --version?"},
	}
	for _, args := range [][]string{{"help", "solve"}, {"h", "solve"}, {"solve", "--help"}} {
		r := runInProcess("", args...)
		if r.code != 0 || r.stderr != "" || !strings.HasPrefix(r.stdout, "NAME:\n   puzbot solve - ") {
			t.Errorf("puzbot %q: exit %d, stdout %.60q, stderr %q; want solve's help", args, r.code, r.stdout, r.stderr)
		}
	}
	for _, tt := range tests {
		r := runInProcess("", tt.args...)
		if r.code != exitcode.Usage || r.stdout != "" || r.stderr != "puzbot: "+tt.want+"\n" {
			t.Errorf("puzbot %q: exit %d, stdout %.40q, stderr %q; want exit 2 and %q", tt.args, r.code, r.stdout, r.stderr, tt.want)
		}
	}
}

// TestCommandFor: a command that looks only at itself runs in an app of
// its own; help, man, completion, version, flags first and unknown names
// get every command.
func TestCommandFor(t *testing.T) {
	for _, tt := range []struct{ args, want string }{
		{"solve", "solve"},
		{"solve p.json --count", "solve"},
		{"replay --help", "replay"},
		{"schema", "schema"},
		{"help solve", ""},
		{"h", ""},
		{"man", ""},
		{"completion bash", ""},
		{"version", ""},
		{"--version solve", ""},
		{"--help", ""},
		{"solv", ""},
		{"", ""},
	} {
		got := ""
		if c := commandFor(slices.Concat([]string{"puzbot"}, strings.Fields(tt.args))); c != nil {
			got = c.Name
		}
		if got != tt.want {
			t.Errorf("commandFor(%q) = %q, want %q", tt.args, got, tt.want)
		}
	}
}
