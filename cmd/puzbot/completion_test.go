package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/internal/exitcode"
)

// needTool returns the path of a program the test needs, which
// scripts/setup.sh --test installs.
func needTool(t *testing.T, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		t.Fatalf("%s is not installed: run scripts/setup.sh --test", name)
	}
	return path
}

// TestCompletionScripts: each shell accepts its script.
func TestCompletionScripts(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct{ shell, check string }{
		{"bash", "-n"},
		{"zsh", "-n"},
		{"fish", "--no-execute"},
	} {
		r := runInProcess("", "completion", tc.shell)
		if r.code != 0 || r.stderr != "" || !strings.Contains(r.stdout, "puzbot") {
			t.Fatalf("completion %s: exit %d, stderr %q", tc.shell, r.code, r.stderr)
		}
		script := filepath.Join(dir, "puzbot."+tc.shell)
		if err := os.WriteFile(script, []byte(r.stdout), 0o644); err != nil {
			t.Fatal(err)
		}
		if out, err := exec.Command(needTool(t, tc.shell), tc.check, script).CombinedOutput(); err != nil || len(out) != 0 {
			t.Errorf("%s %s on the completion script: %v\n%s", tc.shell, tc.check, err, out)
		}
	}
	// fish completes from the script alone (and offers file names too).
	for line, want := range map[string]string{"puzbot re": "recognize render replay", "puzbot solve --co": "--count"} {
		cmd := exec.Command(needTool(t, "fish"), "--no-config", "-c", `source $argv[1]; complete -C "$argv[2]"`, filepath.Join(dir, "puzbot.fish"), line)
		cmd.Dir = t.TempDir() // no file names to offer
		out, err := cmd.CombinedOutput()
		var got []string
		for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			got = append(got, strings.SplitN(l, "\t", 2)[0])
		}
		if err != nil || strings.Join(got, " ") != want {
			t.Errorf("fish completing %q: %v, offered %q, want %q", line, err, got, want)
		}
	}
	checkFailure(t, runInProcess("", "completion", "tcsh"), exitcode.Usage, `completion: unknown shell "tcsh": name one of bash, zsh, fish`)
	checkFailure(t, runInProcess("", "completion"), exitcode.Usage, "completion: name one shell: bash, zsh, fish")
}

// TestBashCompletion sources the bash script in bash, as a user's shell
// does, and completes command lines with the built puzbot on PATH.
func TestBashCompletion(t *testing.T) {
	bin := puzbotBinary(t)
	bash := needTool(t, "bash")
	tests := []struct {
		line string // the words before the cursor, then the word being completed
		want string // the completions, one per line
	}{
		{"puzbot re", "recognize\nrender\nreplay"},
		{"puzbot so", "solve"},
		{"puzbot solve --co", "--count"},
		{"puzbot solve puzzle.json --ti", "--time-limit"},
		{"puzbot replay moves.json --dr", "--dry-run"},
		{"puzbot solve ", ""}, // file names, by bash itself
		{"puzbot solve pu", ""},
		{"puzbot completion ", "bash\nfish\nzsh"},
		{"puzbot completion f", "fish"},
	}
	for _, tt := range tests {
		words := strings.Split(tt.line, " ")
		script := `set -e
source <(puzbot completion bash)
fn=$(complete -p puzbot | sed -n 's/.* -F \([^ ]*\) .*/\1/p')
COMP_WORDS=(` + quoteWords(words) + `)
COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
COMP_LINE="$LINE"
COMP_POINT=${#COMP_LINE}
"$fn" puzbot "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
printf '%s\n' "${COMPREPLY[@]}" | sort
`
		cmd := exec.Command(bash, "-c", script)
		cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"), "LINE="+tt.line)
		cmd.Dir = t.TempDir() // no file names to offer
		out, err := cmd.CombinedOutput()
		if got := strings.TrimSpace(string(out)); err != nil || got != tt.want {
			t.Errorf("completing %q: %v, offered %q, want %q", tt.line, err, got, tt.want)
		}
	}
}

// quoteWords writes words as a bash array's elements.
func quoteWords(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = "'" + strings.ReplaceAll(w, "'", `'\''`) + "'"
	}
	return strings.Join(q, " ")
}

// TestManPage: "puzbot man" is a page that man renders without a warning,
// and it has a section for every command that "puzbot --help" lists.
func TestManPage(t *testing.T) {
	manTool := needTool(t, "man")
	warnings := func(page string) string {
		cmd := exec.Command(manTool, "--warnings", "-l", "-")
		cmd.Stdin = strings.NewReader(page)
		cmd.Env = append(os.Environ(), "MANPAGER=cat", "PAGER=cat", "MANWIDTH=80")
		var stderr strings.Builder
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("man: %v\n%s", err, stderr.String())
		}
		return stderr.String()
	}
	// The check finds warnings when there are some.
	if w := warnings(".TH x 1\n.SH NAME\nx \\- y\n.nosuchmacro\n"); w == "" {
		t.Fatal("man --warnings gave no warning for an undefined macro: the check below would miss them")
	}
	r := runInProcess("", "man")
	if r.code != 0 || r.stderr != "" || !strings.HasPrefix(r.stdout, ".nh\n.TH puzbot 1") {
		t.Fatalf("puzbot man: exit %d, stderr %q, page starts %.40q", r.code, r.stderr, r.stdout)
	}
	checkFailure(t, runInProcess("", "man", "page"), exitcode.Usage, `man: unexpected argument "page"`)
	if w := warnings(r.stdout); w != "" {
		t.Errorf("man --warnings on puzbot's page:\n%s", w)
	}
	help := runInProcess("", "--help").stdout
	_, list, _ := strings.Cut(help, "COMMANDS:\n")
	list, _, _ = strings.Cut(list, "\n\n")
	names := regexp.MustCompile(`(?m)^ +([a-z]+)`).FindAllStringSubmatch(list, -1)
	if len(names) < 9 {
		t.Fatalf("found %d commands in puzbot --help:\n%s", len(names), help)
	}
	for _, n := range names {
		if !regexp.MustCompile(`(?m)^\.SH ` + n[1] + `\b`).MatchString(r.stdout) {
			t.Errorf("the man page has no section for %q", n[1])
		}
	}
}
