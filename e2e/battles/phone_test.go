package battles_test

import (
	"testing"

	"periscope/e2e/phone"
)

// The phone every test uses: a 390x844 portrait screen that prefers reduced
// motion; a console error on the page fails the test too.
var onPhone = phone.Options{Device: phone.Portrait, Calm: true, Console: true}

func screens(t *testing.T) string { return phone.Screens(t, "battles", "BATTLES_SCREENS") }
