package exitcode

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// TestOnlyCommandsImport: exit statuses are for commands to decide.
// Libraries return kinds of error (see cmd/puzbot/status.go), so no package
// but a main one imports this package, tests included.
func TestOnlyCommandsImport(t *testing.T) {
	const self = "github.com/puzbot/puzbot/internal/exitcode"
	out, err := exec.Command("go", "list", "-f",
		`{{.Name}} {{.ImportPath}} {{join .Imports " "}} {{join .TestImports " "}} {{join .XTestImports " "}}`,
		"github.com/puzbot/puzbot/...").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	checked := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		checked++
		if f[0] != "main" && f[1] != self && slices.Contains(f[2:], self) {
			t.Errorf("%s (package %s) imports %s: return a kind of error instead", f[1], f[0], self)
		}
	}
	if checked < 10 {
		t.Errorf("go list gave %d packages", checked)
	}
}
