package sgt

import (
	"errors"
	"strings"
)

// maxDigits bounds the digits of a number in an ID: the games read them
// with atoi, which the IDs they make never come near overflowing.
const maxDigits = 9

// errLongNumber is a number of more than maxDigits digits.
var errLongNumber = errors.New("a number of more than 9 digits")

// atoi reads the decimal digits s starts with, as C's atoi does (0 when
// there are none), and returns the rest.
func atoi(s string) (n int, rest string, err error) {
	i := 0
	for i < len(s) && isDigit(s[i]) {
		if i == maxDigits {
			return 0, s, errLongNumber
		}
		n = n*10 + int(s[i]-'0')
		i++
	}
	return n, s[i:], nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// difficulty reads the difficulty of a game's parameters as their
// decode_params and validate_params do: 'd' and one of the game's
// letters (chars, in the order of its levels). It returns the level, -1
// when s does not start with 'd', and the rest of s.
func difficulty(s, chars string) (level int, rest string, err error) {
	rest, ok := strings.CutPrefix(s, "d")
	if !ok {
		return -1, s, nil
	}
	if rest == "" || strings.IndexByte(chars, rest[0]) < 0 {
		return 0, "", errors.New("unknown difficulty rating")
	}
	return strings.IndexByte(chars, rest[0]), rest[1:], nil
}

// dsf is a disjoint-set forest of cells whose root is the least cell of
// its set, as the collection's dsf.c keeps it (the least index becomes the
// root of a merge).
type dsf []int

func newDSF(n int) dsf {
	d := make(dsf, n)
	for i := range d {
		d[i] = i
	}
	return d
}

func (d dsf) find(i int) int {
	for d[i] != i {
		d[i] = d[d[i]]
		i = d[i]
	}
	return i
}

func (d dsf) merge(a, b int) {
	a, b = d.find(a), d.find(b)
	if a > b {
		a, b = b, a
	}
	d[b] = a
}

// splitID splits a game ID, "PARAMS:DESC", into the size its parameters
// start with (atoi, as every game's decode_params), the rest of them, and
// the description.
func splitID(id string) (size int, params, desc string, err error) {
	par, desc, ok := strings.Cut(id, ":")
	if !ok {
		return 0, "", "", errors.New(`no ":" between the parameters and the description`)
	}
	size, params, err = atoi(par)
	return size, params, desc, err
}
