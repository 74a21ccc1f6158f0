package tactics_test

import (
	"fmt"
	"testing"

	"periscope/e2e/phone"
)

// The phones of the tests: a 360x640 Galaxy S5; a console error on the
// page fails the test too. The calm one prefers reduced motion: the page
// then shows an opponent's turn without pausing on each step.
var (
	onPhone   = phone.Options{Device: phone.GalaxyS5, Console: true}
	calmPhone = phone.Options{Device: phone.GalaxyS5, Calm: true, Console: true}
)

func screens(t *testing.T) string { return phone.Screens(t, "tactics", "") }

func square(sq string) string { return fmt.Sprintf(`rect.hit[data-sq=%q]`, sq) }
