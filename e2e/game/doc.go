// Package game is the test side of the project's faithful copy of Puzlogic,
// the static web game in testdata/game: it reads the copy's levels file,
// knows the page's geometry (so it can say what recognize must read from a
// screenshot of any screen), and serves the game on 127.0.0.1 with a report
// API through which the page tells the tests what happened (screens shown,
// pieces placed, levels completed) without trusting puzbot's own word.
//
// The levels file holds the real game's 15 levels. Each level lists its
// squares (a fixed value, or the answer of the one solution with its colour),
// its tray in the real level list's notation (rows of slots such as
// "1 2 . 3w": a digit is a blue block, "w" marks a white one, "." an empty
// slot) and its clues with scope (all, blue or white) and side (top or
// bottom of a column, left or right of a row); a line may carry two clues of
// different scopes, one at each end. See Level.
//
// On request the page misbehaves (URL parameters lose, scramble and fps,
// reproducible with seed): chaos.go runs the page's random generator, so the
// tests know which drops it will lose and which blocks a scrambled level
// starts with.
//
// The page reads the mouse the way the real game's engine does: once per
// animation frame, from the pointer's current position and button state, so
// a press and a release within one frame (about 16 ms) are never seen, and a
// drag that skips the frames in between drops where the pointer was last
// seen. Keys are latched: a key pressed and released between two frames
// still counts.
package game
