package gridtactics

import (
	"path/filepath"
	"testing"

	"periscope/games/gamestest"
)

// Every rule code the package refuses with, the position codes it refuses
// through impossible included, is documented: a command's in
// docs/games/gridtactics.md (TestEveryRuleCodeIsTested holds them to that
// page), a position's in docs/positions.md.
func TestRuleCodesDocumented(t *testing.T) {
	gamestest.DocumentsRuleCodes(t, ".", 35,
		filepath.Join("..", "..", "docs", "games", "gridtactics.md"),
		filepath.Join("..", "..", "docs", "positions.md"))
}
