package sudoku

// For the tests of package sudoku_test.
var (
	SoloPuzzle = soloPuzzle
	SoloGames  = soloGames
)
