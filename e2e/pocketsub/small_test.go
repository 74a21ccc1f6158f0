package pocketsub_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"periscope/e2e/phone"
	"periscope/games/pocketsub"
)

// TestSmallPhone measures the page at 360x640, the smallest phone the
// pages are made for, with 2 and 4 players: every region of the ocean is a
// thumb-sized target once the first tap has zoomed in around the finger
// (the way the Captain Sonar chart does), no text on the board is under
// 11 px, the fleets' cards leave the screen to the ocean, and the
// instruction line stays readable under the sticky bar when the page
// scrolls.
func TestSmallPhone(t *testing.T) {
	for _, n := range []int{2, 4} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			base := phone.Serve(t, pocketsub.Definition)
			p := phone.New(t, phone.Browser(t, time.Minute, onSmallPhone.Device), screens(t), onSmallPhone)
			openRoom(t, p, base, n)
			p.Wait(`body[data-turn="mine"][data-busy="0"]`)
			if small := p.SmallType("#board", 11); len(small) > 0 {
				t.Errorf("board text under 11 px: %q", small)
			}
			small := p.SmallRegions("polygon.hit")
			var mode string
			p.Eval(`document.querySelector('#board svg').dataset.zoom || ""`, &mode)
			if len(small) > 0 && mode != "first" {
				t.Errorf("regions under 44 px (%q) and no zoom on the first tap (%q)", small, mode)
			}
			var h struct{ Cards, Bar float64 }
			p.Eval(`({Cards: document.getElementById('players').getBoundingClientRect().height, Bar: document.querySelector('.topbar').getBoundingClientRect().height})`, &h)
			if h.Cards > 0.2*640 {
				t.Errorf("the fleets' cards are %.0f px high, over a fifth of a 640 px screen", h.Cards)
			}
			p.Screenshot(fmt.Sprintf("small-%d-1-start.png", n))

			// The first tap picks a Sub and zooms in around it: now every
			// region is a thumb wide, and a button brings the whole ocean
			// back.
			var ready string
			p.Eval(`document.querySelector('polygon.hit[data-mark~="ready"]').dataset.region`, &ready)
			p.MustTap(region(ready))
			p.Wait(`polygon.hit[data-mark~="step"]`)
			p.Wait("#zoom-out")
			if small := p.SmallRegions("polygon.hit"); len(small) > 0 {
				t.Errorf("zoomed in, regions under 44 px: %q", small)
			}
			if small := p.SmallType("#board", 11); len(small) > 0 {
				t.Errorf("zoomed in, board text under 11 px: %q", small)
			}
			p.Fits("zoomed in")
			p.Screenshot(fmt.Sprintf("small-%d-2-zoomed.png", n))

			// Scrolled down the ocean, the instruction is under the bar,
			// not behind it.
			p.Eval(`window.scrollBy(0, 320)`, nil)
			var cover struct{ Bar, Prompt float64 }
			p.Eval(`({Bar: document.querySelector('.topbar').getBoundingClientRect().bottom, Prompt: document.getElementById('prompt').getBoundingClientRect().top})`, &cover)
			if cover.Prompt < cover.Bar-0.5 {
				t.Errorf("scrolled, the instruction's top is at %.0f px, behind the bar ending at %.0f px", cover.Prompt, cover.Bar)
			}
			p.Screenshot(fmt.Sprintf("small-%d-3-scrolled.png", n))
			p.MustTap("#zoom-out")
			p.Run("the whole ocean again", chromedp.Poll(`document.querySelector('#board svg').dataset.zoom === 'first'`, nil))
		})
	}
}
