package battles_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"periscope/e2e/phone"
	"periscope/games/battles"
)

// TestPrimerRulesAndBuzz: on a 360 and a 390 px phone, the seat's
// one-screen primer (with its picture of a battlefield) before the start,
// the rules card one tap away during play, the banner and buzz when the
// army is owed and again when a unit is to be placed, and the full-width
// banner with the controls paused when the server goes away.
func TestPrimerRulesAndBuzz(t *testing.T) {
	for _, o := range []phone.Options{onPhone, {Device: phone.IPhone13, Calm: true, Console: true}} {
		t.Run(fmt.Sprint(o.Device.W), func(t *testing.T) {
			base, stop := phone.ServeStoppable(t, battles.Definition)
			tag := fmt.Sprintf("-%d", o.Device.W)
			p := phone.New(t, phone.Browser(t, 90*time.Second, o.Device), screens(t), o)
			p.StubBuzz()
			p.Run("open the page", chromedp.Navigate(base+"/battles.html"))
			p.Wait("#create")
			p.Wait("[data-primer=battles] .pic .bt-grid")
			p.CreateRoom()
			p.TakeSeat("Ada")
			p.Wait(`#lobby [data-primer=battles] .pic .bt-grid`)
			if got := p.Text(`#lobby [data-primer=battles]`); !strings.Contains(got, "You lead the Confederacy") || !strings.Contains(got, "What you do") || !strings.Contains(got, "Your screen") {
				t.Errorf("the primer reads %q", got)
			}
			var live int
			p.Eval(`document.querySelectorAll("[data-primer] [data-unit], [data-primer] #battlefield").length`, &live)
			if live != 0 {
				t.Errorf("the primer's picture carries %d live battlefield parts", live)
			}
			if bad := p.LowContrast("main *", ".topbar *"); len(bad) > 0 {
				t.Errorf("lobby below AA contrast: %q", bad)
			}
			if small := p.SmallTargets(); len(small) > 0 {
				t.Errorf("lobby: controls under 44 px: %q", small)
			}
			p.Fits("lobby with the primer")
			p.Run("scroll to the primer", chromedp.ScrollIntoView(`#lobby [data-primer=battles] figure`, chromedp.ByQuery))
			p.Screenshot("aids-1-primer" + tag + ".png")

			p.BotAndStart()
			p.Wait(`body[data-phase="army_building"]`)
			p.Wait("#duty-banner")
			if got := p.Text("#duty-banner"); !strings.Contains(got, "BUILD YOUR ARMY") {
				t.Errorf("with the army to build the banner reads %q", got)
			}
			if n := p.Buzzes(); n != 1 {
				t.Errorf("the phone buzzed %d times for its army, want 1", n)
			}
			var primers int
			p.Eval(`document.querySelectorAll("[data-primer], details#rules").length`, &primers)
			if primers != 0 {
				t.Errorf("%d primers left on the page during play: the rules card has them", primers)
			}
			if bad := p.LowContrast("main *", ".topbar *"); len(bad) > 0 {
				t.Errorf("building below AA contrast: %q", bad)
			}
			p.Fits("building with the duty banner")
			p.Screenshot("aids-2-duty" + tag + ".png")

			p.MustTap("#rules-open")
			p.Wait("dialog#rules")
			rules := p.Text("dialog#rules")
			for _, want := range []string{"Goal", "half the enemy army's DP", "Formation", "Order tokens + 1", "Charge from the Front", "Shoot", "Wound token", "House rules", "HOUSE", "Every trait effect"} {
				if !strings.Contains(rules, want) {
					t.Errorf("the rules card lacks %q", want)
				}
			}
			var traits int
			p.Eval(`document.querySelectorAll("dialog#rules [data-rules=house] b").length`, &traits)
			if traits < 5 {
				t.Errorf("the rules card names %d traits, want the armies' traits", traits)
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

			// The army in one tap; then a unit to place is a new duty.
			p.MustTap(`[data-preset="rulebook_50"]`)
			p.MustTap("#confirm")
			for deadline := time.Now().Add(20 * time.Second); p.Buzzes() < 2; time.Sleep(50 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatalf("the phone buzzed %d times, and not again when a unit was to be placed", p.Buzzes())
				}
			}
			if got := p.Text("#duty-banner"); !strings.Contains(got, "place a unit") {
				t.Errorf("with a unit to place the banner reads %q", got)
			}
			if small := p.SmallTargets(); len(small) > 0 {
				t.Errorf("deployment: controls under 44 px: %q", small)
			}
			p.Fits("deployment with the duty banner")
			p.Eval(`window.scrollTo(0, 0)`, nil)
			p.Screenshot("aids-4-deploy" + tag + ".png")

			stop()
			p.Wait("#conn-banner")
			var paused bool
			p.Eval(`document.body.classList.contains("paused") && getComputedStyle(document.querySelector("main")).pointerEvents === "none"`, &paused)
			if !paused {
				t.Error("the controls are not paused while the server is gone")
			}
			p.Screenshot("aids-5-offline" + tag + ".png")
		})
	}
}
