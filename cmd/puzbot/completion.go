package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/urfave/cli/v2"
)

// shells are the shells "puzbot completion" writes scripts for.
var shells = []string{"bash", "zsh", "fish"}

func completionCommand() *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print a shell completion script (bash, zsh or fish)",
		ArgsUsage: strings.Join(shells, "|"),
		Description: "Prints a script that makes the shell complete puzbot's commands and\n" +
			"flags (and file names after them). Load it from the shell's start-up file:\n\n" +
			"   bash:  source <(puzbot completion bash)        (in ~/.bashrc)\n" +
			"   zsh:   source <(puzbot completion zsh)         (in ~/.zshrc, after compinit)\n" +
			"   fish:  puzbot completion fish > ~/.config/fish/completions/puzbot.fish\n\n" +
			"The bash and zsh scripts ask puzbot itself, as found on PATH, what may\n" +
			"come next (its hidden --generate-bash-completion flag).",
		BashComplete: func(c *cli.Context) {
			for _, s := range shells {
				fmt.Fprintln(c.App.Writer, s)
			}
		},
		Action: completionAction,
	}
}

func manCommand() *cli.Command {
	return &cli.Command{
		Name:      "man",
		Usage:     "print puzbot's manual page (roff)",
		ArgsUsage: " ",
		Description: "Prints the manual page, made from the same text as --help, in roff:\n\n" +
			"   puzbot man | man -l -\n" +
			"   puzbot man > ~/.local/share/man/man1/puzbot.1",
		Action: func(c *cli.Context) error {
			if err := noArguments(c); err != nil {
				return err
			}
			_, err := io.WriteString(c.App.Writer, manPage(c.App))
			return err
		},
	}
}

func completionAction(c *cli.Context) error {
	if c.NArg() != 1 {
		return usageErrorf("completion: name one shell: %s", strings.Join(shells, ", "))
	}
	var script string
	switch shell := c.Args().First(); shell {
	case "bash":
		script = bashCompletion
	case "zsh":
		script = zshCompletion
	case "fish":
		s, err := c.App.ToFishCompletion()
		if err != nil {
			return err
		}
		script = s
	default:
		return usageErrorf("completion: unknown shell %q: name one of %s", shell, strings.Join(shells, ", "))
	}
	_, err := io.WriteString(c.App.Writer, script)
	return err
}

// bashCompletion completes with what puzbot prints when given the words
// before the cursor and --generate-bash-completion (urfave/cli's protocol;
// its own script, autocomplete/bash_autocomplete, evals the command line
// and needs the bash-completion package, which this one does not), then
// falls back to file names.
const bashCompletion = `# bash completion for puzbot: source <(puzbot completion bash)
_puzbot_complete() {
	local cur="${COMP_WORDS[COMP_CWORD]}"
	local -a words=("${COMP_WORDS[@]:0:COMP_CWORD}")
	if [[ "$cur" == -* ]]; then
		words+=("$cur")
	fi
	local opts
	opts=$("${words[@]}" --generate-bash-completion 2>/dev/null </dev/null) || opts=""
	mapfile -t COMPREPLY < <(compgen -W "$opts" -- "$cur")
}
complete -o bashdefault -o default -F _puzbot_complete puzbot
`

// zshCompletion is urfave/cli's autocomplete/zsh_autocomplete, for puzbot.
const zshCompletion = `#compdef puzbot
# zsh completion for puzbot: source <(puzbot completion zsh), after compinit

_puzbot_complete() {
  local -a opts
  local cur
  cur=${words[-1]}
  if [[ "$cur" == "-"* ]]; then
    opts=("${(@f)$(${words[@]:0:#words[@]-1} ${cur} --generate-bash-completion </dev/null 2>/dev/null)}")
  else
    opts=("${(@f)$(${words[@]:0:#words[@]-1} --generate-bash-completion </dev/null 2>/dev/null)}")
  fi

  if [[ "${opts[1]}" != "" ]]; then
    _describe 'values' opts
  else
    _files
  fi
}

compdef _puzbot_complete puzbot
`
