package phone

import (
	"context"
	"encoding/json"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"periscope/e2e/chrome"
	"periscope/games"
	"periscope/server"
	"periscope/server/servertest"
	"periscope/static"
)

// The checks of the table aids every pocket game shares (primer.js,
// rulescard.js, banner.js): a server that can go away mid-match, the
// phone's buzzes, the contrast of its texts and the size of its targets.

// ServeStoppable starts the real server as Serve does, and answers its base
// URL and a stop that takes it away halfway, as a host closing the laptop
// lid (the test's end stops it too).
func ServeStoppable(t *testing.T, defs ...games.Definition) (string, func()) {
	t.Helper()
	hub := servertest.Hub(t, defs...)
	srv := server.New(server.Config{Hub: hub, Static: static.FS})
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
	return "http://" + ln.Addr().String(), stop
}

// buzzStub records navigator.vibrate calls in window.__buzz.
const buzzStub = `window.__buzz = [];
Object.defineProperty(Navigator.prototype, "vibrate", {configurable: true, value: function (p) { window.__buzz.push(p); return true; }});`

// StubBuzz makes every page this phone opens from now on record its
// vibrations instead of making them; Buzzes counts them.
func (p *Phone) StubBuzz() {
	p.T.Helper()
	p.Run("stub the vibration", chromedp.ActionFunc(func(ctx context.Context) error {
		_, err := page.AddScriptToEvaluateOnNewDocument(buzzStub).Do(ctx)
		return err
	}))
}

// Buzzes is how often the page has buzzed the phone since it opened.
func (p *Phone) Buzzes() int {
	p.T.Helper()
	var n int
	p.Eval(`(window.__buzz || []).length`, &n)
	return n
}

// LowContrast lists the texts under sels below WCAG AA (4.5:1).
func (p *Phone) LowContrast(sels ...string) []string {
	p.T.Helper()
	arg, _ := json.Marshal(sels)
	var bad []string
	p.Eval(chrome.ContrastJS+"("+string(arg)+")", &bad)
	return bad
}

// SmallTargets lists the page's visible controls (not the cells of a
// drawn board, which each game's test measures itself, nor a primer's
// picture, which takes no taps) under a thumb's 44 px either way.
func (p *Phone) SmallTargets() []string {
	p.T.Helper()
	var small []string
	p.Eval(`[...document.querySelectorAll("button, a.button, input, select, summary, [role=button]")]
		.filter(e => { if (e instanceof SVGElement || e.closest(".pic") || e.type === "checkbox" || e.type === "radio" || e.type === "range") return false; const r = e.getBoundingClientRect(); return r.width > 0 && (r.width < 43.5 || r.height < 43.5); })
		.map(e => (e.id || e.textContent || e.tagName).trim().slice(0, 20))`, &small)
	return small
}
