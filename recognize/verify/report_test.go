package verify

import (
	"bufio"
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// sampleReport has a case of each outcome.
func sampleReport() *Report {
	return &Report{Dir: "shots", Cases: []Case{
		{Name: "a", Shot: "shots/a.png", Expected: "shots/a.json", Time: 120 * time.Millisecond},
		{Name: "b", Shot: "shots/b.jpg", Expected: "shots/b.json", Time: 2 * time.Second,
			Diffs: []string{"level: got 3, want 4", `button "next": missing`}, Annotated: "out/b.png"},
		{Name: "c", Shot: "shots/c.png", Expected: "shots/c.json", Err: errors.New("shots/c.png: not a readable\nimage & <so> on")},
		{Name: "d", Shot: "shots/d.jpeg"},
	}}
}

func TestWriteText(t *testing.T) {
	r := sampleReport()
	var out bytes.Buffer
	for i := range r.Cases {
		if err := WriteText(&out, &r.Cases[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := WriteTotal(&out, r); err != nil {
		t.Fatal(err)
	}
	want := `ok   a
FAIL b: 2 differences
    level: got 3, want 4
    button "next": missing
    annotated: out/b.png
FAIL c: shots/c.png: not a readable image & <so> on
1 passed, 2 failed, 1 screenshots without an expected file
`
	if out.String() != want {
		t.Errorf("wrote\n%s\nwant\n%s", out.String(), want)
	}
}

func TestReportErr(t *testing.T) {
	r := sampleReport()
	if err := r.Err(); !errors.Is(err, ErrMismatch) || err.Error() != "--check shots: 2 of 3 screenshots differ from their expected files" {
		t.Errorf("failures: %v", err)
	}
	r.Cases = r.Cases[:1]
	if err := r.Err(); err != nil {
		t.Errorf("all passed: %v", err)
	}
	r.Cases = sampleReport().Cases[3:]
	if err := r.Err(); !errors.Is(err, ErrNoScreenshots) {
		t.Errorf("only skipped: %v", err)
	}
}

func TestWriteJSON(t *testing.T) {
	r := sampleReport()
	var out bytes.Buffer
	for i := range r.Cases {
		if err := WriteJSON(&out, &r.Cases[i]); err != nil {
			t.Fatal(err)
		}
	}
	sc := bufio.NewScanner(&out)
	var got []JSONCase
	for sc.Scan() {
		var j JSONCase
		dec := json.NewDecoder(strings.NewReader(sc.Text()))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&j); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		got = append(got, j)
	}
	if len(got) != 4 {
		t.Fatalf("%d lines, want one per screenshot", len(got))
	}
	for i, want := range []JSONCase{
		{Name: "a", Screenshot: "shots/a.png", Expected: "shots/a.json", Outcome: "ok", Seconds: 0.12},
		{Name: "b", Screenshot: "shots/b.jpg", Expected: "shots/b.json", Outcome: "fail", Seconds: 2,
			Diffs: []string{"level: got 3, want 4", `button "next": missing`}, Annotated: "out/b.png"},
		{Name: "c", Screenshot: "shots/c.png", Expected: "shots/c.json", Outcome: "error", Error: "shots/c.png: not a readable image & <so> on"},
		{Name: "d", Screenshot: "shots/d.jpeg", Outcome: "skipped"},
	} {
		g := got[i]
		if g.Name != want.Name || g.Screenshot != want.Screenshot || g.Expected != want.Expected || g.Outcome != want.Outcome ||
			strings.Join(g.Diffs, "|") != strings.Join(want.Diffs, "|") || g.Error != want.Error || g.Annotated != want.Annotated || g.Seconds != want.Seconds {
			t.Errorf("line %d: %+v\nwant    %+v", i+1, g, want)
		}
	}
}

// TestWriteJUnit parses the XML back, and has xmllint check it when it is
// installed (Debian's libxml2-utils).
func TestWriteJUnit(t *testing.T) {
	var out bytes.Buffer
	if err := WriteJUnit(&out, sampleReport()); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Tests    int `xml:"tests,attr"`
		Failures int `xml:"failures,attr"`
		Errors   int `xml:"errors,attr"`
		Suites   []struct {
			Tests   int `xml:"tests,attr"`
			Skipped int `xml:"skipped,attr"`
			Cases   []struct {
				Name    string `xml:"name,attr"`
				File    string `xml:"file,attr"`
				Failure []struct {
					Message string `xml:"message,attr"`
					Text    string `xml:",chardata"`
				} `xml:"failure"`
				Error []struct {
					Message string `xml:"message,attr"`
				} `xml:"error"`
				Skipped   []struct{} `xml:"skipped"`
				SystemOut string     `xml:"system-out"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatalf("not XML: %v\n%s", err, out.String())
	}
	if doc.Tests != 4 || doc.Failures != 1 || doc.Errors != 1 || len(doc.Suites) != 1 || doc.Suites[0].Skipped != 1 || len(doc.Suites[0].Cases) != 4 {
		t.Fatalf("counts or cases wrong:\n%s", out.String())
	}
	cs := doc.Suites[0].Cases
	if cs[0].Name != "a" || cs[0].File != "shots/a.png" || len(cs[0].Failure)+len(cs[0].Error)+len(cs[0].Skipped) != 0 {
		t.Errorf("passed case: %+v", cs[0])
	}
	if len(cs[1].Failure) != 1 || cs[1].Failure[0].Message != "2 differences from shots/b.json" ||
		cs[1].Failure[0].Text != "level: got 3, want 4\nbutton \"next\": missing" || cs[1].SystemOut != "annotated: out/b.png" {
		t.Errorf("failed case: %+v", cs[1])
	}
	if len(cs[2].Error) != 1 || cs[2].Error[0].Message != "shots/c.png: not a readable image & <so> on" {
		t.Errorf("broken case: %+v", cs[2])
	}
	if len(cs[3].Skipped) != 1 {
		t.Errorf("skipped case: %+v", cs[3])
	}
	if _, err := exec.LookPath("xmllint"); err != nil {
		t.Log("xmllint is not installed: checked with encoding/xml only")
		return
	}
	cmd := exec.Command("xmllint", "--noout", "-")
	cmd.Stdin = &out
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("xmllint: %v\n%s", err, msg)
	}
}
