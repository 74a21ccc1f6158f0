package battles_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"periscope/e2e/chrome"
	"periscope/e2e/hostbot"
	"periscope/games"
	"periscope/games/battles"
)

// newTV is a tab of its own storage on a 1280x720 landscape screen: a
// laptop or a TV at the table.
func newTV(t *testing.T, browser context.Context, shots string) *phone {
	t.Helper()
	ctx, cancel, err := chrome.NewTab(browser)
	if err != nil {
		t.Fatalf("new tab: %v", err)
	}
	t.Cleanup(cancel)
	chromedp.ListenTarget(ctx, func(ev any) {
		if e, ok := ev.(*runtime.EventExceptionThrown); ok {
			t.Errorf("page error: %s", e.ExceptionDetails.Error())
		}
	})
	p := &phone{t: t, ctx: ctx, shots: shots}
	p.run("a 1280x720 screen", emulation.SetDeviceMetricsOverride(1280, 720, 1, false))
	return p
}

// TestTableScreenFollowsABotMatch: a battle of the host's seat and the bot
// shown on /table/CODE at 1280x720: before the start the QR code, the room
// code, the join link and the seats, with nothing to take; then the
// battlefield filling the screen's height with only what is public (each
// stack's top troop until every unit is placed, then whole stacks), whose
// turn, both generals, the last dice and the last events in large
// letters, following the battle to the outcome the server reached.
func TestTableScreenFollowsABotMatch(t *testing.T) {
	srv := hostbot.Serve(t, battles.Definition)
	shots := screens(t)
	b := browser(t, 3*time.Minute)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	host, err := srv.Open(ctx, nil, "Ada")
	if err != nil {
		t.Fatal(err)
	}
	defer host.Conn.Close()

	tv := newTV(t, b, shots)
	tv.run("open the table screen", chromedp.Navigate(srv.Base+"/table/"+host.Code))
	tv.wait("#tv-code")
	tv.run("the QR code loads", chromedp.Poll(`document.querySelector('.tv-qr')?.naturalWidth > 0`, nil))
	if got := tv.text("#tv-code"); got != host.Code {
		t.Errorf("the table shows room code %q, want %s", got, host.Code)
	}
	if got := tv.text("[data-join-link]"); !strings.HasSuffix(got, "/join/"+host.Code) {
		t.Errorf("the join link reads %q", got)
	}
	tv.run("the seats are listed", chromedp.Poll(`document.querySelectorAll('.tv-seat').length === 2 && !document.querySelector('.tv-seat.free')`, nil))
	seats := tv.text(".tv-seats")
	if !strings.Contains(seats, "Ada") || strings.Count(seats, "Bot") != 1 {
		t.Errorf("the seats read %q, want Ada and the bot", seats)
	}
	if got := tv.text(".tv-about"); !strings.Contains(got, "points") {
		t.Errorf("the room's line reads %q, want the battle's size", got)
	}
	var clutter int
	tv.eval(`document.querySelectorAll('#name, [data-take], #start, #bot, #create').length`, &clutter)
	if clutter != 0 {
		t.Errorf("the table screen offers %d seat-taking controls", clutter)
	}
	var qr struct{ W, H float64 }
	tv.eval(`(() => { const r = document.querySelector('.tv-qr').getBoundingClientRect(); return {W: r.width, H: r.height}; })()`, &qr)
	if qr.W < 300 {
		t.Errorf("the QR code is %.0f px wide on a 1280x720 screen, want it readable from the table", qr.W)
	}
	tvFits(tv, "waiting")
	tv.screenshot("tv-0-waiting.png")

	if err := host.Start(ctx); err != nil {
		t.Fatal(err)
	}
	type result struct {
		o     games.Outcome
		moves int
		err   error
	}
	done := make(chan result, 1)
	go func() {
		o, n, err := host.Play(ctx, 300*time.Millisecond)
		done <- result{o, n, err}
	}()

	tv.wait(`#tv-board #battlefield .bt-zone`)
	var board struct{ W, H float64 }
	tv.eval(`(() => { const r = document.querySelector('#tv-board #battlefield').getBoundingClientRect(); return {W: r.width, H: r.height}; })()`, &board)
	if board.H < 560 || board.W < 700 {
		t.Errorf("the battlefield is %.0fx%.0f px on a 1280x720 screen, want it filling the height", board.W, board.H)
	}
	// Before the reveal the table sees each stack's top troop only, and
	// how many troops are hidden under it.
	type stacks struct {
		Phase                         string
		Units, Troops, Hidden, Deeper int
	}
	// One look at the page: the phase and the stacks it draws with it.
	countStacks := `(() => { const us = [...document.querySelectorAll('#tv-board .bt-unit')];
  return {Phase: document.body.dataset.phase, Units: us.length, Troops: us.reduce((n, u) => n + u.querySelectorAll('.bt-troop').length, 0),
    Hidden: document.querySelectorAll('#tv-board .bt-hidden').length,
    Deeper: us.filter((u) => u.querySelectorAll('.bt-troop').length > 1).length}; })()`
	deploying := stacks{}
	fights := 0
	turns := map[string]bool{}
	shot := false
	deadline := time.Now().Add(150 * time.Second)
	for {
		var st struct {
			Turn   string
			Events int
			Over   bool
		}
		tv.eval(`({Turn: document.getElementById('tv-turn')?.textContent || '', Events: document.querySelectorAll('#tv-events-list li').length, Over: !!document.getElementById('tv-outcome')})`, &st)
		if st.Over {
			break
		}
		if st.Turn != "" {
			turns[st.Turn] = true
		}
		var fight bool
		tv.eval(`!!document.querySelector('#tv-extra .bt-roll .bt-rolled')`, &fight)
		if fight {
			fights++
		}
		var phase string
		tv.eval(`document.body.dataset.phase`, &phase)
		var now stacks
		tv.eval(countStacks, &now)
		if now.Phase == "deployment" {
			if now.Troops != now.Units || now.Deeper != 0 {
				tv.screenshot("tv-leak.png")
				t.Fatalf("during deployment the table shows %d troops in %d units: more than each stack's top", now.Troops, now.Units)
			}
			if now.Units > deploying.Units {
				deploying = now
				if now.Hidden > 0 && now.Units >= 4 {
					tv.screenshot("tv-1-deployment.png")
				}
			}
		}
		if !shot && st.Events >= 6 && phase == "battle" && fight {
			shot = true
			var size float64
			tv.eval(`parseFloat(getComputedStyle(document.querySelector('#tv-events-list li')).fontSize)`, &size)
			if size < 20 {
				t.Errorf("the last events are in %.0f px letters on a 1280x720 screen, want 20 or more", size)
			}
			var offered int
			tv.eval(`document.querySelectorAll('#tv button, #tv .bt-zone.target, #tv .bt-act').length`, &offered)
			if offered != 0 {
				t.Errorf("the table screen offers %d choices", offered)
			}
			tvFits(tv, "in play")
			tv.screenshot("tv-2-battle.png")
		}
		if time.Now().After(deadline) {
			tv.screenshot("tv-stuck.png")
			t.Fatalf("the table screen shows no outcome; turns seen %v", turns)
		}
		time.Sleep(100 * time.Millisecond)
	}
	r := <-done
	if r.err != nil {
		t.Fatal(r.err)
	}
	t.Logf("match over after %d moves of the host's seat: %s; turns seen on the table: %d, polls with dice shown: %d", r.moves, r.o.Reason, len(turns), fights)
	if !shot {
		t.Error("the table screen never showed the battle with its last dice and its last events")
	}
	if deploying.Units < 2 || deploying.Hidden == 0 {
		t.Errorf("during deployment the table showed %d units, %d with hidden troops: want stacks shown by their top troop", deploying.Units, deploying.Hidden)
	}
	var end stacks
	tv.eval(countStacks, &end)
	if end.Hidden != 0 {
		t.Errorf("after the reveal the table still hides the troops of %d stacks", end.Hidden)
	}
	if len(turns) < 4 {
		t.Errorf("the table showed %d different turns, want it following the match: %v", len(turns), turns)
	}
	var winner int
	tv.eval(`Number(document.getElementById('tv-outcome').dataset.winner)`, &winner)
	if len(r.o.Winners) == 1 && winner != r.o.Winners[0] {
		t.Errorf("the table names team %d the winner; the server's outcome is %v", winner, r.o.Winners)
	}
	if got := tv.text("#tv-outcome"); !strings.Contains(got, r.o.Reason) || !strings.Contains(got, " wins") && !strings.Contains(got, "draw") {
		t.Errorf("the outcome reads %q, want the winners and %q", got, r.o.Reason)
	}
	tvFits(tv, "outcome")
	tv.screenshot("tv-3-outcome.png")
	// The same screen on a 1920x1080 TV: everything grows, nothing scrolls.
	tv.run("a 1920x1080 TV", emulation.SetDeviceMetricsOverride(1920, 1080, 1, false))
	var big struct{ SW, SH, W, H, Font float64 }
	tv.run("the TV lays out", chromedp.Poll(`innerWidth === 1920`, nil))
	tv.eval(`({SW: document.documentElement.scrollWidth, SH: document.documentElement.scrollHeight, W: innerWidth, H: innerHeight,
  Font: parseFloat(getComputedStyle(document.querySelector('#tv-events-list li')).fontSize)})`, &big)
	if big.SW > big.W || big.SH > big.H || big.Font < 30 {
		t.Errorf("on a 1920x1080 TV the table screen is %vx%v with events in %v px letters", big.SW, big.SH, big.Font)
	}
	tv.screenshot("tv-9-tv.png")
}

// tvFits checks the table screen fits its 1280x720 screen: no scrolling
// either way, nothing to reach for from across the room.
func tvFits(p *phone, when string) {
	p.t.Helper()
	var w struct{ SW, SH, W, H float64 }
	p.eval(`({SW: document.documentElement.scrollWidth, SH: document.documentElement.scrollHeight, W: innerWidth, H: innerHeight})`, &w)
	if w.W != 1280 || w.SW > w.W || w.SH > w.H {
		p.t.Errorf("%s: the table screen is %vx%v in a %vx%v screen: it scrolls", when, w.SW, w.SH, w.W, w.H)
	}
}
