package verify

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"
)

// WriteText writes the case as "puzbot recognize --check" prints it: "ok
// NAME", or "FAIL NAME: ..." followed by the differences, one indented line
// each; nothing for a skipped case.
func WriteText(w io.Writer, c *Case) error {
	var b strings.Builder
	switch c.Outcome() {
	case Skipped:
		return nil
	case Passed:
		fmt.Fprintf(&b, "ok   %s\n", c.Name)
	case Broken:
		fmt.Fprintf(&b, "FAIL %s: %s\n", c.Name, oneLine(c.Err.Error()))
	case Failed:
		fmt.Fprintf(&b, "FAIL %s: %d differences\n", c.Name, len(c.Diffs))
		for _, d := range c.Diffs {
			fmt.Fprintf(&b, "    %s\n", d)
		}
	}
	if c.Annotated != "" {
		fmt.Fprintf(&b, "    annotated: %s\n", c.Annotated)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteTotal writes the report's last line: "P passed, F failed", and how
// many screenshots had no expected file, if any.
func WriteTotal(w io.Writer, r *Report) error {
	passed, failed, skipped := r.Counts()
	line := fmt.Sprintf("%d passed, %d failed", passed, failed)
	if skipped > 0 {
		line += fmt.Sprintf(", %d screenshots without an expected file", skipped)
	}
	_, err := fmt.Fprintln(w, line)
	return err
}

// oneLine keeps a message on one line.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// JSONCase is a case as WriteJSON writes it, one JSON object on a line.
type JSONCase struct {
	Name       string   `json:"name"`
	Screenshot string   `json:"screenshot"`
	Expected   string   `json:"expected,omitempty"`
	Outcome    string   `json:"outcome"` // ok, fail, error or skipped
	Diffs      []string `json:"differences,omitempty"`
	Error      string   `json:"error,omitempty"`
	Annotated  string   `json:"annotated,omitempty"`
	Seconds    float64  `json:"seconds"`
}

// WriteJSON writes the case as one JSON object (a JSONCase) on one line.
func WriteJSON(w io.Writer, c *Case) error {
	j := JSONCase{
		Name: c.Name, Screenshot: c.Shot, Expected: c.Expected, Outcome: c.Outcome(),
		Diffs: c.Diffs, Annotated: c.Annotated, Seconds: seconds(c.Time),
	}
	if c.Err != nil {
		j.Error = oneLine(c.Err.Error())
	}
	data, err := json.Marshal(j)
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}

func seconds(d time.Duration) float64 { return d.Round(time.Millisecond).Seconds() }

// The JUnit XML elements WriteJUnit writes, as the Ant/Jenkins JUnit format
// names them.
type (
	// junitCounts are the attributes testsuites and testsuite share.
	junitCounts struct {
		Name     string `xml:"name,attr"`
		Tests    int    `xml:"tests,attr"`
		Failures int    `xml:"failures,attr"`
		Errors   int    `xml:"errors,attr"`
		Time     string `xml:"time,attr"`
	}
	junitSuites struct {
		XMLName xml.Name `xml:"testsuites"`
		junitCounts
		Suite junitSuite `xml:"testsuite"`
	}
	junitSuite struct {
		junitCounts
		Skipped int         `xml:"skipped,attr"` // testsuites has no such attribute
		Cases   []junitCase `xml:"testcase"`
	}
	junitCase struct {
		Name      string        `xml:"name,attr"`
		ClassName string        `xml:"classname,attr"`
		File      string        `xml:"file,attr"`
		Time      string        `xml:"time,attr"`
		Failure   *junitProblem `xml:"failure"`
		Error     *junitProblem `xml:"error"`
		Skipped   *junitProblem `xml:"skipped"`
		SystemOut string        `xml:"system-out,omitempty"`
	}
	junitProblem struct {
		Message string `xml:"message,attr"`
		Type    string `xml:"type,attr,omitempty"`
		Text    string `xml:",chardata"`
	}
)

// WriteJUnit writes the report as JUnit XML: one testsuite for the folder,
// one testcase per screenshot, with a <failure> listing the differences of
// one read wrong, an <error> for one that could not be read, and <skipped>
// for one without an expected file.
func WriteJUnit(w io.Writer, r *Report) error {
	s := junitSuite{junitCounts: junitCounts{Name: "puzbot recognize --check " + r.Dir}}
	var total time.Duration
	for i := range r.Cases {
		c := &r.Cases[i]
		jc := junitCase{Name: c.Name, ClassName: "recognize.check", File: c.Shot, Time: fmt.Sprintf("%.3f", seconds(c.Time))}
		switch c.Outcome() {
		case Failed:
			s.Failures++
			jc.Failure = &junitProblem{Message: fmt.Sprintf("%d differences from %s", len(c.Diffs), c.Expected), Type: "mismatch",
				Text: strings.Join(c.Diffs, "\n")}
		case Broken:
			s.Errors++
			jc.Error = &junitProblem{Message: oneLine(c.Err.Error()), Type: "unreadable"}
		case Skipped:
			s.Skipped++
			stem := strings.TrimSuffix(filepath.Base(c.Shot), filepath.Ext(c.Shot))
			jc.Skipped = &junitProblem{Message: "no expected file " + stem + ".json"}
		}
		if c.Annotated != "" {
			jc.SystemOut = "annotated: " + c.Annotated
		}
		s.Cases = append(s.Cases, jc)
		total += c.Time
	}
	s.Tests, s.Time = len(r.Cases), fmt.Sprintf("%.3f", seconds(total))
	doc := junitSuites{junitCounts: s.junitCounts, Suite: s}
	doc.Name = "puzbot recognize --check"
	data, err := xml.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s%s\n", xml.Header, data)
	return err
}
