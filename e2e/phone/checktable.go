package phone

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"periscope/e2e/hostbot"
	"periscope/games"
)

// TableSpec is what one game brings to CheckTable: its room, what its
// table screen shows besides the shared parts, and when a look at the
// match in play is worth its screenshot.
type TableSpec struct {
	Definition games.Definition
	// Options are the room's (nil for the game's own); Seats how many it
	// has, the host's and the bots'.
	Options any
	Seats   int
	// Device is the browser's window; Screens the screenshots' directory.
	Device  Device
	Screens func(*testing.T) string

	// Waiting, if set, checks the screen before the start beyond
	// TableWaiting and the seats' names (Ada and the bots): the room's line.
	Waiting func(tv *Phone)
	// Board shows once the match is on; Fill, named FillWhat in the
	// failure, must then fill the screen's height.
	Board, Fill, FillWhat string
	// Look is called with every look at the match in play and answers
	// whether the screen shows what the in-play screenshot wants (the
	// screenshot also waits for six events listed); a game checks there
	// what must hold all along.
	Look func(tv *Phone, st TableState) bool
	// Offered matches the game's choices, none of which the table screen
	// may offer; PlayShot names the in-play screenshot and PlayWhat what it
	// shows, in the failure when it never came.
	Offered, PlayShot, PlayWhat string
	// Turns is how many moves of one side's turn the screen must be seen
	// playing one by one, each drawn as played and left marked
	// (../../static/js/turnplay.js), as the phones show them; 0 checks
	// nothing (a game whose turns have no adapter yet).
	Turns int
	// Words are the board's own words (a selector under #tv-board) that
	// no mark of a turn may hide, at any look.
	Words string
}

// CheckTable follows a match of the host's seat and the room's bots on
// /table/CODE at 1280x720, the same match every run (seed 1): before the
// start the QR code, the room code, the join link and the seats, with
// nothing to take; then the board filling the screen's height, whose turn
// and the last events in large letters with nothing to tap, following the
// match turn by turn to its outcome. The match is watched in turns at
// 1280x720 and on a 1920x1080 TV, and at no look, nor at the end, does the
// screen scroll (screenshots of both at play and at the end). It answers the table screen, showing
// the outcome, and how the match ended, for the game's checks of the
// outcome.
func CheckTable(t *testing.T, s TableSpec) (*Phone, hostbot.Played) {
	t.Helper()
	srv := hostbot.Serve(t, s.Definition, 1)
	shots := s.Screens(t)
	b := Browser(t, 3*time.Minute, s.Device)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	t.Cleanup(cancel)
	host, err := srv.Open(ctx, s.Options, "Ada")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { host.Conn.Close() })

	tv := NewTV(t, b, shots)
	tv.Run("open the table screen", chromedp.Navigate(srv.Base+"/table/"+host.Code))
	tv.TableWaiting(host.Code, s.Seats)
	// The seats name the host and the room's bots.
	if seats := tv.Text(".tv-seats"); !strings.Contains(seats, "Ada") || strings.Count(seats, "Bot") != s.Seats-1 {
		t.Errorf("the seats read %q, want Ada and %d bots", seats, s.Seats-1)
	}
	if s.Waiting != nil {
		s.Waiting(tv)
	}
	tv.FitsScreen("waiting")
	tv.Screenshot("tv-0-waiting.png")

	if err := host.Start(ctx); err != nil {
		t.Fatal(err)
	}
	done := host.PlayInBackground(ctx, 300*time.Millisecond)

	tv.Wait(s.Board)
	if s.Turns > 0 {
		tv.WatchTurns()
	}
	var board struct{ W, H float64 }
	tv.Eval(fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect(); return {W: r.width, H: r.height}; })()`, s.Fill), &board)
	if board.H < 560 || board.W < 700 {
		t.Errorf("the %s is %.0fx%.0f px on a 1280x720 screen, want it filling the height", s.FillWhat, board.W, board.H)
	}
	turns := map[string]bool{}
	shot := false
	deadline := time.Now().Add(150 * time.Second)
	// The match is watched in turns on a 1280x720 laptop and a 1920x1080
	// TV, the screen changing every few seconds: at every look, on either,
	// nothing may scroll.
	scrolled, cut, cutLine, covered := false, false, "", false
	for polls := 0; ; polls++ {
		if polls%25 == 24 {
			if tv.W == 1280 {
				tv.Resize(1920, 1080)
			} else {
				tv.Resize(1280, 720)
			}
		}
		st := tv.Table()
		if st.Over {
			break
		}
		if !scrolled {
			if how := tv.Scrolls(); how != "" {
				scrolled = true
				tv.Screenshot(fmt.Sprintf("tv-scrolls-%d.png", tv.H))
				t.Errorf("in play, turn %q: %s", st.Turn, how)
			}
		}
		if st.Turn != "" {
			turns[st.Turn] = true
		}
		if s.Words != "" && !covered {
			if over := tv.MarksCover("#tv-board :is(" + s.Words + ")"); len(over) > 0 {
				covered = true
				tv.Screenshot(fmt.Sprintf("tv-covered-%d.png", tv.H))
				t.Errorf("at %dx%d the turn's marks hide the board's words: %q", tv.W, tv.H, over)
			}
		}
		// A line cut on two looks in a row: a screen just resized gets a
		// frame to refit its events first.
		if !cut {
			line := tv.CutEvent()
			if line != "" && line != cutLine {
				cutLine = line
			} else if line != "" {
				cut = true
				tv.Screenshot(fmt.Sprintf("tv-cut-%d.png", tv.H))
				t.Errorf("at %dx%d the last events' line %q is cut at the screen's edge", tv.W, tv.H, line)
			} else {
				cutLine = ""
			}
		}
		if s.Look(tv, st) && !shot && st.Events >= 6 {
			shot = true
			tv.Resize(1280, 720)
			tv.NoButtons("in play")
			tv.TableInPlay(s.Offered, s.PlayShot)
			tv.Resize(1920, 1080)
			tv.FitsScreen("in play")
			tv.Screenshot(strings.TrimSuffix(s.PlayShot, ".png") + "-1080.png")
			tv.Resize(1280, 720)
		}
		if time.Now().After(deadline) {
			tv.Screenshot("tv-stuck.png")
			t.Fatalf("the table screen shows no outcome; turns seen %v", turns)
		}
		time.Sleep(100 * time.Millisecond)
	}
	r := <-done
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if s.Turns > 0 {
		// Every side's turn plays on the table as on the phones: its moves
		// in order, the one being played drawn as such, all left marked.
		seen := tv.Turns()
		if !seen.OneByOne(s.Turns) || !seen.Played {
			t.Errorf("the table screen did not play a turn of %d moves one by one: marked counts %v, a move drawn as played: %v", s.Turns, seen.Counts, seen.Played)
		}
		if m := tv.Marked(); !m.Any("from") && !m.Any("to") && !m.Any("target") {
			t.Errorf("at the end the last turn is not marked on the table's board: %v", m.Places)
		}
		if s.Words != "" {
			for _, size := range [][2]int{{1920, 1080}, {1280, 720}} {
				tv.Resize(size[0], size[1])
				if over := tv.MarksCover("#tv-board :is(" + s.Words + ")"); len(over) > 0 {
					t.Errorf("at the end, at %dx%d, the turn's marks hide the board's words: %q", size[0], size[1], over)
				}
				if astray := tv.Astray(); len(astray) > 0 {
					t.Errorf("at the end, at %dx%d, words drawn again above the marks are not on their own: %q", size[0], size[1], astray)
				}
			}
		}
	}
	// The outcome, on both screens, without scrolling, and nothing on it
	// for the room to tap (the players' phones hold the choices).
	tv.NoButtons("the outcome")
	tv.Resize(1920, 1080)
	tv.FitsScreen("the outcome")
	tv.Screenshot("tv-end-1080.png")
	tv.Resize(1280, 720)
	tv.FitsScreen("the outcome")
	tv.Screenshot("tv-end-720.png")
	t.Logf("match over after %d moves of the host's seat: %s; turns seen on the table: %d", r.Moves, r.Outcome.Reason, len(turns))
	if !shot {
		t.Error("the table screen never showed " + s.PlayWhat)
	}
	if len(turns) < 4 {
		t.Errorf("the table showed %d different turns, want it following the match: %v", len(turns), turns)
	}
	return tv, r
}

// CutEvent is the text of a last events' line shown only in part (below
// the side column or the screen's bottom), or "" when every line shown is
// whole.
func (p *Phone) CutEvent() string {
	p.T.Helper()
	var line string
	p.Eval(`(() => {
  const side = document.querySelector('#tv .tv-side');
  if (!side) return '';
  const bottom = Math.min(side.getBoundingClientRect().bottom, innerHeight);
  const cut = [...document.querySelectorAll('#tv-events-list > li')].find((li) => {
    const r = li.getBoundingClientRect();
    return r.height > 0 && r.top < bottom && r.bottom > bottom + 0.5;
  });
  return cut ? cut.textContent : '';
})()`, &line)
	return line
}

// Resize turns the screen into a w x h one (a laptop, a TV) and waits
// for the page to lay out on it.
func (p *Phone) Resize(w, h int) {
	p.T.Helper()
	p.Run(fmt.Sprintf("a %dx%d screen", w, h), emulation.SetDeviceMetricsOverride(int64(w), int64(h), 1, false))
	p.W, p.H = w, h
	p.Run("the screen lays out", chromedp.Poll(fmt.Sprintf(`innerWidth === %d && innerHeight === %d`, w, h), nil))
	// Two frames: a page that redraws on a new size (its marks laid in
	// its board's pixels) has done so.
	var ok bool
	p.Run("the page redraws", chromedp.Evaluate(`new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(true))))`, &ok,
		func(ep *cdpruntime.EvaluateParams) *cdpruntime.EvaluateParams { return ep.WithAwaitPromise(true) }))
}

// NoButtons checks the table screen shows no button nor link to tap,
// top bar included: nobody taps a TV across the room.
func (p *Phone) NoButtons(when string) {
	p.T.Helper()
	var shown []string
	p.Eval(`[...document.querySelectorAll('button, a[href], [role=button], input, select')].filter((b) => b.getClientRects().length).map((b) => b.tagName.toLowerCase() + (b.id ? "#" + b.id : "") + " " + (b.textContent || "").trim().slice(0, 30))`, &shown)
	if len(shown) != 0 {
		p.T.Errorf("%s: the table screen offers %d things to tap: %q", when, len(shown), shown)
	}
}

// Scrolls says how the page scrolls on its screen ("" when it does not):
// its size and the lowest and widest parts reaching past the screen.
func (p *Phone) Scrolls() string {
	p.T.Helper()
	var w struct {
		SW, SH, W, H float64
		Past         []string
	}
	p.Eval(`(() => { const W = innerWidth, H = innerHeight;
  const past = [...document.querySelectorAll("body *")].filter((e) => { const r = e.getBoundingClientRect(); return (r.bottom > H + 0.5 || r.right > W + 0.5) && r.width > 0; })
    .filter((e) => ![...e.children].some((c) => { const r = c.getBoundingClientRect(); return r.bottom > H + 0.5 || r.right > W + 0.5; }))
    .slice(0, 4).map((e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + " to " + Math.round(e.getBoundingClientRect().right) + "x" + Math.round(e.getBoundingClientRect().bottom));
  return {SW: document.documentElement.scrollWidth, SH: document.documentElement.scrollHeight, W, H, Past: past}; })()`, &w)
	if w.SW <= w.W && w.SH <= w.H {
		return ""
	}
	return fmt.Sprintf("the table screen is %vx%v on a %vx%v screen: it scrolls (%s)", w.SW, w.SH, w.W, w.H, strings.Join(w.Past, "; "))
}

// TableOnTV shows the table screen on a 1920x1080 TV and checks that
// everything grows and nothing scrolls; then saves a screenshot as name.
func (p *Phone) TableOnTV(name string) {
	p.T.Helper()
	p.Run("a 1920x1080 TV", emulation.SetDeviceMetricsOverride(1920, 1080, 1, false))
	p.W, p.H = 1920, 1080
	var big struct{ SW, SH, W, H, Font float64 }
	p.Run("the TV lays out", chromedp.Poll(`innerWidth === 1920`, nil))
	p.Eval(`({SW: document.documentElement.scrollWidth, SH: document.documentElement.scrollHeight, W: innerWidth, H: innerHeight,
  Font: parseFloat(getComputedStyle(document.querySelector('#tv-events-list li')).fontSize)})`, &big)
	if big.SW > big.W || big.SH > big.H || big.Font < 30 {
		p.T.Errorf("on a 1920x1080 TV the table screen is %vx%v with events in %v px letters", big.SW, big.SH, big.Font)
	}
	p.Screenshot(name)
}

// FollowsRematch checks the table screen at the end of the match r: it
// says it follows a rematch (it has no buttons), and once the host's phone
// opens one it moves by itself to the rematch's table screen, with its
// seats (the host and the bots) filled.
func (p *Phone) FollowsRematch(r hostbot.Played, seats int) {
	p.T.Helper()
	if got := p.Text("#tv-next"); !strings.Contains(got, "Rematch") {
		p.T.Errorf("the table screen's end reads %q, want it to say it follows a rematch", got)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	code, err := r.Host.Rematch(ctx, false)
	if err != nil {
		p.T.Fatal(err)
	}
	p.Navigated("the table screen follows the rematch", fmt.Sprintf(`location.pathname === "/table/%s"`, code))
	p.TableWaiting(code, seats)
	p.Screenshot("tv-3-rematch.png")
}
