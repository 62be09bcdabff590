// Package recognize reads a screenshot of Puzlogic into a puzzle file.
//
// It works on an image in memory and never touches the screen. The steps,
// each in its own file, are:
//
//   - image.go: decode PNG or JPEG input, refusing from its header, before
//     decoding, an image whose reading would take more than MaxImageBytes;
//   - area.go: find the game area (the largest flat 4:3 rectangle) anywhere
//     on the screenshot, to the pixel, and take the scale from its size;
//   - confidence.go: how sure Recognize is of the screen and why (a flat,
//     clean background of the colour the screen has, white overlay text);
//     an inverted or noisy screenshot is refused as ErrUnsure;
//   - masks.go and blobs.go: sort the game area's pixels into ink (dark
//     outlines and digits), colour (pieces, tiles), white, faint grey and
//     blue, and label their connected components with OpenCV;
//   - cells.go and lattice.go: the outlined squares of the board (holes in
//     the ink whose inside shows the background, and squares whose outline
//     shows around a block lying on them) and the lattice they stand on, whose pitch is measured from the squares' spacing, so that groups
//     of squares apart from each other share one row and column numbering;
//   - pieces.go: the filled squares, blue (purple in the game copy) or
//     white: blocks in the tray below the board or lying on squares;
//   - clues.go: sum clues, a small triangle at a row or column end pointing
//     at its number, one at each end of a line at most; dark ones count
//     every number, blue and white ones only the blocks of their colour.
//     A white clue is white inside a thin dark outline, and is read on its
//     white; a clue's colour is told from its triangle and digits together;
//   - text.go: characters, text lines and words, and the "Level NN" label,
//     found by the heights of its letters, whose two digits must read 1-99;
//   - screens.go: the title, level map (tiles done, open or locked) and
//     "Level Completed" (Menu and Next) screens;
//   - board.go: a level screen read in full, and its puzzle file;
//   - glyph.go, ocr.go and cache.go: every digit is cut out, normalised to a
//     small black-on-white bitmap and read by Tesseract (single-character
//     mode, digits only, one client), once per distinct bitmap, with an
//     on-disk cache of bitmaps already read that is shared between runs,
//     whose entries carry a checksum of their bitmap and are never trusted
//     blindly;
//   - annotate.go draws what was found; compare.go compares a result with an
//     expected puzzle file.
//
// No pixel size is fixed: every length is one of the game's own (squares 44
// px on a 48 px lattice, pieces 38 px, a 800x600 game area at 100% zoom)
// times the scale measured on the screenshot, so any browser zoom works.
package recognize
