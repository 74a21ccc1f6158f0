package history_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"periscope/debrief/debrieftest"
	"periscope/games"
	"periscope/games/battles"
	"periscope/games/gridtactics"
	"periscope/games/pocketsub"
	"periscope/games/saga"
)

// A finished Captain Sonar match is opened from the history page and
// stepped through to the end, one version at a time: both routes grow and
// are shown, every strike is marked, and the Radio Operators' pictures sit
// beside the truth.
func TestDebriefFromTheHistoryPage(t *testing.T) {
	h := newHouse(t)
	p := newPhone(t, browser(t, 360, 780), 360, 780)
	last := len(h.match.Saved.Commands)

	p.run("open the history", chromedp.Navigate(h.base+"/history"))
	card := fmt.Sprintf(`[data-match=%q]`, code)
	p.wait(card)
	got := p.text(card)
	for _, want := range []string{"Captain Sonar", "Ann (Captain)", "Bob (Captain)", "Won", "Lost", h.match.Saved.Room.Outcome.Reason} {
		if !strings.Contains(got, want) {
			t.Errorf("the history card reads %q, want %q in it", got, want)
		}
	}
	p.fits("history")
	p.targets("history")
	p.screenshot("1-history.png")

	p.tap(fmt.Sprintf(`[data-open=%q]`, code))
	p.until("the debrief at step 0", `document.body.dataset.shown === "0" && document.querySelector('[data-board=sonar]')`)
	if u := p.text("#where"); u != fmt.Sprintf("Step 0 of %d", last) {
		t.Errorf("the stepper reads %q", u)
	}
	p.fits("debrief at the start")
	p.screenshot("2-debrief-start.png")

	// Step forward one version at a time with the Next button, then the
	// arrow key, to the end: the routes only grow.
	routeLen := func(crew string) int {
		var n int
		p.eval(fmt.Sprintf(`((document.querySelector('[data-board=sonar] path[data-reveal=%s]') || {getAttribute: () => ""}).getAttribute('d') || "").split('L').length - 1`, crew), &n)
		return n
	}
	prev := [2]int{}
	began := time.Now()
	for v := 1; v <= last; v++ {
		if v <= 3 {
			p.tap("#step-next")
		} else {
			p.key(kb.ArrowRight)
		}
		p.until(fmt.Sprintf("step %d", v), fmt.Sprintf(`document.body.dataset.shown === "%d"`, v))
		for i, crew := range []string{"blue", "red"} {
			n := routeLen(crew)
			if n < prev[i] {
				t.Fatalf("step %d: the %s route shrank from %d to %d segments", v, crew, prev[i], n)
			}
			prev[i] = n
		}
	}
	t.Logf("stepped through %d versions one at a time in %v (two seat views per step, each a replay request)", last, time.Since(began).Round(time.Millisecond))
	if prev[0] == 0 || prev[1] == 0 {
		t.Fatalf("at the end the routes have %v segments: both routes should be drawn", prev)
	}
	// Every torpedo, mine set off, drone and sonar of the match is marked
	// on the chart at the end, one mark each.
	res, err := http.Get(h.base + "/api/matches/" + code + "/log")
	if err != nil {
		t.Fatal(err)
	}
	var events []struct{ Kind string }
	if err := json.NewDecoder(res.Body).Decode(&events); err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	used := map[string]int{}
	for _, e := range events {
		used[e.Kind]++
	}
	for _, kind := range []string{"torpedo", "trigger", "drone", "sonar"} {
		var marked int
		p.eval(fmt.Sprintf(`document.querySelectorAll('[data-board=sonar] [data-mark=%s]').length`, kind), &marked)
		if marked != used[kind] {
			t.Errorf("%d %s marks on the chart at the end, the log has %d", marked, kind, used[kind])
		}
	}
	if used["torpedo"] == 0 || used["drone"] == 0 || used["sonar"] == 0 || used["mine_dropped"] == 0 {
		t.Errorf("the match used torpedo %d, drone %d, sonar %d, mine %d times: it should show each",
			used["torpedo"], used["drone"], used["sonar"], used["mine_dropped"])
	}
	for _, crew := range []string{"blue", "red"} {
		if txt := p.text(fmt.Sprintf(`[data-radio=%s]`, crew)); !strings.Contains(txt, "possible cell") || !strings.Contains(txt, "The enemy was") {
			t.Errorf("the %s Radio Operator's verdict reads %q", crew, txt)
		}
	}
	if txt := p.text("#summary"); !strings.Contains(txt, "Damage taken") || !strings.Contains(txt, "winning shot") {
		t.Errorf("the debrief summary reads %.200q", txt)
	}
	p.fits("debrief at the end")
	p.targets("debrief")
	p.chartTextFits("debrief summary")
	p.screenshot("3-debrief-end.png")
	p.elemshot(".truth", "3a-truth.png")
	p.elemshot("[data-crew=blue]", "3b-blue-crew.png")
	p.elemshot("#summary", "3c-summary.png")

	// Home goes back to the start; a turning point jumps to its step.
	p.run("home", chromedp.KeyEvent(kb.Home))
	p.until("step 0 again", `document.body.dataset.shown === "0"`)
	// The turning points are buttons beside the slider, in the stepper.
	p.tap(`.stepper [data-moment=first_hit]`)
	p.until("the first hit", `document.body.dataset.shown !== "0" && Number(document.body.dataset.shown) > 0`)
	var v string
	p.eval(`document.body.dataset.shown`, &v)
	if n, _ := strconv.Atoi(v); n <= 0 {
		t.Errorf("the first hit is at step %s", v)
	}
	// The board of that step is in view, under the stepper and its buttons.
	var at struct{ Next, Stepper, Board, Height float64 }
	p.eval(`({Next: document.querySelector('#step-next').getBoundingClientRect().top,
  Stepper: document.querySelector('.stepper').getBoundingClientRect().bottom,
  Board: document.querySelector('.truth').getBoundingClientRect().top, Height: innerHeight})`, &at)
	if at.Next < 0 || at.Board < at.Stepper-1 || at.Board > at.Height/2 {
		t.Errorf("after the turning point: the stepper's buttons at %v, its bottom at %v, the board at %v in a %v px screen", at.Next, at.Stepper, at.Board, at.Height)
	}
	p.screenshot("4-debrief-first-hit.png")
}

// The table screen (1920x1080) shows the debrief three columns wide,
// driven by keys, and the stats readable from across the room.
func TestDebriefOnTheTableScreen(t *testing.T) {
	h := newHouse(t)
	last := len(h.match.Saved.Commands)
	p := newPhone(t, browser(t, 1920, 1080), 1920, 1080)
	p.run("open the debrief", chromedp.Navigate(h.base+"/match/"+code+"?v=40"))
	p.until("step 40", `document.body.dataset.shown === "40"`)
	p.run("end", chromedp.KeyEvent(kb.End))
	p.until("the end", fmt.Sprintf(`document.body.dataset.shown === "%d"`, last))
	p.run("page up", chromedp.KeyEvent(kb.PageUp))
	p.until("ten steps back", fmt.Sprintf(`document.body.dataset.shown === "%d"`, last-10))
	// The truth and both crews side by side, above the fold.
	var cols struct{ Truth, Blue, Red, Bottom float64 }
	p.eval(`(() => { const r = (s) => document.querySelector(s).getBoundingClientRect();
  return {Truth: r('.truth').left, Blue: r('[data-crew=blue]').left, Red: r('[data-crew=red]').left, Bottom: r('.truth svg').bottom}; })()`, &cols)
	if !(cols.Truth < cols.Blue && cols.Blue < cols.Red) || cols.Bottom > 1080 {
		t.Errorf("the table screen's columns: %+v, want the truth, blue and red side by side, the chart within the screen", cols)
	}
	p.fits("table screen")
	p.screenshot("5-debrief-table.png")

	p.run("open the stats", chromedp.Navigate(h.base+"/history#stats"))
	p.wait(`[data-game-stats=sonar] svg.bars`)
	p.fits("stats on the table screen")
	p.screenshot("5b-stats-table.png")

	p.run("open the history", chromedp.Navigate(h.base+"/history"))
	p.wait(fmt.Sprintf(`[data-match=%q]`, code))
	p.fits("history on the table screen")
	p.screenshot("5c-history-table.png")
}

// The stats show the match: per player, per side, per role, and the
// Captain Sonar counts.
func TestStatsShowTheMatch(t *testing.T) {
	h := newHouse(t)
	p := newPhone(t, browser(t, 360, 780), 360, 780)
	p.run("open the stats", chromedp.Navigate(h.base+"/history#stats"))
	p.wait(`[data-player="Ann"]`)
	row := p.text(`[data-player="Ann"]`)
	winner := h.match.Saved.Room.Outcome.Winners[0]
	want := "Ann100%" // name, played, won, win rate
	if winner == 0 {
		want = "Ann11100%"
	}
	if strings.ReplaceAll(row, " ", "") != want {
		t.Errorf("Ann's row reads %q, want %q", row, want)
	}
	g := p.text(`[data-game-stats=sonar]`)
	for _, w := range []string{"1 match", "Wins by side", "Blue", "Red", "Torpedoes fired", "Win rate by role"} {
		if !strings.Contains(g, w) {
			t.Errorf("the Captain Sonar stats read %.300q, want %q", g, w)
		}
	}
	p.fits("stats")
	p.targets("stats")
	p.chartTextFits("stats")
	p.fullshot("6-stats.png")

	// The player filter lists Ann's matches only.
	p.run("filter", chromedp.Navigate(h.base+"/history?player=ann"))
	p.wait(fmt.Sprintf(`[data-match=%q]`, code))
	p.run("filter", chromedp.Navigate(h.base+"/history?player=nobody"))
	p.wait("#no-matches")
}

// The app shell: the manifest and its icons and the service worker are
// served; a reload while the server is down shows the app's own
// reconnecting screen, which comes back to the page once the server does.
func TestAppShellAndReconnectingScreen(t *testing.T) {
	h := newHouse(t)
	res, err := http.Get(h.base + "/manifest.webmanifest")
	if err != nil {
		t.Fatal(err)
	}
	var manifest struct {
		Name, Display string
		StartURL      string `json:"start_url"`
		Icons         []struct{ Src, Sizes, Purpose string }
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if err := json.Unmarshal(b, &manifest); err != nil || res.Header.Get("Content-Type") != "application/manifest+json" {
		t.Fatalf("manifest %s (%s): %v", b, res.Header.Get("Content-Type"), err)
	}
	sizes := map[string]bool{}
	for _, ic := range manifest.Icons {
		r, err := http.Get(h.base + ic.Src)
		if err != nil || r.StatusCode != 200 {
			t.Errorf("icon %s: %v %v", ic.Src, err, r.Status)
		}
		r.Body.Close()
		sizes[ic.Sizes+ic.Purpose] = true
	}
	if !sizes["192x192"] || !sizes["512x512"] || !sizes["512x512maskable"] {
		t.Errorf("icons %+v: an installable app needs 192 and 512 px, and a maskable one", manifest.Icons)
	}
	for _, path := range []string{"/sw.js", "/offline.html"} {
		r, err := http.Get(h.base + path)
		if err != nil || r.StatusCode != 200 {
			t.Fatalf("%s: %v", path, err)
		}
		r.Body.Close()
	}

	p := newPhone(t, browser(t, 390, 844), 390, 844)
	p.run("open the history", chromedp.Navigate(h.base+"/history"))
	p.wait(fmt.Sprintf(`[data-match=%q]`, code))
	p.until("the service worker in charge", `navigator.serviceWorker && navigator.serviceWorker.controller`)
	var manifestLink string
	p.eval(`document.querySelector('link[rel=manifest]').href`, &manifestLink)
	if !strings.HasSuffix(manifestLink, "/manifest.webmanifest") {
		t.Errorf("manifest link %q", manifestLink)
	}

	addr := h.addr
	h.down()
	p.errors = false // the page's own fetches fail while the server is down
	p.run("reload", chromedp.Reload())
	// Loaded: the reconnecting screen is there at once, or the reload got
	// a page from a server that should be down (until says which).
	p.until("the reconnecting screen after the reload", `document.querySelector('#reconnecting')`)
	if txt := p.text("#reconnecting h1"); txt != "Reconnecting…" {
		t.Errorf("the reload shows %q", txt)
	}
	p.fits("reconnecting")
	p.targets("reconnecting")
	p.screenshot("7-reconnecting.png")

	h.up(addr)
	p.until("the page back", fmt.Sprintf(`document.querySelector('[data-match=%q]')`, code))
	p.screenshot("8-back.png")

	// A flaky Wi-Fi: the server's address takes the connection and never
	// answers. A reload shows the reconnecting screen after a few seconds,
	// not a blank page, and comes back once the server does.
	h.down()
	hang := hangAt(t, addr)
	// Not chromedp.Reload, which waits for the page to load: whether it
	// does is what is tested.
	p.run("reload", chromedp.ActionFunc(func(ctx context.Context) error { return page.Reload().Do(ctx) }))
	p.until("the reconnecting screen", `document.querySelector('#reconnecting')`)
	hang()
	h.up(addr)
	p.until("the page back after the hang", fmt.Sprintf(`document.querySelector('[data-match=%q]')`, code))
}

// hangAt listens on addr and holds every connection open without a word,
// as a Wi-Fi that lost the server's answers would; the function it returns
// lets go of them and of the address.
func hangAt(t *testing.T, addr string) func() {
	t.Helper()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var held []net.Conn
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			held = append(held, c)
			mu.Unlock()
		}
	}()
	var once sync.Once
	release := func() {
		once.Do(func() {
			ln.Close()
			mu.Lock()
			defer mu.Unlock()
			for _, c := range held {
				c.Close()
			}
		})
	}
	t.Cleanup(release) // a failed test lets go too
	return release
}

// The same debrief serves every pocket game through the game contract (a
// view at version N): a finished match opens from the history filtered by
// its game, and its own board is drawn at every step, to the end.
func TestDebriefOfEveryPocketGame(t *testing.T) {
	for _, tc := range []struct {
		def  games.Definition
		code string
		// board is what the game's own drawing puts on the page.
		board string
	}{
		{gridtactics.Definition, "GRTAC", "[data-board=generic] svg"},
		{pocketsub.Definition, "PUCKT", "[data-board=generic] svg.ps-svg"},
		{saga.Definition, "RAVEN", "[data-board=generic] .sg-board svg"},
		{battles.Definition, "WHACK", "[data-board=generic] #battlefield [data-unit]"},
	} {
		t.Run(tc.def.Name, func(t *testing.T) {
			h := newHouse(t)
			m, err := debrieftest.PlayBots(tc.def, tc.code, nil, []string{"Cy", "Di"}, 4, time.Now().Add(-time.Hour))
			if err != nil {
				t.Fatal(err)
			}
			if err := debrieftest.Store(h.store, m); err != nil {
				t.Fatal(err)
			}
			p := newPhone(t, browser(t, 360, 780), 360, 780)
			p.run("open the history", chromedp.Navigate(h.base+"/history?game="+tc.def.Name))
			card := fmt.Sprintf(`[data-match=%q]`, tc.code)
			p.wait(card)
			if got := p.text(card); !strings.Contains(got, tc.def.Title) || !strings.Contains(got, "Cy") {
				t.Errorf("the card reads %q", got)
			}
			var cards int
			p.eval(`document.querySelectorAll('[data-match]').length`, &cards)
			if cards != 1 {
				t.Errorf("the history of %s lists %d matches, want its one", tc.def.Name, cards)
			}
			p.tap(fmt.Sprintf(`[data-open=%q]`, tc.code))
			p.until("step 0", `document.body.dataset.shown === "0"`)
			// A few steps in, the board is the game's own.
			p.tap("#step-next")
			p.tap("#step-next")
			p.until("step 2", `document.body.dataset.shown === "2"`)
			p.run("end", chromedp.KeyEvent(kb.End))
			p.until("the end", fmt.Sprintf(`document.body.dataset.shown === "%d"`, len(m.Saved.Commands)))
			var board bool
			p.eval(fmt.Sprintf(`!!document.querySelector(%q)`, tc.board), &board)
			if !board {
				t.Errorf("the board (%s) is not drawn at the end", tc.board)
			}
			var raw bool
			p.eval(`!!document.querySelector('pre.view')`, &raw)
			if raw {
				t.Error("the view is shown as raw data, not as the game's board")
			}
			if !strings.Contains(p.text("#log"), m.Saved.Room.Outcome.Reason) {
				t.Errorf("the log at the end lacks %q", m.Saved.Room.Outcome.Reason)
			}
			p.fits(tc.def.Name + " debrief")
			p.targets(tc.def.Name + " debrief")
			p.screenshot("12-" + tc.def.Name + "-debrief.png")

			// The end screen's "Debrief" (/match/CODE#debrief) opens at
			// the last step with who played, who won and why in view.
			p.run("leave the page", chromedp.Navigate("about:blank"))
			p.run("open the debrief link", chromedp.Navigate(h.base+"/match/"+tc.code+"#debrief"))
			p.until("the last step", fmt.Sprintf(`document.body.dataset.shown === "%d"`, len(m.Saved.Commands)))
			var top struct{ Top, H float64 }
			p.eval(`({Top: document.getElementById('match-head').getBoundingClientRect().top, H: innerHeight})`, &top)
			if top.Top < 0 || top.Top > top.H/2 {
				t.Errorf("the debrief link shows the match's summary at %.0f px on a %.0f px screen", top.Top, top.H)
			}
		})
	}
}

// The history pages ten matches at a time, newest first: the older ones
// are a tap away, and the address keeps the page for a reload.
func TestHistoryPages(t *testing.T) {
	h := newHouse(t)
	// Eleven more matches: twelve with the house's.
	codes := []string{"CAAAA", "CAAAC", "CAAAD", "CAAAE", "CAAAF", "CAAAG", "CAAAH", "CAAAJ", "CAAAK", "CAAAM", "CAAAN"}
	newest, oldest := code, code
	ended := map[string]time.Time{code: h.match.Saved.Room.Finished}
	for i, c := range codes {
		m, err := debrieftest.PlayBots(gridtactics.Definition, c, nil, []string{"Cy", "Di"}, uint64(i+1), time.Now().Add(time.Duration(i-30)*time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		if err := debrieftest.Store(h.store, m); err != nil {
			t.Fatal(err)
		}
		ended[c] = m.Saved.Room.Finished
		if ended[c].After(ended[newest]) {
			newest = c
		}
		if ended[c].Before(ended[oldest]) {
			oldest = c
		}
	}
	p := newPhone(t, browser(t, 360, 780), 360, 780)
	p.run("open the history", chromedp.Navigate(h.base+"/history"))
	p.wait("#older")
	if got := p.text(".pager"); !strings.Contains(got, "Page 1 of 2") || !strings.Contains(got, "12 matches") {
		t.Errorf("the pager reads %q", got)
	}
	var first []string
	p.eval(`[...document.querySelectorAll('[data-match]')].map((e) => e.dataset.match)`, &first)
	if len(first) != 10 || first[0] != newest {
		t.Errorf("page 1 lists %v, want ten, the newest (%s) first", first, newest)
	}
	p.tap("#older")
	p.until("page 2", `(document.querySelector('.pager') || {}).textContent?.includes("Page 2 of 2")`)
	var second []string
	p.eval(`[...document.querySelectorAll('[data-match]')].map((e) => e.dataset.match)`, &second)
	if len(second) != 2 || second[1] != oldest {
		t.Errorf("page 2 lists %v, want two, the oldest (%s) last", second, oldest)
	}
	p.run("reload", chromedp.Reload())
	p.until("page 2 again", `(document.querySelector('.pager') || {}).textContent?.includes("Page 2 of 2")`)
	p.targets("history pages")
}
