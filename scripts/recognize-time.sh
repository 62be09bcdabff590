#!/usr/bin/env bash
# recognize-time.sh measures "puzbot recognize" as a user runs it: a fresh
# process per screenshot, start-up, decoding and reading included. It runs
# bin/puzbot recognize on every Puzlogic level screenshot (the real game's in
# ../shared/testdata/puzlogic/screens, the copy's in testdata/screens), in
# rounds, in two settings: with a glyph cache that the first round fills
# (as every later run of a user's finds it) and with --glyph-cache off
# (Tesseract starts and reads every digit). It prints the median, 90th
# percentile and extremes of the wall times of each. See docs/performance.md.
#
#   scripts/recognize-time.sh        # 3 rounds
#   scripts/recognize-time.sh 10     # 10 rounds
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}
[[ -x bin/puzbot && -x bin/puzbot-recognize ]] || scripts/setup.sh >/dev/null

shots=(../shared/testdata/puzlogic/screens/level*.png testdata/screens/level*.png)
cache=$(mktemp -d)
trap 'rm -rf "$cache"' EXIT

# times CACHE: one line per run, its wall time in milliseconds.
times() {
	for ((r = 0; r < rounds; r++)); do
		for shot in "${shots[@]}"; do
			start=$(date +%s%N)
			bin/puzbot recognize --glyph-cache "$1" "$shot" >/dev/null
			echo $((($(date +%s%N) - start) / 1000000))
		done
	done
}

# summary NAME: the median, 90th percentile and extremes of the times on stdin.
summary() {
	sort -n | awk -v name="$1" '{t[NR] = $1} END {
		printf "%-28s %4d runs: median %d ms, 90%% %d ms, min %d ms, max %d ms\n",
			name, NR, t[int((NR + 1) / 2)], t[int(NR * 0.9 + 0.5)], t[1], t[NR] }'
}

for shot in "${shots[@]}"; do bin/puzbot recognize --glyph-cache "$cache" "$shot" >/dev/null; done
times "$cache" | summary "glyph cache filled"
times off | summary "--glyph-cache off"
