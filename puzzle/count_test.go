package puzzle

import "testing"

func TestCountText(t *testing.T) {
	tests := []struct {
		n, limit int
		want     string
	}{
		{0, 1000, "0 solutions"},
		{1, 1000, "1 solution"},
		{7, 1000, "7 solutions"},
		{2, 2, "at least 2 solutions (limit 2)"},
		{1, 1, "at least 1 solution (limit 1)"},
	}
	for _, tt := range tests {
		if got := CountText(tt.n, tt.limit); got != tt.want {
			t.Errorf("CountText(%d, %d) = %q, want %q", tt.n, tt.limit, got, tt.want)
		}
	}
}
