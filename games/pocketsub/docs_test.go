package pocketsub

import (
	"path/filepath"
	"testing"

	"periscope/games/gamestest"
)

// Every rule code the engine refuses with is documented in
// docs/games/pocketsub.md, so a page author can rely on the list.
func TestRuleCodesDocumented(t *testing.T) {
	gamestest.DocumentsRuleCodes(t, ".", 35, filepath.Join("..", "..", "docs", "games", "pocketsub.md"))
}
