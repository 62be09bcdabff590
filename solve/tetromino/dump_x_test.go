package tetromino

import (
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"testing"
)

func TestDumpX(t *testing.T) {
	list := os.Getenv("DUMP")
	if list == "" {
		t.Skip()
	}
	for _, item := range strings.Split(list, ";") {
		var n int
		var sig string
		fmt.Sscan(item, &n, &sig)
		c, err := ParseSignature(sig)
		if err != nil {
			t.Fatal(err)
		}
		var stop atomic.Bool
		enc := encode(n, c, localBreaking, &stop)
		fh, _ := os.Create(fmt.Sprintf("/tmp/col/cnf/%d_%s.cnf", n, sig))
		enc.writeDIMACS(fh)
		fh.Close()
	}
}
