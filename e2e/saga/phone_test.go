package saga_test

import (
	"fmt"
	"testing"

	"periscope/e2e/phone"
)

// The phone every test uses: a 390x844 portrait screen that prefers reduced
// motion; a console error on the page fails the test too.
var onPhone = phone.Options{Device: phone.Portrait, Calm: true, Console: true}

func screens(t *testing.T) string { return phone.Screens(t, "saga", "SAGA_SCREENS") }

func hex(at string) string { return fmt.Sprintf(`polygon.hit[data-at=%q]`, at) }
