package saga_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"periscope/e2e/phone"
	"periscope/games/saga"
)

// TestPrimerRulesAndBuzz: on a 360 and a 390 px phone, the seat's
// one-screen primer (with its picture of the map) before the start, the
// rules card one tap away during play, the banner and buzz when the turn
// comes to this phone (and again on its next turn), and the full-width
// banner with the controls paused when the server goes away.
func TestPrimerRulesAndBuzz(t *testing.T) {
	for _, o := range []phone.Options{onPhone, {Device: phone.IPhone13, Calm: true, Console: true}} {
		t.Run(fmt.Sprint(o.Device.W), func(t *testing.T) {
			base, stop := phone.ServeStoppable(t, saga.Definition)
			tag := fmt.Sprintf("-%d", o.Device.W)
			p := phone.New(t, phone.Browser(t, 2*time.Minute, o.Device), screens(t), o)
			p.StubBuzz()
			p.Run("open the page", chromedp.Navigate(base+"/saga.html"))
			p.Wait("#create")
			p.Wait("[data-primer=saga] .pic svg")
			p.CreateRoom()
			p.TakeSeat("Ada")
			p.Wait(`#lobby [data-primer=saga] .pic svg`)
			if got := p.Text(`#lobby [data-primer=saga]`); !strings.Contains(got, "You lead Raven") || !strings.Contains(got, "What you do") || !strings.Contains(got, "Your screen") {
				t.Errorf("the primer reads %q", got)
			}
			var live int
			p.Eval(`document.querySelectorAll("[data-primer] [data-at], [data-primer] #map, [data-primer] .hit").length`, &live)
			if live != 0 {
				t.Errorf("the primer's picture carries %d live map parts", live)
			}
			if bad := p.LowContrast("main *", ".topbar *"); len(bad) > 0 {
				t.Errorf("lobby below AA contrast: %q", bad)
			}
			if small := p.SmallTargets(); len(small) > 0 {
				t.Errorf("lobby: controls under 44 px: %q", small)
			}
			p.Fits("lobby with the primer")
			p.Run("scroll to the primer", chromedp.ScrollIntoView(`#lobby [data-primer=saga]`, chromedp.ByQuery))
			p.Screenshot("aids-1-primer" + tag + ".png")

			p.BotAndStart()
			p.Wait(`body[data-turn="mine"][data-busy="0"]`)
			p.Wait("#duty-banner")
			if got := p.Text("#duty-banner"); !strings.Contains(got, "YOUR TURN") {
				t.Errorf("on this phone's turn the banner reads %q", got)
			}
			if n := p.Buzzes(); n != 1 {
				t.Errorf("the phone buzzed %d times when its first turn came, want 1", n)
			}
			var primers int
			p.Eval(`document.querySelectorAll("[data-primer], #primer-box").length`, &primers)
			if primers != 0 {
				t.Errorf("%d primers left on the page during play: the rules card has them", primers)
			}
			if bad := p.LowContrast("main *", ".topbar *"); len(bad) > 0 {
				t.Errorf("play below AA contrast: %q", bad)
			}
			if small := p.SmallTargets(); len(small) > 0 {
				t.Errorf("play: controls under 44 px: %q", small)
			}
			p.Fits("play with the duty banner")
			p.Eval(`window.scrollTo(0, 0)`, nil)
			p.Screenshot("aids-2-turn" + tag + ".png")

			p.MustTap("#rules-open")
			p.Wait("dialog#rules")
			rules := p.Text("dialog#rules")
			for _, want := range []string{"Goal", "Move a unit", "Summon", "Water", "1–3 drowns", "Re-rolls", "ties cancel", "House content", "our own design"} {
				if !strings.Contains(rules, want) {
					t.Errorf("the rules card lacks %q", want)
				}
			}
			if bad := p.LowContrast("dialog#rules *"); len(bad) > 0 {
				t.Errorf("rules card below AA contrast: %q", bad)
			}
			if small := p.SmallTargets(); len(small) > 0 {
				t.Errorf("rules card: controls under 44 px: %q", small)
			}
			p.Fits("the rules card")
			p.Screenshot("aids-3-rules" + tag + ".png")
			p.MustTap("#rules-close")

			// This phone places its tile; the bot places one; the turn
			// comes back and buzzes again.
			p.MustTap(hex(attrOf(p, "#map .mark.place", "data-at")))
			for deadline := time.Now().Add(20 * time.Second); p.Buzzes() < 2; time.Sleep(50 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatalf("the phone buzzed %d times, and not again when its turn came back", p.Buzzes())
				}
			}
			p.Wait(`body[data-turn="mine"]`)

			stop()
			p.Wait("#conn-banner")
			var paused bool
			p.Eval(`document.body.classList.contains("paused") && getComputedStyle(document.querySelector("main")).pointerEvents === "none"`, &paused)
			if !paused {
				t.Error("the controls are not paused while the server is gone")
			}
			p.Eval(`window.scrollTo(0, 0)`, nil)
			p.Screenshot("aids-4-offline" + tag + ".png")
		})
	}
}

// attrOf is an attribute of the first element matching sel.
func attrOf(p *phone.Phone, sel, attr string) string {
	p.T.Helper()
	p.Wait(sel)
	var v string
	p.Eval(fmt.Sprintf(`document.querySelector(%q).getAttribute(%q)`, sel, attr), &v)
	return v
}
