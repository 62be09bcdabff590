// Package sudoku finds a sudoku grid on a screenshot and reads its layout:
// the grid's size and where each cell lies, the regions its thick lines
// draw, whether its diagonals are shaded (sudoku X), and, in each cell, the
// glyph it holds and that glyph's colour. It works on an image in memory,
// in pure Go, and never touches the screen; reading the glyphs as symbols
// is left to the caller's character reader.
//
// Nothing about one application's pixel layout is fixed. The steps are:
//
//   - lines.go: grid lines are long runs of pixels that are thin across
//     (a run of one colour at most maxThick long, with another colour on
//     both sides); rows of such pixels that line up make a horizontal line,
//     columns a vertical one, whatever their colours;
//   - grid.go: the grid is the largest set of N+1 equally spaced horizontal
//     lines and N+1 equally spaced vertical lines, 4 <= N <= 25, that close
//     a square: each line spans exactly the space between the outer ones;
//   - tiles.go: when no such grid draws regions, a grid drawn as N x N
//     separate tiles (patches of the picture that edges enclose, nearly
//     square, equally spaced), whose gaps are its lines and whose wider
//     gaps, or frames in them, draw its boxes; tilecells.go reads a tile,
//     which may shade across, have a bevel, or glow when selected;
//   - regions.go: the thickness of the line between each two neighbouring
//     cells; thick ones divide the grid into regions (boxes or jigsaw
//     pieces), and the cells' background colours show shaded diagonals;
//   - cells.go: the ink of each cell (pixels unlike the cell's background),
//     the large glyph at its centre and its colour, apart from small marks
//     (pencil marks, a killer cage's sum) and the lines of cages.
package sudoku
