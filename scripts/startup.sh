#!/usr/bin/env bash
# startup.sh measures how long "puzbot solve" takes on one 9x9 Sudoku line,
# start-up included, against a minimal Go program that copies stdin to
# stdout: the floor for any Go executable on this machine. It builds both
# into a temporary folder as scripts/setup.sh builds puzbot (no cgo, the
# processor level of scripts/amd64-level.sh), runs them in turn, each time
# with the puzzle on stdin, and prints the median wall time of each and
# their ratio. Running them in turn, not one batch after the other, spreads
# whatever else the machine does over both alike. See docs/performance.md.
#
#   scripts/startup.sh          # 400 runs of each
#   scripts/startup.sh 1000     # 1000 runs of each
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-400}

if [[ -z "${GOAMD64:-}" && $(go env GOARCH) == amd64 ]]; then
	GOAMD64=$(scripts/amd64-level.sh)
	export GOAMD64
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mkdir "$tmp/copy" "$tmp/timer"
cat >"$tmp/copy/main.go" <<'EOF'
// Command copy copies stdin to stdout: the least a Go program does.
package main

import (
	"io"
	"os"
)

func main() { io.Copy(os.Stdout, os.Stdin) }
EOF
cat >"$tmp/timer/main.go" <<'EOF'
// Command timer runs each command of its arguments in turn, runs times,
// with the file input on stdin, and prints each one's median wall time.
//
//	timer RUNS INPUT 'CMD ARGS' 'CMD ARGS' ...
package main

import (
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"
)

func main() {
	runs, err := strconv.Atoi(os.Args[1])
	if err != nil || runs < 1 {
		fmt.Fprintln(os.Stderr, "timer: bad number of runs:", os.Args[1])
		os.Exit(2)
	}
	input, cmds := os.Args[2], os.Args[3:]
	times := make([][]time.Duration, len(cmds))
	for range runs {
		for i, c := range cmds {
			f := strings.Fields(c)
			in, err := os.Open(input)
			if err != nil {
				fmt.Fprintln(os.Stderr, "timer:", err)
				os.Exit(1)
			}
			cmd := exec.Command(f[0], f[1:]...)
			cmd.Stdin = in
			start := time.Now()
			out, err := cmd.Output()
			d := time.Since(start)
			in.Close()
			if err != nil || len(out) == 0 {
				fmt.Fprintf(os.Stderr, "timer: %s: %v\n", c, err)
				os.Exit(1)
			}
			times[i] = append(times[i], d)
		}
	}
	for i, c := range cmds {
		slices.Sort(times[i])
		fmt.Printf("%d\t%s\n", times[i][len(times[i])/2].Microseconds(), c)
	}
}
EOF
printf '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n' >"$tmp/sudoku.txt"

export CGO_ENABLED=0
go build -o "$tmp/puzbot" ./cmd/puzbot
(cd "$tmp/copy" && go mod init copy >/dev/null 2>&1 && go build -o "$tmp/copy-stdin" .)
(cd "$tmp/timer" && go mod init timer >/dev/null 2>&1 && go build -o "$tmp/timer-runs" .)

echo "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //'), $(nproc) CPUs, $(go version | cut -d' ' -f3), GOAMD64=${GOAMD64:-}; $runs runs of each, in turn"
"$tmp/timer-runs" "$runs" "$tmp/sudoku.txt" "$tmp/copy-stdin" "$tmp/puzbot solve" | awk -F'\t' '
	{ us[NR] = $1; printf "median %6.3f ms  %s\n", $1 / 1000, (NR == 1 ? "minimal Go program (copies stdin)" : "puzbot solve (one 9x9 Sudoku line)") }
	END { printf "ratio  %.2fx\n", us[2] / us[1] }'
