# help.sh, sourced by a script given --help, prints the comment at the top of
# that script without its "#" marks. It needs bash alone: --help must work
# before anything is installed.
while IFS= read -r line; do
	[[ "$line" == "#!"* ]] && continue
	[[ "$line" == "#"* ]] || break
	line="${line#\#}"
	printf '%s\n' "${line# }"
done <"${BASH_SOURCE[1]}"
