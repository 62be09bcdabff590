package sudoku

// For the tests of package sudoku_test.
var (
	SoloPuzzle  = soloPuzzle
	SoloPresets = soloPresets
	SoloGames   = soloGames
)
