package sudoku

// The 9x9 solver looks at a digit one band (three rows) at a time: the
// digit's candidates in a band are a 27-bit mask, bit 9*r+c for row r (0-2)
// of the band and column c (0-8). A band row's 9 bits split into three
// "minirows", one per box; a band column's 3 bits are a "minicol". These
// tables turn such masks into what the digit's rules imply; they are computed
// once from their definitions.
//
// Two 9-bit summaries of a band mask index most tables: its shrink, bit
// 3*r+b set when minirow (r, b) has a candidate (row r, box b), and its
// columns, bit c set when column c has a candidate in the band.

const (
	all27 = 1<<27 - 1
	// colBits is column 0 of a band; shifted left by c, column c.
	colBits = 0o1001001
	// boxBits is box 0 of a band; shifted left by 3b, box b.
	boxBits = 0o7007007
)

var (
	// boxesTbl[row] is the set of boxes (bits 0-2) a 9-bit band row has
	// candidates in.
	boxesTbl [512]uint8
	// matchTbl[shrink] tells what the band's rows and boxes imply: the digit
	// needs one row per box and one box per row, a perfect matching. Bits
	// 0-26 keep the cells of the minirows in some perfect matching (0 when
	// there is none: locked candidates, pointing and claiming, within the
	// band); bits 27-53 are the cells of the minirows left alone in their
	// row (and so in their box), where the digit must be; bits 54-62 are the
	// shrink of what is kept.
	matchTbl [512]uint64
	// forceTbl[others] restricts a band when the digit's candidates in the
	// other two bands use only the columns others: every other column must
	// take the digit in this band, so a box with one such column keeps only
	// it, and a box with two or three has no placement (0).
	forceTbl [512]uint32
	// soleTbl[cols] is the cells of the columns that are alone in their box
	// (the digit's box in this band sits in that column): the other bands
	// lose them, and where such a column meets a minirow the digit must take,
	// the digit is placed.
	soleTbl [512]uint32
	// rowsTbl[rows] is the cells of the band rows in the 3-bit set rows.
	rowsTbl [8]uint32
	// boxCellsTbl[boxes] is the cells of the boxes in the 3-bit set boxes.
	boxCellsTbl [8]uint32
	// keepTbl[p] is what a digit keeps of a band when it is placed at band
	// cell p: that cell and every cell outside its row, box and column.
	keepTbl [27]uint32
)

func init() {
	initBandTbls()
	initMatchTbl()
	initColumnTbls()
	initTriadTbls()
	initConfigTbls()
}

// initBandTbls fills the tables of rows, boxes and cells.
func initBandTbls() {
	for row := 0; row < 512; row++ {
		for b := 0; b < 3; b++ {
			if row>>(3*b)&7 != 0 {
				boxesTbl[row] |= 1 << b
			}
		}
	}
	for set := 0; set < 8; set++ {
		for j := 0; j < 3; j++ {
			if set>>j&1 != 0 {
				rowsTbl[set] |= 0x1ff << (9 * j)
				boxCellsTbl[set] |= boxBits << (3 * j)
			}
		}
	}
	for p := 0; p < 27; p++ {
		r, c := p/9, p%9
		peers := uint32(0x1ff<<(9*r)) | colBits<<c | boxBits<<(3*(c/3))
		keepTbl[p] = all27&^peers | 1<<p
	}
}

// perms lists the six ways to match three rows (or bands) with three boxes
// (or columns): perms[p][r] is the box of row r.
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

// initMatchTbl fills matchTbl.
func initMatchTbl() {
	for shrink := 0; shrink < 512; shrink++ {
		var kept int
		for set := matchings(shrink); set != 0; set &= set - 1 {
			pm := perms[trailingZeros(set)]
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
		matchTbl[shrink] = uint64(keep) | uint64(alone)<<27 | uint64(kept)<<54
	}
}

// initColumnTbls fills forceTbl and soleTbl.
func initColumnTbls() {
	for cols := 0; cols < 512; cols++ {
		must := ^cols & 0x1ff
		force := uint32(all27)
		for b := 0; b < 3; b++ {
			in := cols >> (3 * b) & 7
			if in != 0 && in&(in-1) == 0 {
				soleTbl[cols] |= uint32(colBits) << (3*b + trailingZeros(uint32(in)))
			}
			switch m := must >> (3 * b) & 7; {
			case m == 0:
			case m&(m-1) == 0:
				force &^= boxBits << (3 * b) &^ (colBits << (3*b + trailingZeros(uint32(m))))
			default:
				force = 0
			}
		}
		forceTbl[cols] = force
	}
}

// trailingZeros is bits.TrailingZeros32 for the table builders.
func trailingZeros(x uint32) int {
	n := 0
	for x&1 == 0 && n < 32 {
		x >>= 1
		n++
	}
	return n
}
