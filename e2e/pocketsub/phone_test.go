package pocketsub_test

import (
	"fmt"
	"testing"

	"periscope/e2e/phone"
)

// The phone every test uses: a 390x844 iPhone 13 that prefers reduced
// motion (the page then shows the bots' turns without pausing on each
// move); a console error on the page fails the test too.
var onPhone = phone.Options{Device: phone.IPhone13, Calm: true, Console: true}

// onSmallPhone is a 360x640 Galaxy S5, the smallest portrait screen the
// pages are made for.
var onSmallPhone = phone.Options{Device: phone.GalaxyS5, Calm: true, Console: true}

func screens(t *testing.T) string { return phone.Screens(t, "pocketsub", "") }

func region(name string) string { return fmt.Sprintf(`polygon.hit[data-region=%q]`, name) }
