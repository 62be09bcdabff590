package latintest

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/puzbot/puzbot/solve/latin"
)

// Run is a solver's Run.
type Run = func(context.Context, []byte, io.Writer, latin.Options) error

// ErrorCase is a file that a solver refuses: the kind of error it must
// return (errors.Is) and a part of its message. (An unnamed struct, for the
// tests' tables to list its fields unnamed.)
type ErrorCase = struct {
	Name, Data string
	Kind       error
	Want       string
}

// Errors runs run on each case's file and checks its error.
func Errors(t *testing.T, run Run, cases []ErrorCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.Name, func(t *testing.T) {
			err := run(context.Background(), []byte(tt.Data), &bytes.Buffer{}, latin.Options{})
			if !errors.Is(err, tt.Kind) || !strings.Contains(err.Error(), tt.Want) {
				t.Errorf("Run: %v; want %q matching %v", err, tt.Want, tt.Kind)
			}
		})
	}
}

// Examples checks that each example file of the package's testdata (at
// least two) has exactly one solution.
func Examples(t *testing.T, run Run) {
	t.Helper()
	files, _ := filepath.Glob("testdata/*.json")
	if len(files) < 2 {
		t.Fatalf("%d example files", len(files))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		if err := run(context.Background(), data, &out, latin.Options{Count: true, Limit: 2}); err != nil || out.String() != "1 solution\n" {
			t.Errorf("%s: %q, %v", f, out.String(), err)
		}
	}
}
