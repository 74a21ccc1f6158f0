package pocketsub_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"periscope/e2e/phone"
	"periscope/games/pocketsub"
)

// TestPrimerRulesAndBuzz: on a 360 and a 390 px phone, the seat's
// one-screen primer (with its picture of the ocean) before the start, the
// rules card one tap away during play, the banner and buzz when the turn
// comes to this phone (and again on its next turn), and the full-width
// banner with the controls paused when the server goes away.
func TestPrimerRulesAndBuzz(t *testing.T) {
	for _, o := range []phone.Options{onSmallPhone, onPhone} {
		t.Run(fmt.Sprint(o.Device.W), func(t *testing.T) {
			base, stop := phone.ServeStoppable(t, pocketsub.Definition)
			shots := screens(t)
			tag := fmt.Sprintf("-%d", o.Device.W)
			p := phone.New(t, phone.Browser(t, 2*time.Minute, o.Device), shots, o)
			p.StubBuzz()
			p.Run("open the page", chromedp.Navigate(base+"/pocketsub.html"))
			p.Wait("#opt-players")
			p.CreateRoom()
			p.TakeSeat("Ada")
			p.Wait(`[data-primer=pocketsub] .pic svg`)
			if got := p.Text(`[data-primer=pocketsub]`); !strings.Contains(got, "You command Red") || !strings.Contains(got, "What you do") || !strings.Contains(got, "Your screen") {
				t.Errorf("the primer reads %q", got)
			}
			var live int
			p.Eval(`document.querySelectorAll("[data-primer] [data-region], [data-primer] #board").length`, &live)
			if live != 0 {
				t.Errorf("the primer's picture carries %d live board parts", live)
			}
			if bad := p.LowContrast("main *", ".topbar *"); len(bad) > 0 {
				t.Errorf("lobby below AA contrast: %q", bad)
			}
			if small := p.SmallTargets(); len(small) > 0 {
				t.Errorf("lobby: controls under 44 px: %q", small)
			}
			p.Fits("lobby with the primer")
			p.Run("scroll to the primer", chromedp.ScrollIntoView(`[data-primer=pocketsub]`, chromedp.ByQuery))
			p.Screenshot("aids-1-primer" + tag + ".png")

			p.BotAndStart()
			p.Wait(`body[data-phase="playing"][data-turn="mine"][data-busy="0"]`)
			p.Wait("#duty-banner")
			if got := p.Text("#duty-banner"); !strings.Contains(got, "YOUR TURN") {
				t.Errorf("on this phone's turn the banner reads %q", got)
			}
			if n := p.Buzzes(); n != 1 {
				t.Errorf("the phone buzzed %d times when its first turn came, want 1", n)
			}
			var primers int
			p.Eval(`document.querySelectorAll("[data-primer], #primer").length`, &primers)
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
			p.Screenshot("aids-2-turn" + tag + ".png")

			p.MustTap("#rules-open")
			p.Wait("dialog#rules")
			rules := p.Text("dialog#rules")
			for _, want := range []string{"Goal", "exactly 3 points", "Rocky", "Running deep", "Hero Sub", "House rules", "introductory layouts"} {
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

			// One move; the bot answers; the turn comes back and buzzes again.
			for moved := false; !moved; {
				var d decision
				p.Eval(decide, &d)
				if d.Done {
					t.Fatal("the match ended before this phone's second turn")
				}
				if d.Tap == "" {
					time.Sleep(20 * time.Millisecond)
					continue
				}
				moved = d.Tap == "#confirm"
				p.Tap(d.Tap)
			}
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
			p.Screenshot("aids-4-offline" + tag + ".png")
		})
	}
}
