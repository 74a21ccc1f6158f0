package e2e

// At the table (issue 17): what a crew that never played meets, on 360 and
// 390 px phones and a TV: the role primers, the rules card, the start
// refusal in people, the duty banner and buzz, the Captain's controls on
// the first screen, readable reasons, the Engineer's shut panels, the join
// link on the LAN address, and the banner when the server is gone.

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"periscope/client"
	"periscope/e2e/chrome"
	"periscope/games/gridtactics"
	"periscope/roles"
	"periscope/server"
	"periscope/server/servertest"
	"periscope/static"
)

// lanURL is the address the test server says phones reach it at, while
// the tabs open it on 127.0.0.1, as a host laptop on localhost would.
const lanURL = "http://192.168.1.20:8080"

// stoppable is a server a test can stop halfway, as a host closing the
// laptop lid.
type stoppable struct {
	base string
	stop func()
}

func serveStoppable(t *testing.T) *stoppable {
	t.Helper()
	if noBrowser != "" {
		chrome.Skip(t, noBrowser)
	}
	hub := servertest.Hub(t, roles.Definition, gridtactics.Definition)
	srv := server.New(server.Config{Hub: hub, Static: static.FS, PublicURL: lanURL})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	var once sync.Once
	stop := func() {
		once.Do(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			_ = srv.Shutdown(ctx)
			hub.Close()
		})
	}
	t.Cleanup(stop)
	return &stoppable{base: "http://" + ln.Addr().String(), stop: stop}
}

// buzzStub records navigator.vibrate calls in window.__buzz, on every
// page the tab opens from now on.
const buzzStub = `window.__buzz = [];
Object.defineProperty(Navigator.prototype, "vibrate", {configurable: true, value: function (p) { window.__buzz.push(p); return true; }});`

// chimeStub counts the table's chimes in window.__chimes: each chime
// starts its tones on an AudioContext, replaced here by a counter.
const chimeStub = `window.__chimes = 0;
window.AudioContext = class {
  constructor() { this.currentTime = 0; this.destination = {}; }
  createOscillator() { return {frequency: {value: 0}, connect: (n) => n, start: (at) => { if (!at || at === this.currentTime) window.__chimes++; }, stop() {}}; }
  createGain() { return {gain: {setValueAtTime() {}, exponentialRampToValueAtTime() {}}, connect: (n) => n}; }
};`

// seated opens a phone on its seat page at w x h, holding token as if it
// had taken the seat in the lobby, with the vibration stub in place.
func seated(t *testing.T, e *env, name, code string, seat int, token string, w, h int64) *phone {
	t.Helper()
	p := e.phone(t, name)
	p.size(w, h)
	p.run(chromedp.ActionFunc(func(ctx context.Context) error {
		_, err := page.AddScriptToEvaluateOnNewDocument(buzzStub).Do(ctx)
		return err
	}))
	p.open("/img/icon.svg") // the origin, for its storage
	held, _ := json.Marshal(map[string]any{code: map[string]any{"seats": map[string]any{fmt.Sprint(seat): map[string]any{"token": token, "name": name, "at": 1}}, "last": seat}})
	p.eval(fmt.Sprintf(`localStorage.setItem("periscope.seats", %q), true`, held), nil)
	p.open(fmt.Sprintf("/sonar.html?room=%s&seat=%d", code, seat))
	p.until("the seat page", `!!document.body.dataset.state`)
	return p
}

// noSideScroll fails when the page is wider than its screen.
func (p *phone) noSideScroll(w int64) {
	p.t.Helper()
	var width int64
	p.eval(`document.documentElement.scrollWidth`, &width)
	if width > w {
		var wide string
		p.eval(`[...document.querySelectorAll("body *")].filter(e => e.getBoundingClientRect().right > innerWidth + 1).slice(0, 5).map(e => e.tagName + "." + (e.className.baseVal ?? e.className)).join(", ")`, &wide)
		p.fail("the page is %dpx wide on a %dpx screen (%s)", width, w, wide)
	}
}

// fitsHeight reports a page taller than a screen of h (a TV shows one
// screen: nobody scrolls it from across the room).
func (p *phone) fitsHeight(h int64) {
	p.t.Helper()
	var height int64
	p.eval(`document.documentElement.scrollHeight`, &height)
	if height > h {
		p.screenshot("FAIL-height-" + p.name)
		p.t.Errorf("%s: the page is %d px tall on a %d px screen", p.name, height, h)
	}
}

// lowContrast lists the texts under sels below AA (4.5:1).
func (p *phone) lowContrast(sels ...string) []string {
	p.t.Helper()
	arg, _ := json.Marshal(sels)
	var bad []string
	p.eval(chrome.ContrastJS+"("+string(arg)+")", &bad)
	return bad
}

// onFirstScreen fails unless every element of sel is wholly inside the
// screen with the page scrolled to the top.
func (p *phone) onFirstScreen(what string, sels ...string) {
	p.t.Helper()
	for _, sel := range sels {
		var out struct {
			N   int
			Off []string
			H   float64
		}
		p.eval(fmt.Sprintf(`(() => {
			window.scrollTo(0, 0);
			const els = [...document.querySelectorAll(%q)].filter((e) => e.getBoundingClientRect().width > 0);
			const off = els.filter((e) => { const r = e.getBoundingClientRect(); return r.top < 0 || r.bottom > innerHeight + 0.5 || r.left < 0 || r.right > innerWidth + 0.5; })
				.map((e) => (e.dataset.course || e.dataset.system || e.textContent).trim().slice(0, 20) + "@" + Math.round(e.getBoundingClientRect().bottom));
			return {N: els.length, Off: off, H: innerHeight};
		})()`, sel), &out)
		if out.N == 0 || len(out.Off) > 0 {
			p.screenshot("FAIL-first-screen-" + p.name)
			p.t.Fatalf("%s: %s (%s) not all on the first screen of %.0f px: %d found, off: %v", p.name, what, sel, out.H, out.N, out.Off)
		}
	}
}

// tapClosed taps a control that is shut (aria-disabled), as a player who
// does not know it is shut would.
func (p *phone) tapClosed(sel string) {
	p.t.Helper()
	raw := p.until("tap "+sel, fmt.Sprintf(`(() => {
		const el = document.querySelector(%q);
		if (!el) return null;
		el.scrollIntoView({block: "center", inline: "center"});
		const r = el.getBoundingClientRect();
		return r.width && r.height ? [r.left + r.width / 2, r.top + r.height / 2] : null;
	})()`, sel))
	var at [2]float64
	if err := json.Unmarshal(raw, &at); err != nil {
		p.fail("tap %s: %v", sel, err)
	}
	p.run(chromedp.MouseClickXY(at[0], at[1]))
}

func buzzes(p *phone) int {
	var n int
	p.eval(`(window.__buzz || []).length`, &n)
	return n
}

// waitBuzz waits for the phone to buzz more than `before` times and for
// the duty banner to read want.
func waitBuzz(p *phone, before int, want string) {
	p.t.Helper()
	p.until("the duty buzz", fmt.Sprintf(`(window.__buzz || []).length > %d`, before))
	got := p.text("#duty-banner")
	if !strings.Contains(got, want) {
		p.fail("the duty banner reads %q, want %q", got, want)
	}
}

func TestAtTheTable(t *testing.T) {
	defer logShots(t)
	for _, sz := range [][2]int64{{360, 640}, {390, 844}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) { atTheTable(t, sz[0], sz[1]) })
	}
}

func atTheTable(t *testing.T, w, hgt int64) {
	srv := serveStoppable(t)
	e := &env{base: srv.base}
	ctx := context.Background()
	api := client.API{Base: srv.base}
	tag := fmt.Sprintf("-%d", w)

	// Blue: four phones, one per role. Red: one phone holds every role.
	// On the 390 px phones the room teaches, as README advises for a first
	// match: its hints must leave the Captain's controls on the first screen.
	l, err := api.Create(ctx, "sonar", map[string]any{"mode": "turnbased", "red_crew": 1, "teaching": w == 390})
	if err != nil {
		t.Fatal(err)
	}
	code := l.Code
	blueRoles := []string{"captain", "first_mate", "engineer", "radio_operator"}
	phones := make([]*phone, 4)
	for seat, role := range blueRoles {
		token, err := api.Take(ctx, code, seat, "Blue "+role)
		if err != nil {
			t.Fatal(err)
		}
		phones[seat] = seated(t, e, role+tag, code, seat, token, w, hgt)
	}
	capt, mate, eng, radio := phones[0], phones[1], phones[2], phones[3]

	// Before the start, each role's phone explains that role, with a
	// picture drawn by the role's own page.
	for seat, role := range blueRoles {
		p := phones[seat]
		sel := fmt.Sprintf(`[data-primer=%s]`, role)
		p.see(sel + " .pic svg, " + sel + " .pic .gauge")
		text := p.text(sel)
		for _, want := range []string{"What you do", "When", "Your screen"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: the primer lacks %q: %q", p.name, want, text)
			}
		}
		var others int
		p.eval(`document.querySelectorAll("[data-primer]").length`, &others)
		if others != 1 {
			t.Errorf("%s: %d primers, want only its own role's", p.name, others)
		}
		p.noSideScroll(w)
		p.run(chromedp.Evaluate(fmt.Sprintf(`document.querySelector(%q).scrollIntoView()`, sel), nil))
		p.screenshot("primer-" + role + tag)
	}

	// The rules card, one tap from the top bar: the goal, every system
	// with its cost, surfacing.
	capt.tap("#rules-open")
	capt.see("dialog#rules[open]")
	rules := capt.text("dialog#rules")
	for _, want := range []string{"Goal", "4 damage", "Torpedo", "3 marks", "Silence", "6 marks", "Drone", "4 marks", "Sonar", "Mine", "Surfacing", "Your role: Captain"} {
		if !strings.Contains(rules, want) {
			t.Errorf("the rules card lacks %q", want)
		}
	}
	capt.noSideScroll(w)
	capt.screenshot("rules-card" + tag)
	if bad := capt.lowContrast("dialog#rules *"); len(bad) > 0 {
		t.Errorf("rules card below AA contrast: %q", bad)
	}
	var closeBox struct{ W, H float64 }
	capt.eval(`(() => { const r = document.querySelector("#rules-close").getBoundingClientRect(); return {W: r.width, H: r.height}; })()`, &closeBox)
	if closeBox.W < 44 || closeBox.H < 44 {
		t.Errorf("the rules card's close button is %.0fx%.0f px, under 44", closeBox.W, closeBox.H)
	}
	capt.tap("#rules-close")
	capt.until("the card closed", `!document.querySelector("dialog#rules[open]")`)

	// The join link is the server's LAN address, not this page's
	// localhost, and the host page says so.
	capt.see(`[data-lan-warn=localhost]`)
	if warn := capt.text(`[data-lan-warn=localhost]`); !strings.Contains(warn, lanURL+"/join/"+code) {
		t.Errorf("the localhost warning reads %q, want the LAN link", warn)
	}
	var href string
	capt.eval(`document.querySelector("[data-join-link]").href`, &href)
	if href != lanURL+"/join/"+code {
		t.Errorf("the join link is %q, want %s", href, lanURL+"/join/"+code)
	}

	// An early start speaks of roles and people.
	capt.tap("#start")
	refusal := capt.text(`[data-group=start] .refusal`)
	// Captain Sonar has bots: the refusal offers one, as the seat list does.
	for _, want := range []string{"Still missing 1 person", "Red Captain + First Mate + Engineer + Radio Operator", "let a bot take a seat"} {
		if !strings.Contains(refusal, want) {
			t.Fatalf("the early start reads %q, want %q", refusal, want)
		}
	}
	if strings.Contains(strings.ToLower(refusal), "seat 4") {
		t.Errorf("the refusal names a seat number: %q", refusal)
	}
	capt.screenshot("start-refused" + tag)
	// The waiting room, its primer and the refusal, readable too, and
	// its buttons (Free, Add a bot) a thumb wide.
	if bad := capt.lowContrast("main *", ".topbar *"); len(bad) > 0 {
		t.Errorf("the waiting room below AA contrast: %q", bad)
	}
	if small := capt.smallTargets(); len(small) > 0 {
		t.Errorf("the waiting room: controls under 44 px: %q", small)
	}

	var table *phone
	if w == 390 {
		table = e.phone(t, "table")
		table.run(chromedp.ActionFunc(func(ctx context.Context) error {
			_, err := page.AddScriptToEvaluateOnNewDocument(chimeStub).Do(ctx)
			return err
		}))
		// A 720p laptop screen, then a 1080p TV: the join part fills both.
		for _, tv := range []struct {
			w, h     int64
			qr, font float64
		}{{1280, 720, 340, 60}, {1920, 1080, 500, 90}} {
			table.size(tv.w, tv.h)
			table.open("/table/" + code)
			table.see(".tv-join img.qr")
			table.until("the LAN join link", fmt.Sprintf(`document.querySelector(".tv-join [data-join-link]")?.href === %q`, lanURL+"/join/"+code))
			var qr, font float64
			table.eval(`document.querySelector(".tv-join img.qr").getBoundingClientRect().width`, &qr)
			table.eval(`parseFloat(getComputedStyle(document.querySelector(".tv-join .code-big")).fontSize)`, &font)
			if qr < tv.qr || font < tv.font {
				t.Errorf("on a %dx%d screen the QR code is %.0f px and the code %.0f px high: too small across a room", tv.w, tv.h, qr, font)
			}
			table.noSideScroll(tv.w)
			table.fitsHeight(tv.h)
			table.screenshot(fmt.Sprintf("table-tv-waiting-%d", tv.h))
		}
		table.eval(`window.__qr = document.querySelector(".tv-join img.qr"), true`, nil)
	}

	token, err := api.Take(ctx, code, 4, "Red")
	if err != nil {
		t.Fatal(err)
	}
	rp := seated(t, e, "red"+tag, code, 4, token, w, hgt)
	rp.see(`[data-primer=engineer]`)
	var n int
	rp.eval(`document.querySelectorAll("[data-primer]").length`, &n)
	if n != 4 {
		t.Errorf("the one-phone crew has %d primers, want one per role", n)
	}

	if table != nil {
		// Red sits down: the TV's seat list follows, and its QR code and
		// LAN link stay as they are (no flash of this screen's localhost).
		table.until("Red seated on the TV", `!!document.querySelector('.tv-join .seat[data-seat="4"][data-taken=true]')`)
		var kept bool
		table.eval(fmt.Sprintf(`document.querySelector(".tv-join img.qr") === window.__qr && document.querySelector(".tv-join [data-join-link]").href === %q`, lanURL+"/join/"+code), &kept)
		if !kept {
			t.Error("a seat taken redrew the TV's QR code and join link")
		}
		table.screenshot("table-tv-all-seated")
	}

	capt.until("every seat taken", `document.querySelectorAll('.seat[data-taken=false]').length === 0`)
	capt.tap("#start")
	for _, p := range append(phones, rp) {
		p.until("the match", `document.body.dataset.state === "playing"`)
		p.until("the primer gone", `!document.querySelector("[data-primer]")`)
	}

	blue := &crew{name: "blue", captain: capt, mate: mate, eng: eng, radio: radio,
		moves: []string{"NORTH", "NORTH", "EAST"}, charge: []string{"torpedo", "mine"}, avoid: "red"}
	red := &crew{name: "red", captain: rp, mate: rp, eng: rp, radio: rp,
		moves: []string{"SOUTH", "SOUTH", "WEST"}, charge: []string{"sonar", "mine"}, avoid: "green"}

	// Choosing a start on small cells: the tap picks the cell and zooms in
	// around it, so each cell is a thumb wide.
	capt.see("#duty-banner")
	capt.tap(`rect[data-cell=A10]`)
	capt.until("the pick under the finger", `document.querySelector("#place")?.textContent === "DIVE AT A10"`)
	capt.see(`.zoomwrap[data-zoomed=true]`)
	var cell float64
	capt.eval(`document.querySelector('rect[data-cell=B9]').getBoundingClientRect().width`, &cell)
	if cell < 44 {
		t.Errorf("zoomed in, a cell is %.0f px wide, under a thumb's 44", cell)
	}
	capt.screenshot("captain-start-zoomed" + tag)
	capt.tap(`#place:not([disabled])`)
	capt.until("the start on the chart", `document.querySelector("#position")?.dataset.cell === "A10"`)
	red.place("J1")

	// Whoever plays first: its Captain's phone buzzes and says so.
	first := whoseTurn(blue, red)
	waitBuzz(first.captain, 0, "YOUR TURN")
	if first == red {
		// Red plays its turn; then it is Blue's and Blue's Captain buzzes.
		before := buzzes(capt)
		red.course(red.moves[red.done])
		red.endTurn()
		waitBuzz(capt, before, "YOUR TURN: choose a heading")
	}

	// Blue's turn, first of the match for Blue: the Captain's headings and
	// systems are on the first screen, Surface apart, not inviting a tap.
	capt.onFirstScreen("the headings", `#panel-captain button[data-course]`)
	capt.onFirstScreen("the systems", `#panel-captain .systems button[data-system]`)
	var surface struct {
		Apart bool
		Green bool
	}
	capt.eval(`(() => { const b = document.querySelector("#panel-captain button[data-system=surface]"); return {Apart: !!b.closest(".surface-row") && !b.closest(".systems"), Green: b.classList.contains("good")}; })()`, &surface)
	if !surface.Apart || surface.Green {
		t.Errorf("Surface on the first turn: apart from the systems %v, green %v", surface.Apart, surface.Green)
	}
	capt.screenshot("captain-first-turn" + tag)
	if small := capt.smallTargets(); len(small) > 0 {
		t.Errorf("captain: controls under 44 px: %q", small)
	}

	// Closed controls give their reason in readable text (AA).
	if bad := capt.lowContrast("#panel-captain *", ".topbar *", "#duty-banner"); len(bad) > 0 {
		t.Errorf("captain: text below AA contrast: %q", bad)
	}

	// During play the rules card is still one tap away, now with this
	// match's turn.
	capt.tap("#rules-open")
	capt.see("dialog#rules[open]")
	if rules := capt.text("dialog#rules"); !strings.Contains(rules, "A turn (turn-based)") || !strings.Contains(rules, "Surfacing") {
		t.Errorf("during play the rules card reads %q", rules)
	}
	capt.tap("#rules-close")
	capt.until("the card closed", `!document.querySelector("dialog#rules[open]")`)

	// The Engineer's shut panels look shut and a tap says why.
	eng.tapClosed(`g.sym[data-panel=WEST][data-index="0"]`)
	if why := eng.text(`[data-group=mark] .refusal`); !strings.Contains(why, "next heading") {
		t.Errorf("a tap on the Engineer's sheet before a heading reads %q", why)
	}
	mateBuzz, engBuzz := buzzes(mate), buzzes(eng)
	capt.tap(`button[data-course=NORTH]:not([disabled])`)
	waitBuzz(mate, mateBuzz, "First Mate: charge ONE gauge")
	waitBuzz(eng, engBuzz, "Engineer: cross out one symbol in the NORTH panel")
	capt.until("the Captain waits, quietly", `document.querySelector("#duty-banner")?.dataset.quiet === "true"`)
	var idle int
	eng.eval(`document.querySelectorAll("rect.panelbox.idle").length`, &idle)
	if idle != 3 {
		t.Errorf("%d panels look shut during a NORTH heading, want 3", idle)
	}
	eng.tapClosed(`g.sym[data-panel=SOUTH][data-index="0"]`)
	if why := eng.text(`[data-group=mark] .refusal`); !strings.Contains(why, "NORTH panel") {
		t.Errorf("a tap on a shut panel reads %q", why)
	}
	eng.screenshot("engineer-shut-panels" + tag)
	if small := eng.smallTargets(); len(small) > 0 {
		t.Errorf("engineer: controls under 44 px: %q", small)
	}
	mate.screenshot("firstmate-duty" + tag)
	for _, p := range []*phone{mate, eng, radio} {
		if bad := p.lowContrast("main *", ".topbar *"); len(bad) > 0 {
			t.Errorf("%s: text below AA contrast: %q", p.name, bad)
		}
		p.noSideScroll(w)
	}
	before := buzzes(capt)
	blue.charge1()
	blue.mark()
	waitBuzz(capt, before, "YOUR TURN: use a system or end the turn")

	if table != nil {
		// Whose turn, what each crew waits on, the damage and the log,
		// in letters readable from three metres, on one landscape screen.
		for _, tv := range []struct {
			w, h           int64
			log, dmg, turn float64
		}{{1920, 1080, 28, 28, 40}, {1280, 720, 22, 22, 32}} {
			table.size(tv.w, tv.h)
			table.until("the TV laid out", fmt.Sprintf(`innerWidth === %d`, tv.w))
			table.see("[data-waiting=blue]")
			if got := table.text("[data-waiting=blue]"); !strings.Contains(got, "Captain") {
				t.Errorf("the TV says Blue waits on %q", got)
			}
			var font struct{ Log, Dmg, Turn float64 }
			table.eval(`(() => { const px = (sel) => parseFloat(getComputedStyle(document.querySelector(sel)).fontSize);
				return {Log: px(".log li"), Dmg: px("[data-crew=blue] [data-damage]"), Turn: px("#turn-banner")}; })()`, &font)
			if font.Log < tv.log || font.Dmg < tv.dmg || font.Turn < tv.turn {
				t.Errorf("on a %dx%d screen the log is %.0f px, the damage %.0f px, the turn %.0f px: unreadable from three metres", tv.w, tv.h, font.Log, font.Dmg, font.Turn)
			}
			table.noSideScroll(tv.w)
			table.fitsHeight(tv.h)
			if bad := table.lowContrast("main *", ".topbar *"); len(bad) > 0 {
				t.Errorf("table screen: text below AA contrast: %q", bad)
			}
			table.screenshot(fmt.Sprintf("table-tv-playing-%d", tv.h))
		}
		// The table's sound: off until the host turns it on, for this screen.
		table.tap("#sound")
		table.until("the sound on", `document.querySelector("#sound").getAttribute("aria-pressed") === "true" && localStorage.getItem("periscope.sound") === "on"`)
	}

	// Blue ends its turn: Red's Captain's phone buzzes, and the table,
	// its sound on, chimes.
	var chimes int
	if table != nil {
		table.eval(`window.__chimes`, &chimes)
	}
	before = buzzes(rp)
	blue.endTurn()
	waitBuzz(rp, before, "YOUR TURN: choose a heading")
	if table != nil {
		table.until("the chime of the new turn", fmt.Sprintf(`window.__chimes > %d`, chimes))
	}

	// The server goes away: every page says so across its width, and
	// its controls are visibly paused.
	srv.stop()
	for _, p := range []*phone{capt, mate, eng, radio, rp} {
		p.see("#conn-banner")
		var paused struct {
			Body   bool
			Events string
			Width  float64
		}
		p.eval(`({Body: document.body.classList.contains("paused"), Events: getComputedStyle(document.querySelector("main")).pointerEvents, Width: document.querySelector("#conn-banner").getBoundingClientRect().width})`, &paused)
		if !paused.Body || paused.Events != "none" || paused.Width < float64(w)-1 {
			t.Errorf("%s offline: paused %v, pointer events %q, banner %.0f px wide", p.name, paused.Body, paused.Events, paused.Width)
		}
		if bad := p.lowContrast("#conn-banner *"); len(bad) > 0 {
			t.Errorf("%s: the offline banner is below AA contrast: %q", p.name, bad)
		}
	}
	capt.screenshot("offline-captain" + tag)
	eng.screenshot("offline-engineer" + tag)
	if table != nil {
		table.see("#conn-banner")
		table.screenshot("table-tv-offline")
	}
}

// A first match from the lobby: the teaching choice stands out at the top
// of the form, a teaching room gives the Radio Operator the tracker it
// promises (the form sends only what differs from the defaults), and the
// list of rooms tells rooms apart by their options.
func TestFirstMatchFromTheLobby(t *testing.T) {
	defer logShots(t)
	for _, sz := range [][2]int64{{360, 640}, {390, 844}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			srv := serveStoppable(t)
			e := &env{base: srv.base}
			tag := fmt.Sprintf("-%d", sz[0])
			p := e.phone(t, "host"+tag)
			p.size(sz[0], sz[1])
			p.open("/")
			// One big choice for a first match leads; the full form is
			// folded below it.
			p.see("#first-dive-go")
			p.onFirstScreen("the first match", "#first-dive-go")
			var folded bool
			p.eval(`document.querySelector("#all-options")?.open === false && !!document.querySelector("#all-options #opt-map")`, &folded)
			if !folded {
				t.Error("the full options are not folded under the first match's choice")
			}
			p.tap("#all-options > summary")
			p.see(`[data-teach] input[name=teaching]`)
			var first bool
			p.eval(`(() => { const t = document.querySelector("[data-teach]"), m = document.querySelector("#opt-map"); return !!(t.compareDocumentPosition(m) & Node.DOCUMENT_POSITION_FOLLOWING); })()`, &first)
			if !first {
				t.Error("the teaching choice comes after the map: it should lead the form")
			}
			if bad := p.lowContrast("main *"); len(bad) > 0 {
				t.Errorf("lobby text below AA contrast: %q", bad)
			}
			// Each option's box is a full size and its help sits under it,
			// not in a column squeezed beside the box.
			var squeezed []string
			p.eval(`[...document.querySelectorAll("#create label.inline")].filter((l) => {
				const next = l.nextElementSibling?.matches(".block") ? l.nextElementSibling : null;
				const box = l.querySelector("input")?.getBoundingClientRect(), help = (l.querySelector(".block") || next)?.getBoundingClientRect();
				return box && (box.width < 24 || (help && help.top < box.bottom));
			}).map((l) => l.textContent.trim().slice(0, 30))`, &squeezed)
			if len(squeezed) > 0 {
				t.Errorf("options squeezed beside their help: %q", squeezed)
			}
			p.screenshot("lobby-teaching" + tag)
			// Choosing Teaching proposes turn-based play.
			p.tap(`[data-teach] input[name=teaching]`)
			p.until("turn-based proposed", `document.querySelector(`+"`"+`input[name=mode][value='"turnbased"']`+"`"+`).checked && !document.querySelector("#implied").hidden`)
			p.tap("#create-room")
			code := p.text("[data-code]")

			api := client.API{Base: srv.base}
			l, err := api.Room(context.Background(), code)
			if err != nil {
				t.Fatal(err)
			}
			var opts map[string]any
			if err := json.Unmarshal(l.Options, &opts); err != nil {
				t.Fatalf("room options %s: %v", l.Options, err)
			}
			if _, sent := opts["radio"]; sent || opts["teaching"] != true {
				t.Fatalf("the form sent %s: a teaching room must leave the radio assist to its default", l.Options)
			}
			p.typeIn("#name", "Rita")
			p.tap(`[data-take="3"]`)
			p.until("the Radio Operator's page", `location.pathname === "/sonar.html"`)
			p.until("the tracker a teaching room promises", `window.periscope?.view?.radio?.mode === "heat"`)

			// Another phone sees the room listed with its options.
			q := e.phone(t, "guest"+tag)
			q.size(sz[0], sz[1])
			q.open("/")
			sel := fmt.Sprintf(`[data-room=%s] [data-summary]`, code)
			q.see(sel)
			sum := q.text(sel)
			for _, want := range []string{"Turn-based", "Teaching hints on every phone", "Alpha"} {
				if !strings.Contains(sum, want) {
					t.Errorf("the room is listed as %q, want %q in it", sum, want)
				}
			}
			// A waiting room says when it closes by itself (a seat is
			// taken: at the end of the night, unless its match starts).
			if closes := q.text(fmt.Sprintf(`[data-room=%s] [data-expires]`, code)); !strings.Contains(closes, "Closes at") || !strings.Contains(closes, "unless its match starts") {
				t.Errorf("the waiting room's listing says %q, not when it closes", closes)
			}
			// Past matches are one tap from the lobby.
			if href := q.text(`#history-link`); href != "Past matches and stats" {
				t.Errorf("the lobby's history link reads %q", href)
			}
			q.screenshot("lobby-rooms" + tag)
			if small := q.smallTargets(); len(small) > 0 {
				t.Errorf("lobby: controls under 44 px: %q", small)
			}
		})
	}
}

// Pocket Tactics has the same help: a one-screen primer before the start,
// the rules card one tap away, and the closed Start button's reason
// readable.
func TestPocketTacticsPrimerAndRules(t *testing.T) {
	defer logShots(t)
	for _, sz := range [][2]int64{{360, 640}, {390, 844}} {
		t.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(t *testing.T) {
			srv := serveStoppable(t)
			e := &env{base: srv.base}
			tag := fmt.Sprintf("-%d", sz[0])
			p := e.phone(t, "tactics"+tag)
			p.size(sz[0], sz[1])
			p.open("/tactics.html")
			p.see("#opt-small_board") // the options in place: the button stays put
			p.tap("#create")
			p.until("the room", `location.search.includes("room=")`)
			p.typeIn("#name", "Tess")
			p.tap(`[data-take="0"]`)
			p.see(`[data-primer=tactics] .pic svg`)
			p.until("the primer of this seat", `document.querySelector("[data-primer=tactics]")?.textContent.includes("You play Red")`)
			if got := p.text(`[data-primer=tactics]`); !strings.Contains(got, "What you do") || !strings.Contains(got, "When") {
				t.Errorf("the primer reads %q", got)
			}
			p.see("#start")
			if bad := p.lowContrast("main *", ".topbar *"); len(bad) > 0 {
				t.Errorf("tactics lobby below AA contrast: %q", bad)
			}
			p.noSideScroll(sz[0])
			p.screenshot("tactics-primer" + tag)
			p.tap("#rules-open")
			rules := p.text("dialog#rules")
			for _, want := range []string{"Goal", "Soldier", "3+", "Tank", "Artillery", "Shield"} {
				if !strings.Contains(rules, want) {
					t.Errorf("the rules card lacks %q", want)
				}
			}
			p.screenshot("tactics-rules" + tag)
			p.tap("#rules-close")

			// Against the bot: each square of the board is a thumb wide,
			// and placing the army is a duty the banner names.
			// One tap: the bot takes the other seat and the match starts.
			p.tap("#bot")
			p.see(`#board rect[data-sq]`)
			var sq float64
			p.eval(`document.querySelector("#board rect[data-sq]").getBoundingClientRect().width`, &sq)
			if sq < 44 {
				t.Errorf("a square of the board is %.1f px wide, under a thumb's 44", sq)
			}
			if got := p.text("#duty-banner"); !strings.Contains(got, "Place your units") {
				t.Errorf("during the setup the duty banner reads %q", got)
			}
			p.noSideScroll(sz[0])
			if bad := p.lowContrast("main *", ".topbar *"); len(bad) > 0 {
				t.Errorf("tactics setup below AA contrast: %q", bad)
			}
			if small := p.smallTargets(); len(small) > 0 {
				t.Errorf("tactics setup: controls under 44 px: %q", small)
			}
			p.screenshot("tactics-setup" + tag)

			// The server goes away mid-setup: the page says so and pauses.
			srv.stop()
			p.see("#conn-banner")
			var paused bool
			p.eval(`document.body.classList.contains("paused") && getComputedStyle(document.querySelector("main")).pointerEvents === "none"`, &paused)
			if !paused {
				t.Error("the tactics page's controls are not paused while the server is gone")
			}
			p.screenshot("tactics-offline" + tag)
		})
	}
}
