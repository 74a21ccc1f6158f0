package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// inView reports whether every element sel matches is wholly on screen:
// below the sticky top bar (the duty banner included) and above the
// bottom strip of the last announcement.
func (p *phone) inView(sel string) bool {
	p.t.Helper()
	var ok bool
	p.eval(fmt.Sprintf(`(() => {
		const els = [...document.querySelectorAll(%q)].filter(e => e.getClientRects().length);
		if (!els.length) return false;
		const top = document.querySelector(".topbar").getBoundingClientRect().bottom;
		const foot = document.querySelector("#ticker");
		const bottom = foot && foot.getClientRects().length && getComputedStyle(foot).position === "fixed" ? foot.getBoundingClientRect().top : innerHeight;
		return els.every(e => { const r = e.getBoundingClientRect(); return r.top >= top - 0.5 && r.bottom <= bottom + 0.5; });
	})()`, sel), &ok)
	return ok
}

// keepsInView waits for the banner to read want, then checks that the
// controls it asks for are on screen without a scroll.
func (p *phone) keepsInView(shot, want, sel string) {
	p.t.Helper()
	p.until("the banner: "+want, fmt.Sprintf(`(document.querySelector("#duty-banner")?.textContent || "").startsWith(%q)`, want))
	ok := p.inView(sel)
	p.viewport(shot)
	if !ok {
		p.fail("the banner reads %q but %s is not in view", want, sel)
	}
}

// viewport saves what the screen shows now, as it is scrolled.
func (p *phone) viewport(name string) {
	if shots == "" {
		return
	}
	var buf []byte
	if err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot(&buf)); err != nil {
		p.t.Logf("screenshot %s: %v", name, err)
		return
	}
	if err := os.WriteFile(filepath.Join(shots, name+".png"), buf, 0o644); err != nil {
		p.t.Logf("screenshot %s: %v", name, err)
	}
}

// The Captain's page keeps what the banner asks for in view after every
// change of state: after DIVE (the chart was scrolled to reach the
// button), after a refused heading, after sailing, and after surfacing and
// the enemy's three turns. The strip of the last announcement names its
// crew and sits at the bottom, away from the orders; the instruction is
// said once.
func TestCaptainKeepsTheOrderInView(t *testing.T) {
	for _, size := range [][2]int64{{360, 640}, {390, 844}} {
		t.Run(fmt.Sprintf("%dx%d", size[0], size[1]), func(t *testing.T) {
			e := start(t)
			defer logShots(t)
			bp := e.phone(t, "captain-blue")
			rp := e.phone(t, "captain-red")
			bp.size(size[0], size[1])
			shot := func(name string) string { return fmt.Sprintf("captain-%s-%dx%d", name, size[0], size[1]) }
			bp.open("/")
			bp.see("#opt-map")
			openAllOptions(bp)
			bp.tap(`input[name=mode][value='"turnbased"']`)
			bp.typeIn("#opt-blue_crew", "1")
			bp.typeIn("#opt-red_crew", "1")
			if !bp.has("#opt-teaching:checked") {
				bp.tap("#opt-teaching")
			}
			bp.tap("#create-room")
			code := bp.text("[data-code]")
			join(bp, code, 0, "Ann")
			join(rp, code, 1, "Eve")
			startMatch(bp, bp, rp)
			blue := &crew{name: "blue", captain: bp, mate: bp, eng: bp, radio: bp, charge: []string{"torpedo", "silence"}, avoid: "red"}
			red := &crew{name: "red", captain: rp, mate: rp, eng: rp, radio: rp, charge: []string{"drone", "sonar", "mine"}, avoid: "green"}
			red.place("J1")
			blue.place("A10") // DIVE sits under the chart: the page was scrolled

			sailRed := func() {
				// A fresh turn of Red's (its bonus turns follow each other):
				// not moved yet, a heading open on the page.
				rp.until("Red's turn", `(() => { const t = window.periscope.view?.own?.turn; return !!t && t.current && !t.moved; })() && document.querySelector('#turn')?.dataset.mine === "true" && !!document.querySelector('button[data-course]:not([aria-disabled=true]):not([disabled])')`)
				for _, d := range []string{"SOUTH", "WEST", "EAST", "NORTH"} {
					var open bool
					rp.eval(fmt.Sprintf(`!!document.querySelector('button[data-course=%s]:not([aria-disabled=true])')`, d), &open)
					if open {
						red.course(d)
						red.endTurn()
						return
					}
				}
				rp.fail("Red has no heading")
			}
			if whoseTurn(blue, red) == red {
				sailRed()
			}
			bp.keepsInView(shot("dive"), "YOUR TURN: choose a heading", "button[data-course]")

			// One instruction, said once: the banner's words are not
			// repeated in a hint.
			var hints string
			bp.eval(`document.querySelector("#hints")?.textContent || ""`, &hints)
			if strings.Contains(strings.ToLower(hints), "choose a heading") {
				t.Errorf("the banner's order is repeated in the hints: %q", hints)
			}

			// A refused heading: the refusal and the compass stay in view.
			bp.tapClosed("button[data-course=WEST]")
			bp.until("the refusal", `!!document.querySelector('[data-group=course] .refusal')`)
			bp.keepsInView(shot("refused"), "YOUR TURN: choose a heading", "button[data-course], [data-group=course] .refusal")

			blue.course("NORTH")
			bp.keepsInView(shot("sailed"), "YOUR TURN: use a system or end the turn", "button[data-system=end_turn]")
			blue.endTurn()

			// The strip of the last announcement names its crew and sits
			// at the bottom of the screen, not under the banner.
			sailRed()
			bp.until("the strip names Red", `document.querySelector("#ticker .crewtag")?.textContent === "RED" && document.querySelector("#ticker").classList.contains("red")`)
			var below bool
			bp.eval(`(() => { const t = document.querySelector("#ticker").getBoundingClientRect(); return getComputedStyle(document.querySelector("#ticker")).position === "fixed" && t.bottom >= innerHeight - 1; })()`, &below)
			if !below {
				t.Error("the last announcement is not at the bottom of the screen")
			}

			// Surfacing, then the enemy's three turns: the compass is back
			// in view when the banner asks for a heading.
			bp.until("Blue's turn", `document.querySelector('#turn')?.dataset.mine === "true"`)
			bp.tap("button[data-system=surface]")
			bp.tap("#confirm")
			bp.until("surfaced", `!!window.periscope.view?.own?.surfacing`)
			for range 3 {
				sailRed()
			}
			bp.keepsInView(shot("surfaced"), "YOUR TURN: choose a heading", "button[data-course]")
			// The enemy's three turns while surfaced can be read afterwards,
			// and the enemy's damage is on the Captain's page.
			if got := bp.text("#while-surfaced summary"); !strings.Contains(got, "RED announced") {
				t.Errorf("after surfacing the Captain reads %q", got)
			}
			var heard int
			bp.eval(`document.querySelectorAll("#while-surfaced li").length`, &heard)
			if heard < 3 {
				t.Errorf("the Captain can read %d of the enemy's announcements while surfaced, want its 3 headings", heard)
			}
			if got := bp.text("#enemy-damage"); got != "RED damage 0/4" {
				t.Errorf("the enemy's damage reads %q", got)
			}
		})
	}
}

// openAllOptions unfolds the create form's full set of options, if the
// form folds them.
func openAllOptions(p *phone) {
	p.t.Helper()
	p.eval(`(() => { const d = document.querySelector("#all-options"); if (d) d.open = true; return true; })()`, nil)
}
