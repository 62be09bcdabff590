package tetromino

import (
	"image"
	"testing"
)

// TestFigureCells compares every figure and angle with the task's drawings,
// turned by the checker's own code.
func TestFigureCells(t *testing.T) {
	total := 0
	for _, f := range Figures {
		letter := f.String()
		if f.Angles() != taskAngles[letter] {
			t.Errorf("%s has %d angles, want %d", letter, f.Angles(), taskAngles[letter])
		}
		for a := 0; a < f.Angles(); a++ {
			var want []image.Point
			for y, row := range drawing(letter, a) {
				for x, ch := range row {
					if ch == '#' {
						want = append(want, image.Pt(x, y))
					}
				}
			}
			got := f.Cells(a)
			if len(want) != 4 || got != [4]image.Point(want) {
				t.Errorf("%s angle %d: cells %v, want %v", letter, a, got, want)
			}
			total++
		}
		// One more quarter turn brings the figure back.
		if turned := turn(f.Cells(f.Angles() - 1)); turned != f.Cells(0) {
			t.Errorf("%s: turning the last angle gives %v, want angle 0 %v", letter, turned, f.Cells(0))
		}
	}
	if total != 19 {
		t.Errorf("%d figure angles, want 19", total)
	}
}

func TestParseFigure(t *testing.T) {
	for _, f := range Figures {
		got, err := ParseFigure(f.String())
		if err != nil || got != f {
			t.Errorf("ParseFigure(%q) = %v, %v", f.String(), got, err)
		}
	}
	for _, s := range []string{"", "X", "i", "II", "0"} {
		if _, err := ParseFigure(s); err == nil {
			t.Errorf("ParseFigure(%q) succeeded", s)
		}
	}
	if s := Figure(9).String(); s != "Figure(9)" {
		t.Errorf("Figure(9).String() = %q", s)
	}
}
