package saga_test

import (
	"fmt"
	"testing"

	"periscope/e2e/phone"
)

// The phone every test uses: a small 360x640 portrait screen (a Galaxy S5)
// that prefers reduced motion; a console error on the page fails the test
// too.
var onPhone = phone.Options{Device: phone.GalaxyS5, Calm: true, Console: true}

func screens(t *testing.T) string { return phone.Screens(t, "saga", "SAGA_SCREENS") }

func hex(at string) string { return fmt.Sprintf(`polygon.hit[data-at=%q]`, at) }
