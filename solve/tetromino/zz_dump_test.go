package tetromino

import (
	"fmt"
	"os"
	"sync/atomic"
	"testing"
)

func TestZZDump(t *testing.T) {
	file := os.Getenv("ZZ_LIST")
	if file == "" {
		t.Skip()
	}
	sizes, sigs := readSignatures(t, file)
	for i, n := range sizes {
		c := sigs[i]
		if c[Z] > c[S] || c[Z] == c[S] && c[L] > c[J] {
			c = c.mirrored()
		}
		var stop atomic.Bool
		enc := encode(n, c, localBreaking, &stop)
		fh, _ := os.Create(fmt.Sprintf("/tmp/tetcnf/%d_%s.cnf", n, c))
		enc.writeDIMACS(fh)
		fh.Close()
	}
}
