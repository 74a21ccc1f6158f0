// Package phone is the harness of Periscope's browser tests of the pocket
// games: a real server with the embedded pages, a headless Chromium, and
// tabs that behave as separate phones (or a table screen) with the few
// gestures and checks every game's test needs. The games' own decision
// scripts and assertions stay in their test packages.
package phone

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/device"

	"periscope/e2e/chrome"
	"periscope/games"
	"periscope/rooms"
	"periscope/server"
	"periscope/server/servertest"
	"periscope/static"
)

// Serve starts the real server with the embedded pages and the given games
// on a free port for the test, and answers its base URL.
func Serve(t *testing.T, defs ...games.Definition) string {
	t.Helper()
	_, base := servertest.Serve(t, server.Config{Hub: servertest.Hub(t, defs...), Static: static.FS})
	return base
}

// ServeSeeded is Serve whose matches play from the given seeds, one per
// match in order (the last again after that): a test that taps its way
// through whole matches plays the same ones every run.
func ServeSeeded(t *testing.T, seeds []uint64, defs ...games.Definition) string {
	t.Helper()
	hub := servertest.NewHub(t, rooms.Config{Games: defs, Seeds: servertest.Seeds(seeds...)})
	_, base := servertest.Serve(t, server.Config{Hub: hub, Static: static.FS})
	return base
}

// Browser starts a headless Chromium with a window the size of d for one
// test, for at most limit. It skips the test in -short mode, and fails it (or skips
// it, see chrome.Skip) without Chromium.
func Browser(t *testing.T, limit time.Duration, d Device) context.Context {
	t.Helper()
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	if why := chrome.Missing(); why != "" {
		chrome.Skip(t, why)
	}
	limited, cancelTime := context.WithTimeout(context.Background(), limit)
	ctx, cancelBrowser, err := chrome.Start(limited, d.W, d.H)
	if err != nil {
		cancelTime()
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cancelBrowser()
		cancelTime()
	})
	return ctx
}

// Screens is a directory for screenshots that outlives the test, so a
// person can look at them: $env when env is named and set, else a new
// temporary directory named after game.
func Screens(t *testing.T, game, env string) string {
	t.Helper()
	if env != "" {
		if dir := os.Getenv(env); dir != "" {
			return dir
		}
	}
	dir, err := os.MkdirTemp("", game+"-screens-")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// Device is the screen a phone emulates.
type Device struct {
	W, H    int
	Emulate chromedp.Action
}

// The phones the tests use.
var (
	// Portrait is a 390x844 portrait screen at twice the pixels, mobile.
	Portrait = Device{W: 390, H: 844, Emulate: chromedp.EmulateViewport(390, 844, chromedp.EmulateScale(2), chromedp.EmulateMobile)}
	// IPhone13 is a 390x844 iPhone 13.
	IPhone13 = Device{W: 390, H: 844, Emulate: chromedp.Emulate(device.IPhone13)}
	// GalaxyS5 is a 360x640 Galaxy S5.
	GalaxyS5 = Device{W: 360, H: 640, Emulate: chromedp.Emulate(device.GalaxyS5)}
)

// Options says what a phone is and how strict it is with the page.
type Options struct {
	Device Device
	// Calm prefers reduced motion: the page then shows the other seats'
	// turns without pausing on each step.
	Calm bool
	// Console fails the test on a console.error of the page too, not only
	// on a script error.
	Console bool
}

// Moving is the 360x640 Galaxy S5 the turn tests watch the other side's
// turn on: it does not ask for reduced motion, so the page plays each step,
// and a console.error fails the test.
var Moving = Options{Device: GalaxyS5, Console: true}

// Phone is one tab with its own storage (a browser context of its own, so
// the seat token is not shared), as a separate device.
type Phone struct {
	T     *testing.T
	Ctx   context.Context
	Shots string // the directory of Screenshot
	W, H  int    // the screen, in CSS pixels
}

// New opens a phone in browser; its screenshots go to shots. A script error
// on the page fails the test, in the page's own words.
func New(t *testing.T, browser context.Context, shots string, o Options) *Phone {
	t.Helper()
	p := tab(t, browser, shots, o.Console)
	p.W, p.H = o.Device.W, o.Device.H
	p.Run("emulate a phone", o.Device.Emulate)
	if o.Calm {
		p.Run("prefer reduced motion", emulation.SetEmulatedMedia().WithFeatures(
			[]*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}))
	}
	return p
}

// NewTV is a tab of its own storage on a 1280x720 landscape screen: a
// laptop or a TV at the table.
func NewTV(t *testing.T, browser context.Context, shots string) *Phone {
	t.Helper()
	p := tab(t, browser, shots, false)
	p.W, p.H = 1280, 720
	p.Run("a 1280x720 screen", emulation.SetDeviceMetricsOverride(1280, 720, 1, false))
	return p
}

func tab(t *testing.T, browser context.Context, shots string, console bool) *Phone {
	t.Helper()
	ctx, cancel, err := chrome.NewTab(browser)
	if err != nil {
		t.Fatalf("new phone: %v", err)
	}
	t.Cleanup(cancel)
	chromedp.ListenTarget(ctx, func(ev any) {
		switch e := ev.(type) {
		case *runtime.EventExceptionThrown:
			t.Errorf("page error: %s", e.ExceptionDetails.Error())
		case *runtime.EventConsoleAPICalled:
			if console && e.Type == runtime.APITypeError {
				var parts []string
				for _, a := range e.Args {
					parts = append(parts, string(a.Value))
				}
				t.Errorf("console error: %s", strings.Join(parts, " "))
			}
		}
	})
	return &Phone{T: t, Ctx: ctx, Shots: shots}
}

// Run runs actions on the page; what says what they do when they fail.
func (p *Phone) Run(what string, actions ...chromedp.Action) {
	p.T.Helper()
	if err := chromedp.Run(p.Ctx, actions...); err != nil {
		p.T.Fatalf("%s: %v", what, err)
	}
}

// Eval runs a script on the page and decodes its result into out.
func (p *Phone) Eval(script string, out any) {
	p.T.Helper()
	first := script
	if i := strings.IndexByte(script, '\n'); i >= 0 {
		first = script[:i] + "…"
	}
	p.Run("evaluate "+first, chromedp.Evaluate(script, out))
}

// Text is the text of the first element matching sel, "" if none does.
// (textContent: SVG text has no innerText.)
func (p *Phone) Text(sel string) string {
	p.T.Helper()
	var s string
	p.Eval(fmt.Sprintf(`(document.querySelector(%q) || {}).textContent || ""`, sel), &s)
	return s
}

// Wait waits until an element matching sel is visible.
func (p *Phone) Wait(sel string) {
	p.T.Helper()
	p.Run("wait for "+sel, chromedp.WaitVisible(sel, chromedp.ByQuery))
}

// Tap touches the middle of the first element matching sel, as a finger
// would, scrolling it into view first when it is off screen or under the
// sticky top bar. It reports whether there was such an element.
func (p *Phone) Tap(sel string) bool {
	p.T.Helper()
	var pt struct {
		X, Y  float64
		Found bool
	}
	p.Eval(fmt.Sprintf(`((sel) => {
  const e = document.querySelector(sel);
  if (!e) return {Found: false};
  const mid = () => { const r = e.getBoundingClientRect(); return {X: r.left + r.width / 2, Y: r.top + r.height / 2, Found: true}; };
  let m = mid();
  const hit = document.elementFromPoint(m.X, m.Y);
  if (hit !== e && !e.contains(hit)) { e.scrollIntoView({block: 'center'}); m = mid(); }
  return m;
})(%q)`, sel), &pt)
	if !pt.Found {
		return false
	}
	p.Run("tap "+sel, chromedp.MouseClickXY(pt.X, pt.Y))
	return true
}

// MustTap taps sel once it is visible.
func (p *Phone) MustTap(sel string) {
	p.T.Helper()
	p.Wait(sel)
	if !p.Tap(sel) {
		p.T.Fatalf("%s went away before the tap", sel)
	}
}

// Fits checks the page fits the phone's width: no sideways scrolling. A
// mobile browser widens its layout viewport to fit content that overflows,
// so the viewport width itself tells of an overflow too.
func (p *Phone) Fits(when string) {
	p.T.Helper()
	var w struct{ Scroll, Inner float64 }
	p.Eval(`({Scroll: document.documentElement.scrollWidth, Inner: window.innerWidth})`, &w)
	if w.Inner != float64(p.W) || w.Scroll > w.Inner {
		// Name the culprits: the deepest elements reaching past the phone.
		var wide []string
		p.Eval(fmt.Sprintf(`[...document.querySelectorAll("body *")].filter((e) => e.getBoundingClientRect().right > %d + 0.5 && ![...e.children].some((c) => c.getBoundingClientRect().right > %d + 0.5)).slice(0, 5).map((e) => e.tagName.toLowerCase() + (e.id ? "#" + e.id : "") + (e.className && e.className.baseVal === undefined ? "." + String(e.className).trim().split(/\s+/).join(".") : "") + " right " + Math.round(e.getBoundingClientRect().right) + ": " + (e.textContent || "").trim().slice(0, 40))`, p.W, p.W), &wide)
		p.T.Errorf("%s: the page is %vpx wide in a %vpx viewport on a %dpx phone: it scrolls sideways (%q)", when, w.Scroll, w.Inner, p.W, wide)
	}
}

// FitsScreen checks a table screen fits its screen: no scrolling either
// way, nothing to reach for from across the room.
func (p *Phone) FitsScreen(when string) {
	p.T.Helper()
	var w struct{ SW, SH, W, H float64 }
	p.Eval(`({SW: document.documentElement.scrollWidth, SH: document.documentElement.scrollHeight, W: innerWidth, H: innerHeight})`, &w)
	if w.W != float64(p.W) || w.SW > w.W || w.SH > w.H {
		p.T.Errorf("%s: the table screen is %vx%v in a %vx%v screen: it scrolls (%s)", when, w.SW, w.SH, w.W, w.H, p.Scrolls())
	}
}

// Screenshot saves the page as name in the phone's Shots directory, and a
// copy in $PERISCOPE_SHOTS when that is set.
func (p *Phone) Screenshot(name string) {
	p.T.Helper()
	var png []byte
	p.Run("screenshot", chromedp.CaptureScreenshot(&png))
	path := filepath.Join(p.Shots, name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		p.T.Fatal(err)
	}
	p.T.Logf("screenshot: %s", path)
	if keep := os.Getenv("PERISCOPE_SHOTS"); keep != "" {
		_ = os.WriteFile(filepath.Join(keep, name), png, 0o644)
	}
}

// CreateRoom taps the page's new-room button and answers the new room's
// code once its seats are offered.
func (p *Phone) CreateRoom() string {
	p.T.Helper()
	p.MustTap("#create")
	p.Wait(`[data-take="0"]`)
	var code string
	p.Eval(`new URLSearchParams(location.search).get('room')`, &code)
	return code
}

// TakeSeat types name and takes seat 0, and waits for the host's buttons.
func (p *Phone) TakeSeat(name string) {
	p.T.Helper()
	p.Run("type a name", chromedp.SendKeys("#name", name, chromedp.ByQuery))
	p.MustTap(`[data-take="0"]`)
	p.Wait("#bot")
}

// BotAndStart is the one tap of a player alone: "Play against the bot"
// fills the free seats with bots and starts the match, with no second tap
// on "Start" (the README promises one).
func (p *Phone) BotAndStart() {
	p.T.Helper()
	p.MustTap("#bot")
	p.Run("the match starts after one tap", chromedp.Poll(`!document.querySelector('#bot') && document.body.dataset.phase !== 'lobby'`, nil, chromedp.WithPollingTimeout(15*time.Second)))
}

// TableWaiting checks the table screen of room code before the start: the
// QR code (loaded, and large enough to read from the table), the room
// code, the join link, the given number of seats all taken, and nothing to
// take a seat with.
func (p *Phone) TableWaiting(code string, seats int) {
	p.T.Helper()
	p.Wait("#tv-code")
	p.Run("the QR code loads", chromedp.Poll(`document.querySelector('.tv-qr')?.naturalWidth > 0`, nil))
	if got := p.Text("#tv-code"); got != code {
		p.T.Errorf("the table shows room code %q, want %s", got, code)
	}
	if got := p.Text("[data-join-link]"); !strings.HasSuffix(got, "/join/"+code) {
		p.T.Errorf("the join link reads %q", got)
	}
	p.Run("the seats are listed", chromedp.Poll(fmt.Sprintf(`document.querySelectorAll('.tv-seat').length === %d && !document.querySelector('.tv-seat.free')`, seats), nil))
	var clutter int
	p.Eval(`document.querySelectorAll('#name, [data-take], #start, #bot, #create').length`, &clutter)
	if clutter != 0 {
		p.T.Errorf("the table screen offers %d seat-taking controls", clutter)
	}
	var qr struct{ W, H float64 }
	p.Eval(`(() => { const r = document.querySelector('.tv-qr').getBoundingClientRect(); return {W: r.width, H: r.height}; })()`, &qr)
	if qr.W < 300 {
		p.T.Errorf("the QR code is %.0f px wide on a 1280x720 screen, want it readable from the table", qr.W)
	}
}

// TableState is what a table screen shows of the match.
type TableState struct {
	Turn   string // whose turn it is
	Events int    // how many of the last events are listed
	Over   bool   // the outcome is up
}

// Table reads the table screen's state once.
func (p *Phone) Table() TableState {
	p.T.Helper()
	var st TableState
	p.Eval(`({Turn: document.getElementById('tv-turn')?.textContent || '', Events: document.querySelectorAll('#tv-events-list li').length, Over: !!document.getElementById('tv-outcome')})`, &st)
	return st
}

// TableInPlay checks a table screen in play: the last events in letters of
// 20 px or more, nothing matching offered (the game's choices) to tap, and
// no scrolling; then saves a screenshot as name.
func (p *Phone) TableInPlay(offered, name string) {
	p.T.Helper()
	var size float64
	p.Eval(`parseFloat(getComputedStyle(document.querySelector('#tv-events-list li')).fontSize)`, &size)
	if size < 20 {
		p.T.Errorf("the last events are in %.0f px letters on a 1280x720 screen, want 20 or more", size)
	}
	var n int
	p.Eval(fmt.Sprintf(`document.querySelectorAll(%q).length`, offered), &n)
	if n != 0 {
		p.T.Errorf("the table screen offers %d choices", n)
	}
	p.FitsScreen("in play")
	p.Screenshot(name)
}

// TableWinner is the team the table screen's outcome names the winner.
func (p *Phone) TableWinner() int {
	p.T.Helper()
	var winner int
	p.Eval(`Number(document.getElementById('tv-outcome').dataset.winner)`, &winner)
	return winner
}

// Finished checks, through the server's API at base, that room code is
// finished with an outcome.
func Finished(t *testing.T, base, code string) {
	t.Helper()
	resp, err := http.Get(base + "/api/rooms/" + code)
	if err != nil {
		t.Fatal(err)
	}
	var lobby rooms.Lobby
	if err := json.NewDecoder(resp.Body).Decode(&lobby); err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if lobby.State != rooms.StateFinished || lobby.Outcome == nil {
		t.Errorf("room %s is %q with outcome %v, want finished", code, lobby.State, lobby.Outcome)
	}
}

// ReplayOpen opens the replay of a finished match on the page.
func (p *Phone) ReplayOpen() {
	p.T.Helper()
	p.MustTap("#replay-open")
	p.Wait("#replay-panel h3")
}

// ReplayNext steps the open replay on to the given version.
func (p *Phone) ReplayNext(version int) {
	p.T.Helper()
	p.MustTap("#replay-next")
	p.Run("step the replay", chromedp.Poll(fmt.Sprintf(`document.querySelector('#replay-panel h3').textContent.startsWith('Replay: version %d of')`, version), nil))
}
