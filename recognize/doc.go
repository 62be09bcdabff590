// Package recognize reads a screenshot of Puzlogic into a puzzle file.
//
// It works on an image in memory and never touches the screen. The steps,
// each in its own file, are:
//
//   - area.go: find the game area (a flat 4:3 rectangle) anywhere on the
//     screenshot and take the scale from its size;
//   - masks.go: sort the game area's pixels into ink (dark outlines and
//     digits), colour (pieces, tiles, blue clues), white and faint marks;
//   - cells.go and lattice.go: the outlined squares of the board and the
//     lattice they stand on, whose pitch comes from the squares' spacing;
//   - pieces.go: the filled squares below the board;
//   - clues.go: sum clues, a small triangle and a number at a row or column end;
//   - label.go: the "Level NN" label;
//   - screens.go: the title, level map and "Level Completed" screens;
//   - glyph.go and ocr.go: every digit is cut out, normalised to a small
//     black-on-white bitmap and read by Tesseract, once per distinct bitmap,
//     with an optional on-disk cache (cache.go) shared between runs;
//   - annotate.go draws what was found; compare.go compares a result with an
//     expected puzzle file.
//
// Shapes are found with OpenCV (gocv), digits are read with Tesseract
// (gosseract). No pixel size is fixed: every length is derived from the game
// area and the squares found on it, so any browser zoom works.
package recognize
