package tetromino

import (
	"testing"
	"time"
)

func TestStepTowards(t *testing.T) {
	tests := []struct {
		have, want, next string
	}{
		{"I44,S20", "I42,S22", "I42,S22"},
		{"I44,S20", "I40,S24", "I42,S22"},
		{"I43,S21", "I42,S22", "I42,S22"}, // one left to move
		{"L20,O137,S132", "L12,O145,S132", "L18,O139,S132"},
		{"J24,S4,Z72", "J24,S3,Z73", "J24,S3,Z73"},
		{"I2,T6,Z8", "I6,T2,Z8", "I4,T4,Z8"}, // from the figure most over to the one most under
	}
	for _, tc := range tests {
		have, want := mustCounts(t, tc.have), mustCounts(t, tc.want)
		if got := stepTowards(have, want); got != mustCounts(t, tc.next) {
			t.Errorf("stepTowards(%s, %s) = %s, want %s", tc.have, tc.want, got, tc.next)
		}
	}
}

func TestMinus(t *testing.T) {
	if got, ok := minus(mustCounts(t, "I5,S3"), mustCounts(t, "I2,S3")); !ok || got != mustCounts(t, "I3") {
		t.Errorf("I5,S3 less I2,S3 = %s, %v; want I3, true", got, ok)
	}
	if _, ok := minus(mustCounts(t, "I5,S3"), mustCounts(t, "I2,S4")); ok {
		t.Error("I5,S3 less I2,S4: want false, a count below zero")
	}
}

// TestRepair repairs stacks of bands that are a few steps from signatures
// that have tilings (the steps retile regions of the square), and checks
// the tilings; the stacks must not be tilings of the signatures already.
func TestRepair(t *testing.T) {
	tests := []struct {
		size int
		sig  string
	}{
		{16, "I42,S22"},  // from I44,S20: one step
		{22, "I13,T108"}, // from I19,T102: three
	}
	// Which regions gini settles within repairStepTime depends on the
	// load (16 I42,S22 failed on a loaded CI machine): give each as long
	// as it takes, so that the test checks the steps, not the machine.
	defer func(d time.Duration) { repairStepTime = d }(repairStepTime)
	repairStepTime = time.Minute
	for _, tc := range tests {
		c := mustCounts(t, tc.sig)
		tiling, nearest := nearestBands(tc.size, c, never)
		if tiling != nil || nearest == nil {
			t.Fatalf("%d %s: bands built a tiling (%v) or no nearest stack (%v): want only a stack that is not a tiling of it", tc.size, tc.sig, tiling != nil, nearest == nil)
		}
		near := nearest(never)
		tiling = repair(withLimit(t, time.Minute), tc.size, c, near)
		if tiling == nil {
			t.Errorf("%d %s: repair found no tiling from %s", tc.size, tc.sig, countsOf(near))
			continue
		}
		if err := checkTiling(tc.size, c, tiling); err != nil {
			t.Errorf("%d %s: %v", tc.size, tc.sig, err)
		}
	}
}

// TestRepairStops checks that repair gives up when its context has ended,
// where it would find a tiling otherwise (TestRepair).
func TestRepairStops(t *testing.T) {
	c := mustCounts(t, "I42,S22")
	_, nearest := nearestBands(16, c, never)
	near := nearest(never)
	if tiling := repair(ended(), 16, c, near); tiling != nil {
		t.Error("repair with its context ended returned a tiling")
	}
}
