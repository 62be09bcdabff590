package puzzle

import "fmt"

// CountText is the line `puzbot solve --count` prints for every kind: how
// many solutions a search found when it counted up to limit, such as
// "1 solution", "0 solutions" or "at least 2 solutions (limit 2)".
func CountText(n, limit int) string {
	noun := "solutions"
	if n == 1 {
		noun = "solution"
	}
	if n >= limit {
		return fmt.Sprintf("at least %d %s (limit %d)", n, noun, limit)
	}
	return fmt.Sprintf("%d %s", n, noun)
}

// CountTimeText is the line `puzbot solve --count` prints when the time
// limit stopped the count: n is a lower bound, as in "at least 12 solutions
// (time limit reached)".
func CountTimeText(n int) string {
	noun := "solutions"
	if n == 1 {
		noun = "solution"
	}
	return fmt.Sprintf("at least %d %s (time limit reached)", n, noun)
}
