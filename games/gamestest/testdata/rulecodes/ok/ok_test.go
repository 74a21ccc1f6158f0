package ok

import "periscope/games"

func inTest() error { return games.Refuse("test_only", "a test's own refusal is not the package's") }
