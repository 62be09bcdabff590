//go:build linux

package ksudoku

import (
	"slices"
	"testing"
)

// TestParseSave reads a game as KSudoku 22.12 saves it: the values and the
// solution column by column, the history's last event at each cell its
// entry (0 empties it); a wrong entry is told by the solution.
func TestParseSave(t *testing.T) {
	data := []byte(`<!DOCTYPE ksudoku>
<ksudoku>
 <game msecs-elapsed="479917" had-help="0">
  <puzzle>
   <graph type="sudoku" specific-type="Plain" order="9"/>
   <values>____ih_e_b____di_jd_____cfb_______bc__i___j__jd_______ebj_____ih_cd____e_f_hj____</values>
   <solution>cjfbihgedbegfcdihjdihjegcfbgheifjdbcfciedbjghjdbghceifebjcgfhdihgcdbifjeifdhjebcg</solution>
  </puzzle>
  <history>
   <simple-event index="0" value="1"/>
   <simple-event index="0" value="2"/>
   <simple-event index="27" value="1"/>
   <simple-event index="1" value="4"/>
   <simple-event index="27" value="0"/>
  </history>
 </game>
</ksudoku>`)
	s, err := ParseSave(data)
	if err != nil {
		t.Fatal(err)
	}
	wantGivens := []string{".13..947.", ".....31.5", "....8.92.", ".......37", "8.......9", "73.......", ".82.9....", "4.51.....", ".912..84."}
	if !slices.Equal(s.Givens, wantGivens) {
		t.Errorf("givens %q, want %q", s.Givens, wantGivens)
	}
	if s.Solution[0] != "213659478" || s.Solution[8] != "391275846" {
		t.Errorf("solution %q", s.Solution)
	}
	if s.Entries[0] != "2........" || s.Entries[1] != "4........" {
		t.Errorf("entries %q, want 2 at row 1, col 1, 4 at row 2, col 1, and the emptied cell empty", s.Entries)
	}
	if w := s.Wrong(); !slices.Equal(w, [][2]int{{1, 0}}) {
		t.Errorf("wrong cells %v, want row 2, col 1 (4 where the solution has 9)", w)
	}
	for _, bad := range []string{"", "<ksudoku/>", `<ksudoku><game><puzzle><graph order="9"/><values>x</values></puzzle></game></ksudoku>`} {
		if _, err := ParseSave([]byte(bad)); err == nil {
			t.Errorf("ParseSave(%q): no error", bad)
		}
	}
}
