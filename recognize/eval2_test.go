package recognize

import (
	"fmt"
	"os"
	"testing"
)

func TestAspects(t *testing.T) {
	if os.Getenv("EVAL") == "" {
		t.Skip()
	}
	lo, hi := map[int]float64{}, map[int]float64{}
	for _, s := range realSamples(t) {
		a := float64(s.g.w) / float64(s.g.h)
		if v, ok := lo[s.want]; !ok || a < v {
			lo[s.want] = a
		}
		if a > hi[s.want] {
			hi[s.want] = a
		}
	}
	for d := 0; d < 10; d++ {
		fmt.Printf("ASPECT %d: %.2f..%.2f\n", d, lo[d], hi[d])
	}
}
