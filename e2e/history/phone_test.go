package history_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"periscope/db"
	"periscope/debrief/debrieftest"
	"periscope/e2e/chrome"
	e2ephone "periscope/e2e/phone"
	"periscope/games"
	"periscope/games/battles"
	"periscope/games/gridtactics"
	"periscope/games/pocketsub"
	"periscope/games/saga"
	"periscope/roles"
	"periscope/rooms"
	"periscope/server"
	"periscope/server/servertest"
	"periscope/static"
)

// house is a server on SQLite with one finished Captain Sonar match in its
// store, played before the server started: like any match evicted from
// memory, its history and debrief come from the store alone.
type house struct {
	t     *testing.T
	addr  string
	base  string
	store *db.DB
	hub   *rooms.Hub
	srv   *server.Server
	match debrieftest.Match
}

// code is the finished match's join code.
const code = "KRAKN"

func newHouse(t *testing.T) *house {
	t.Helper()
	store, err := db.Open(filepath.Join(t.TempDir(), "periscope.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	m, err := debrieftest.PlaySonar(code, 4, 4, []string{"Ann", "Ali", "Amy", "Abe", "Bob", "Bea", "Ben", "Bo"}, 3, time.Now().Add(-40*time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	if err := debrieftest.Store(store, m); err != nil {
		t.Fatal(err)
	}
	hub := servertest.NewHub(t, rooms.Config{Store: store, Games: []games.Definition{roles.Definition, gridtactics.Definition, pocketsub.Definition, saga.Definition, battles.Definition}})
	t.Cleanup(hub.Close)
	h := &house{t: t, store: store, hub: hub, match: m}
	h.up("127.0.0.1:0")
	t.Cleanup(h.down)
	return h
}

// up serves on addr (the same address again after down).
func (h *house) up(addr string) {
	h.t.Helper()
	var ln net.Listener
	var err error
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		if ln, err = net.Listen("tcp", addr); err == nil || time.Now().After(deadline) {
			break
		}
	}
	if err != nil {
		h.t.Fatal(err)
	}
	h.addr, h.base = ln.Addr().String(), "http://"+ln.Addr().String()
	h.srv = server.New(server.Config{Hub: h.hub, History: h.store, Static: static.FS, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	go h.srv.Serve(ln)
}

func (h *house) down() {
	if h.srv == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	h.srv.Shutdown(ctx)
	h.srv = nil
}

// browser starts a headless Chromium with a w x hgt window for one test.
func browser(t *testing.T, w, hgt int) context.Context {
	t.Helper()
	return e2ephone.Browser(t, 150*time.Second, e2ephone.Device{W: w, H: hgt})
}

type phone struct {
	t      *testing.T
	ctx    context.Context
	w, h   int
	shots  string
	errors bool // page errors fail the test (off while the server is down on purpose)
}

func newPhone(t *testing.T, b context.Context, w, hgt int) *phone {
	t.Helper()
	ctx, cancel, err := chrome.NewTab(b)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(cancel)
	p := &phone{t: t, ctx: ctx, w: w, h: hgt, shots: screens(t), errors: true}
	chromedp.ListenTarget(ctx, func(ev any) {
		if e, ok := ev.(*runtime.EventExceptionThrown); ok && p.errors {
			t.Errorf("page error: %s", e.ExceptionDetails.Error())
		}
	})
	mobile := []chromedp.EmulateViewportOption{chromedp.EmulateScale(2)}
	if w < 600 {
		mobile = append(mobile, chromedp.EmulateMobile)
	}
	p.run("screen", chromedp.EmulateViewport(int64(w), int64(hgt), mobile...))
	return p
}

func (p *phone) run(what string, actions ...chromedp.Action) {
	p.t.Helper()
	if err := chromedp.Run(p.ctx, actions...); err != nil {
		p.t.Fatalf("%s: %v", what, err)
	}
}

func (p *phone) eval(script string, out any) {
	p.t.Helper()
	p.run("evaluate "+strings.SplitN(script, "\n", 2)[0], chromedp.Evaluate(script, out))
}

func (p *phone) text(sel string) string {
	p.t.Helper()
	var s string
	p.eval(fmt.Sprintf(`(document.querySelector(%q) || {}).textContent || ""`, sel), &s)
	return s
}

func (p *phone) wait(sel string) {
	p.t.Helper()
	p.run("wait for "+sel, chromedp.WaitVisible(sel, chromedp.ByQuery))
}

// until polls a JavaScript condition for up to ten seconds.
func (p *phone) until(what, cond string) {
	p.t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(40 * time.Millisecond) {
		var ok bool
		if err := chromedp.Run(p.ctx, chromedp.Evaluate(`!!(`+cond+`)`, &ok)); err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			// What the page says instead, if it says why.
			var alert, page string
			chromedp.Run(p.ctx, chromedp.Evaluate(`(document.querySelector('[role=alert]') || {}).textContent || ""`, &alert),
				chromedp.Evaluate(`location.pathname + " · " + document.title`, &page))
			p.t.Fatalf("timed out waiting for %s (%s) on %s; the page's alert: %q", what, cond, page, alert)
		}
	}
}

// tap touches the middle of the element, as a finger would.
func (p *phone) tap(sel string) {
	p.t.Helper()
	p.wait(sel)
	var pt struct{ X, Y float64 }
	p.eval(fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.scrollIntoView({block: 'center'});
  const r = e.getBoundingClientRect(); return {X: r.left + r.width / 2, Y: r.top + r.height / 2}; })()`, sel), &pt)
	p.run("tap "+sel, chromedp.MouseClickXY(pt.X, pt.Y))
}

func (p *phone) key(k string) {
	p.t.Helper()
	p.run("key "+k, chromedp.KeyEvent(k))
}

// fits checks the page does not scroll sideways.
func (p *phone) fits(when string) {
	p.t.Helper()
	var w struct{ Scroll, Inner float64 }
	p.eval(`({Scroll: document.documentElement.scrollWidth, Inner: window.innerWidth})`, &w)
	if w.Scroll > w.Inner {
		p.t.Errorf("%s: the page is %vpx wide in a %vpx viewport: it scrolls sideways", when, w.Scroll, w.Inner)
	}
}

// targets checks every visible button, link-button, select and input is
// at least 44 px tall: a finger's size.
func (p *phone) targets(when string) {
	p.t.Helper()
	var small []string
	p.eval(`[...document.querySelectorAll('button, a[href], select, input:not([type=hidden]), details > summary')]
  .filter((e) => e.offsetParent !== null)
  .filter((e) => { const r = e.getBoundingClientRect(); return r.height < 44 || r.width < 44; })
  .map((e) => (e.id || e.textContent || e.tagName).trim().slice(0, 40))`, &small)
	if len(small) > 0 {
		p.t.Errorf("%s: targets under 44 px: %q", when, small)
	}
}

// chartTextFits checks every text of the SVG charts (class bars) lies
// inside its chart, and a bar's label ends before its bar.
func (p *phone) chartTextFits(when string) {
	p.t.Helper()
	var cut []string
	p.eval(`[...document.querySelectorAll('svg.bars')].flatMap((svg) => [...svg.querySelectorAll('text')]
  .filter((t) => {
    const b = t.getBBox();
    const vb = svg.viewBox.baseVal;
    const bar = svg.querySelector('rect.track');
    const end = t.classList.contains('num') || !bar ? vb.width : bar.x.baseVal.value;
    return b.width > 0 && (b.x < -0.5 || b.x + b.width > end + 0.5 || b.y < -0.5 || b.y + b.height > vb.height + 0.5);
  })
  .map((t) => t.textContent))`, &cut)
	if len(cut) > 0 {
		p.t.Errorf("%s: chart text cut at the edge: %q", when, cut)
	}
}

func (p *phone) screenshot(name string) {
	p.t.Helper()
	var png []byte
	p.run("screenshot", chromedp.CaptureScreenshot(&png))
	path := filepath.Join(p.shots, name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		p.t.Fatal(err)
	}
	p.t.Logf("screenshot: %s", path)
}

// fullshot captures the whole page, below the fold too.
func (p *phone) fullshot(name string) {
	p.t.Helper()
	var png []byte
	p.run("screenshot", chromedp.FullScreenshot(&png, 100))
	path := filepath.Join(p.shots, name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		p.t.Fatal(err)
	}
	p.t.Logf("screenshot: %s", path)
}

// elemshot captures one element of the page.
func (p *phone) elemshot(sel, name string) {
	p.t.Helper()
	var png []byte
	p.run("screenshot of "+sel, chromedp.Screenshot(sel, &png, chromedp.ByQuery))
	path := filepath.Join(p.shots, name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		p.t.Fatal(err)
	}
	p.t.Logf("screenshot: %s", path)
}

func screens(t *testing.T) string { return e2ephone.Screens(t, "history", "HISTORY_SCREENS") }
