package main

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/urfave/cli/v2"
)

// manPage returns puzbot's manual page in roff, made from the same text as
// --help: the description, the global options, then a section for each
// command with its synopsis, description and flags. puzbot writes it
// itself rather than through urfave/cli's ToMan, which goes through Markdown
// and is left out of builds with the urfave_cli_no_docs tag: the page is
// then the same from any build.
func manPage(app *cli.App) string {
	var b strings.Builder
	fmt.Fprintf(&b, ".nh\n.TH %s 1\n.SH NAME\n%s \\- %s\n", app.Name, app.Name, roffLine(app.Usage))
	fmt.Fprintf(&b, ".SH SYNOPSIS\n.B %s\n[\\fIglobal options\\fP] \\fIcommand\\fP [\\fIcommand options\\fP] [\\fIarguments\\fP...]\n", app.Name)
	b.WriteString(".SH DESCRIPTION\n")
	writeRoffText(&b, app.Description)
	b.WriteString(".SH GLOBAL OPTIONS\n")
	writeRoffFlags(&b, app.VisibleFlags())
	for _, c := range app.VisibleCommands() {
		writeRoffCommand(&b, app.Name, c)
	}
	return b.String()
}

// writeRoffCommand writes the section of one command.
func writeRoffCommand(b *strings.Builder, program string, c *cli.Command) {
	fmt.Fprintf(b, ".SH %s\n.B %s %s\n", c.Name, program, c.Name)
	if c.ArgsUsage != "" {
		b.WriteString(roffLine(c.ArgsUsage) + "\n")
	}
	fmt.Fprintf(b, ".PP\n%s\n", roffLine(c.Usage))
	if c.Description != "" {
		b.WriteString(".PP\n")
		writeRoffText(b, c.Description)
	}
	if flags := c.VisibleFlags(); len(flags) > 0 {
		b.WriteString(".PP\nOptions:\n")
		writeRoffFlags(b, flags)
	}
}

// writeRoffText writes help text as roff: a blank line starts a paragraph,
// and indented lines (examples) are kept as they are, indented.
func writeRoffText(b *strings.Builder, text string) {
	lines := strings.Split(strings.TrimSpace(text), "\n")
	for i := 0; i < len(lines); i++ {
		switch line := lines[i]; {
		case strings.TrimSpace(line) == "":
			b.WriteString(".PP\n")
		case line[0] == ' ' || line[0] == '\t':
			b.WriteString(".RS\n.nf\n")
			for ; i < len(lines) && strings.TrimSpace(lines[i]) != "" && (lines[i][0] == ' ' || lines[i][0] == '\t'); i++ {
				b.WriteString(roffLine(strings.TrimSpace(lines[i])) + "\n")
			}
			b.WriteString(".fi\n.RE\n")
			i--
		default:
			b.WriteString(roffLine(line) + "\n")
		}
	}
}

// writeRoffFlags writes one tagged paragraph per flag: its names, its value
// if it takes one, what it does, its default and its variable.
func writeRoffFlags(b *strings.Builder, flags []cli.Flag) {
	for _, f := range flags {
		names := make([]string, 0, 2)
		for _, n := range f.Names() {
			names = append(names, strings.Repeat("-", min(len(n), 2))+n)
		}
		fmt.Fprintf(b, ".TP\n\\fB%s\\fP", roffLine(strings.Join(names, ", ")))
		doc, ok := f.(cli.DocGenerationFlag)
		if !ok {
			b.WriteString("\n")
			continue
		}
		placeholder, usage := placeholderOf(doc.GetUsage())
		if !doc.TakesValue() {
			fmt.Fprintf(b, "\n%s", roffLine(usage))
		} else {
			fmt.Fprintf(b, " \\fI%s\\fP\n%s", roffLine(strings.ToLower(cmp.Or(placeholder, "value"))), roffLine(usage))
			writeRoffDefault(b, doc)
		}
		if env := doc.GetEnvVars(); len(env) > 0 {
			b.WriteString(" [$" + strings.Join(env, ", $") + "]")
		}
		b.WriteString("\n")
	}
}

// placeholderOf splits a flag's usage into the name of its value, the
// first `quoted` word as urfave/cli marks it, and the usage without the
// quotes.
func placeholderOf(usage string) (name, text string) {
	before, rest, ok := strings.Cut(usage, "`")
	if !ok {
		return "", usage
	}
	name, after, ok := strings.Cut(rest, "`")
	if !ok {
		return "", usage
	}
	return name, before + name + after
}

// writeRoffDefault writes the default value of a flag that takes one.
func writeRoffDefault(b *strings.Builder, doc cli.DocGenerationFlag) {
	d := doc.GetDefaultText()
	if d == "" {
		d = doc.GetValue()
	}
	if d != "" && d != `""` {
		b.WriteString(" (default: " + roffLine(d) + ")")
	}
}

// roffLine escapes one line of text for roff: backslashes, hyphens (which
// in options must print as minus signs), and a leading dot or quote, which
// roff would read as a request.
func roffLine(s string) string {
	s = strings.NewReplacer(`\`, `\e`, "-", `\-`).Replace(s)
	if strings.HasPrefix(s, ".") || strings.HasPrefix(s, "'") {
		s = `\&` + s
	}
	return s
}
