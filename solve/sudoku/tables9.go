package sudoku

// The 9x9 solver looks at a digit one band (three rows) at a time: the
// digit's candidates in a band are a 27-bit mask, bit 9*r+c for row r (0-2)
// of the band and column c (0-8). A band row's 9 bits split into three
// "minirows", one per box. These tables turn such masks into what the
// digit's rules imply; they are computed once from their definitions.

const all27 = 1<<27 - 1

// bandBits has the bits of the masks of band 0 of every digit (3*d); shifted
// left by k, those of band k.
const bandBits = 0o111111111

// other1[i] and other2[i] are the masks of the same digit in the other two
// bands.
var other1, other2 [32]uint8

// bandOf[i] is the band of mask i, i%3.
var bandOf [32]uint8

func init() {
	for i := 0; i < 27; i++ {
		d, k := i/3, i%3
		other1[i] = uint8(3*d + (k+1)%3)
		other2[i] = uint8(3*d + (k+2)%3)
		bandOf[i] = uint8(k)
	}
}

var (
	// boxesTbl[row] is the set of boxes (bits 0-2) a 9-bit band row has
	// candidates in.
	boxesTbl [512]uint32
	// matchTbl[shrink] keeps the band cells whose minirow can take the digit
	// in some placement: shrink has bit 3*r+b when row r has candidates in box
	// b, and the digit needs one row per box and one box per row, a perfect
	// matching of rows and boxes. Minirows in no perfect matching are removed
	// (pointing and claiming within the band); 0 when there is none.
	matchTbl [512]uint32
	// pointTbl[cols] masks the other two bands when the digit's candidates in
	// this band use the columns cols (9 bits): a box whose candidates sit in
	// one column takes that column from the other bands.
	pointTbl [512]uint32
	// forceTbl[others] restricts a band when the digit's candidates in the
	// other two bands use only the columns others: every other column must
	// take the digit in this band, so a box with one such column keeps only
	// it, and a box with two or three has no placement (0).
	forceTbl [512]uint32
	// oneTbl[row] is 1 when a 9-bit band row holds exactly one candidate.
	oneTbl [512]uint32
	// rowsTbl[rows] is the cells of the band rows in the 3-bit set rows.
	rowsTbl [8]uint32
	// keepTbl[p] is what a digit keeps of a band when it is placed at band
	// cell p: that cell and every cell outside its row, box and column.
	keepTbl [27]uint32
	// boxCellsTbl[boxes] is the cells of the boxes in the 3-bit set boxes.
	boxCellsTbl [8]uint32
	// colTbl[c] is the three cells of column c in a band.
	colTbl [9]uint32
)

func init() {
	for row := 0; row < 512; row++ {
		for b := 0; b < 3; b++ {
			if row>>(3*b)&7 != 0 {
				boxesTbl[row] |= 1 << b
			}
		}
		if row != 0 && row&(row-1) == 0 {
			oneTbl[row] = 1
		}
	}
	for c := 0; c < 9; c++ {
		colTbl[c] = 1<<c | 1<<(9+c) | 1<<(18+c)
	}
	for rows := 0; rows < 8; rows++ {
		for r := 0; r < 3; r++ {
			if rows>>r&1 != 0 {
				rowsTbl[rows] |= 0x1ff << (9 * r)
			}
		}
	}
	for boxes := 0; boxes < 8; boxes++ {
		for b := 0; b < 3; b++ {
			if boxes>>b&1 != 0 {
				boxCellsTbl[boxes] |= 0o7007007 << (3 * b)
			}
		}
	}
	perms := [6][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	for shrink := 0; shrink < 512; shrink++ {
		var mask uint32
		for _, p := range perms {
			ok := true
			var m uint32
			for r, b := range p {
				if shrink>>(3*r+b)&1 == 0 {
					ok = false
					break
				}
				m |= 7 << (9*r + 3*b)
			}
			if ok {
				mask |= m
			}
		}
		matchTbl[shrink] = mask
	}
	for cols := 0; cols < 512; cols++ {
		mask := uint32(all27)
		for b := 0; b < 3; b++ {
			in := cols >> (3 * b) & 7
			if in != 0 && in&(in-1) == 0 {
				for c := 3 * b; c < 3*b+3; c++ {
					if cols>>c&1 != 0 {
						mask &^= colTbl[c]
					}
				}
			}
		}
		pointTbl[cols] = mask
	}
	for others := 0; others < 512; others++ {
		must := ^others & 0x1ff
		mask := uint32(all27)
		for b := 0; b < 3; b++ {
			in := must >> (3 * b) & 7
			switch {
			case in == 0:
			case in&(in-1) == 0:
				for c := 3 * b; c < 3*b+3; c++ {
					if in>>(c-3*b)&1 == 0 {
						mask &^= colTbl[c]
					}
				}
			default:
				mask = 0
			}
		}
		forceTbl[others] = mask
	}
	for p := 0; p < 27; p++ {
		r, c := p/9, p%9
		peers := rowsTbl[1<<r] | colTbl[c]
		for rr := 0; rr < 3; rr++ {
			peers |= 7 << (9*rr + 3*(c/3))
		}
		keepTbl[p] = all27&^peers | 1<<p
	}
}
