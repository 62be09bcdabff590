package sudoku

import (
	"bytes"
	"fmt"
	"go/format"
	"math/bits"
	"os"
	"reflect"
	"testing"
)

// The 9x9 solver's tables are built here from their definitions and kept,
// as literals, in tables9_data.go, so that starting puzbot computes nothing
// (building them took about 0.1 ms of every start). TestTables9 checks the
// kept file against the builders; with -update it rewrites it.

// tables9Path is the generated file.
const tables9Path = "tables9_data.go"

// table9 is one generated table: its name, its doc comment and its value.
type table9 struct {
	name, doc string
	value     any
}

// builtTables9 builds every table of the 9x9 solver, in the order the
// generated file lists them.
func builtTables9() []table9 {
	boxes, rows, boxCells, keep := buildBandTbls()
	force, sole := buildColumnTbls()
	rowTriad, colTriad, minirow := buildTriadTbls()
	config, configs, configCells, stackKeep := buildConfigTbls()
	return []table9{
		{"boxesTbl", "boxesTbl[row] is the set of boxes (bits 0-2) a 9-bit band row has\ncandidates in.", boxes},
		{"matchTbl", "matchTbl[shrink] tells what the band's rows and boxes imply: the digit\nneeds one row per box and one box per row, a perfect matching. Bits\n0-26 keep the cells of the minirows in some perfect matching (0 when\nthere is none: locked candidates, pointing and claiming, within the\nband); bits 27-53 are the cells of the minirows left alone in their\nrow (and so in their box), where the digit must be; bits 54-62 are the\nshrink of what is kept.", buildMatchTbl()},
		{"forceTbl", "forceTbl[others] restricts a band when the digit's candidates in the\nother two bands use only the columns others: every other column must\ntake the digit in this band, so a box with one such column keeps only\nit, and a box with two or three has no placement (0).", force},
		{"soleTbl", "soleTbl[cols] is the cells of the columns that are alone in their box\n(the digit's box in this band sits in that column): the other bands\nlose them, and where such a column meets a minirow the digit must take,\nthe digit is placed.", sole},
		{"rowsTbl", "rowsTbl[rows] is the cells of the band rows in the 3-bit set rows.", rows},
		{"boxCellsTbl", "boxCellsTbl[boxes] is the cells of the boxes in the 3-bit set boxes.", boxCells},
		{"keepTbl", "keepTbl[p] is what a digit keeps of a band when it is placed at band\ncell p: that cell and every cell outside its row, box and column.", keep},
		{"rowTriadKeep", "rowTriadKeep[f] is what a band keeps when the digit must go in the\nminirows f (a shrink): their cells, and the cells outside their rows\nand boxes.", rowTriad},
		{"colTriadKeep", "colTriadKeep[f] is what a band keeps when the digit must go in its\nminicols f (columns): their cells, and the cells outside their boxes.", colTriad},
		{"minirowCells", "minirowCells[f] is the cells of the minirows f (a shrink).", minirow},
		{"configTbl", "configTbl[shrink] is the set of configurations (bit p for perms[p],\nin tables9_build_test.go) of a band whose minirows with candidates are\nshrink, with their number in bits 8-10. Read for a stack, shrink is bit\n3*band+column.", config},
		{"configsTbl", "configsTbl[shrink] is the number of configurations alone.", configs},
		{"configCells", "configCells[p] is the cells of a band the digit keeps in\nconfiguration p.", configCells},
		{"stackKeep", "stackKeep[s][p][k] is what band k of a digit keeps when its stack s\nis in configuration p.", stackKeep},
	}
}

// buildBandTbls builds the tables of rows, boxes and cells.
func buildBandTbls() (boxes [512]uint8, rows, boxCells [8]uint32, keep [27]uint32) {
	for row := 0; row < 512; row++ {
		for b := 0; b < 3; b++ {
			if row>>(3*b)&7 != 0 {
				boxes[row] |= 1 << b
			}
		}
	}
	for set := 0; set < 8; set++ {
		for j := 0; j < 3; j++ {
			if set>>j&1 != 0 {
				rows[set] |= 0x1ff << (9 * j)
				boxCells[set] |= boxBits << (3 * j)
			}
		}
	}
	for p := 0; p < 27; p++ {
		r, c := p/9, p%9
		peers := uint32(0x1ff<<(9*r)) | colBits<<c | boxBits<<(3*(c/3))
		keep[p] = all27&^peers | 1<<p
	}
	return boxes, rows, boxCells, keep
}

// perms lists the six ways to match three rows (or bands) with three boxes
// (or columns): perms[p][r] is the box of row r. Configuration p of the
// search is perms[p].
var perms = [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}

// matchings returns the set of perms (bit p) whose three edges (bit
// 3*r+perms[p][r]) are all in edges.
func matchings(edges int) (set uint32) {
	for p, pm := range perms {
		if edges>>pm[0]&1 != 0 && edges>>(3+pm[1])&1 != 0 && edges>>(6+pm[2])&1 != 0 {
			set |= 1 << p
		}
	}
	return set
}

// buildMatchTbl builds matchTbl.
func buildMatchTbl() (match [512]uint64) {
	for shrink := 0; shrink < 512; shrink++ {
		var kept int
		for set := matchings(shrink); set != 0; set &= set - 1 {
			pm := perms[bits.TrailingZeros32(set)]
			kept |= 1<<pm[0] | 1<<(3+pm[1]) | 1<<(6+pm[2])
		}
		var keep, alone uint32
		for r := 0; r < 3; r++ {
			row := kept >> (3 * r) & 7
			for b := 0; b < 3; b++ {
				if row>>b&1 == 0 {
					continue
				}
				cells := uint32(7) << (9*r + 3*b)
				keep |= cells
				if row == 1<<b {
					alone |= cells
				}
			}
		}
		match[shrink] = uint64(keep) | uint64(alone)<<27 | uint64(kept)<<54
	}
	return match
}

// buildColumnTbls builds forceTbl and soleTbl.
func buildColumnTbls() (force, sole [512]uint32) {
	for cols := 0; cols < 512; cols++ {
		must := ^cols & 0x1ff
		f := uint32(all27)
		for b := 0; b < 3; b++ {
			in := cols >> (3 * b) & 7
			if in != 0 && in&(in-1) == 0 {
				sole[cols] |= uint32(colBits) << (3*b + bits.TrailingZeros32(uint32(in)))
			}
			switch m := must >> (3 * b) & 7; {
			case m == 0:
			case m&(m-1) == 0:
				f &^= boxBits << (3 * b) &^ (colBits << (3*b + bits.TrailingZeros32(uint32(m))))
			default:
				f = 0
			}
		}
		force[cols] = f
	}
	return force, sole
}

// buildTriadTbls builds the triad tables.
func buildTriadTbls() (rowKeep, colKeep, minirow [512]uint32) {
	for f := 0; f < 512; f++ {
		rows, cols := uint32(all27), uint32(all27)
		var cells uint32
		for j := 0; j < 9; j++ {
			if f>>j&1 == 0 {
				continue
			}
			r, b := j/3, j%3
			mr := uint32(7) << (9*r + 3*b)
			rows &= ^(uint32(0x1ff)<<(9*r) | boxBits<<(3*b)) | mr
			cells |= mr
			cols &= ^(boxBits << (3 * (j / 3))) | colBits<<j
		}
		rowKeep[f], colKeep[f], minirow[f] = rows, cols, cells
	}
	return rowKeep, colKeep, minirow
}

// buildConfigTbls builds the configuration tables.
func buildConfigTbls() (config [512]uint16, configs [512]uint8, cells [6]uint32, stackKeep [3][6][3]uint32) {
	for shrink := 0; shrink < 512; shrink++ {
		set := matchings(shrink)
		config[shrink] = uint16(set) | uint16(bits.OnesCount32(set))<<8
		configs[shrink] = uint8(bits.OnesCount32(set))
	}
	for p, pm := range perms {
		for r, b := range pm {
			cells[p] |= 7 << (9*r + 3*b)
		}
		for s := 0; s < 3; s++ {
			for k := 0; k < 3; k++ {
				stackKeep[s][p][k] = all27&^(boxBits<<(3*s)) | colBits<<(3*s+pm[k])
			}
		}
	}
	return config, configs, cells, stackKeep
}

// tables9Source returns the generated file for the tables.
func tables9Source(tables []table9) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("// Code generated by go test ./solve/sudoku -run TestTables9 -update; DO NOT EDIT.\n\n")
	b.WriteString("package sudoku\n\n// The 9x9 solver's tables (see tables9.go), built by tables9_build_test.go.\n")
	for _, t := range tables {
		b.WriteString("\n")
		for _, line := range bytes.Split([]byte(t.doc), []byte("\n")) {
			fmt.Fprintf(&b, "// %s\n", line)
		}
		fmt.Fprintf(&b, "var %s = %s", t.name, reflect.TypeOf(t.value))
		writeArray(&b, reflect.ValueOf(t.value))
		b.WriteString("\n")
	}
	return format.Source(b.Bytes())
}

// writeArray writes the elements of an array of numbers or of arrays, in
// braces, 8 numbers to a line.
func writeArray(b *bytes.Buffer, v reflect.Value) {
	b.WriteString("{\n")
	for i := 0; i < v.Len(); i++ {
		e := v.Index(i)
		if e.Kind() == reflect.Array {
			writeArray(b, e)
			b.WriteString(",\n")
			continue
		}
		fmt.Fprintf(b, "%#x,", e.Uint())
		if i%8 == 7 || i == v.Len()-1 {
			b.WriteString("\n")
		}
	}
	b.WriteString("}")
}

// TestTables9 checks that the kept tables are those the builders make, both
// as values and as the file; -update rewrites the file.
func TestTables9(t *testing.T) {
	tables := builtTables9()
	want, err := tables9Source(tables)
	if err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile(tables9Path, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(tables9Path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is not what the builders make: go test ./solve/sudoku -run TestTables9 -update", tables9Path)
	}
	kept := map[string]any{
		"boxesTbl": boxesTbl, "matchTbl": matchTbl, "forceTbl": forceTbl, "soleTbl": soleTbl,
		"rowsTbl": rowsTbl, "boxCellsTbl": boxCellsTbl, "keepTbl": keepTbl,
		"rowTriadKeep": rowTriadKeep, "colTriadKeep": colTriadKeep, "minirowCells": minirowCells,
		"configTbl": configTbl, "configsTbl": configsTbl, "configCells": configCells, "stackKeep": stackKeep,
	}
	for _, tb := range tables {
		if !reflect.DeepEqual(kept[tb.name], tb.value) {
			t.Errorf("%s differs from what its builder makes", tb.name)
		}
	}
	if len(kept) != len(tables) {
		t.Errorf("%d tables kept, %d built", len(kept), len(tables))
	}
}
