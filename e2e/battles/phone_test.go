package battles_test

import (
	"testing"

	"github.com/chromedp/chromedp"

	"periscope/e2e/phone"
)

// small is the narrowest phone we design for: a 360x740 portrait screen at
// twice the pixels, mobile.
var small = phone.Device{W: 360, H: 740, Emulate: chromedp.EmulateViewport(360, 740, chromedp.EmulateScale(2), chromedp.EmulateMobile)}

// The phone every test uses prefers reduced motion; a console error on the
// page fails the test too.
var onPhone = phone.Options{Device: small, Calm: true, Console: true}

func screens(t *testing.T) string { return phone.Screens(t, "battles", "BATTLES_SCREENS") }
