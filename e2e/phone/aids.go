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

// contrastJS lists every visible text under the selectors whose contrast
// with what lies under it is below 4.5:1: colours composited through the
// backgrounds and opacities of its ancestors, as the eye gets them.
const contrastJS = `((sels) => {
  const parse = (c) => { const m = /rgba?\(([^)]+)\)/.exec(c || ""); if (!m) return null; const p = m[1].split(/[\s,\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
  const over = (top, under) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3])).concat(1);
  const lum = (c) => { const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; }; return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]); };
  const bad = [];
  const seen = new Set();
  for (const sel of sels) for (const el of document.querySelectorAll(sel)) {
    if (seen.has(el) || el instanceof SVGElement || el.closest(".pic")) continue;
    seen.add(el);
    const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent.trim()).join(" ").trim();
    if (!own) continue;
    const r = el.getBoundingClientRect();
    const st = getComputedStyle(el);
    if (!r.width || !r.height || st.visibility === "hidden") continue;
    const chain = [];
    for (let e = el; e; e = e.parentElement) chain.unshift(e);
    let bg = [255, 255, 255, 1];
    let alpha = 1;
    for (const e of chain) {
      const cs = getComputedStyle(e);
      alpha *= Number(cs.opacity);
      const c = parse(cs.backgroundColor);
      if (c && c[3] > 0) bg = over([c[0], c[1], c[2], c[3] * alpha], bg);
    }
    const fg = parse(st.color);
    const text = over([fg[0], fg[1], fg[2], fg[3] * alpha], bg);
    const [a, b] = [lum(text), lum(bg)].sort((x, y) => y - x);
    const ratio = (a + 0.05) / (b + 0.05);
    if (ratio < 4.5) bad.push(own.slice(0, 40) + " " + ratio.toFixed(2) + ":1");
  }
  return bad;
})`

// LowContrast lists the texts under sels below WCAG AA (4.5:1).
func (p *Phone) LowContrast(sels ...string) []string {
	p.T.Helper()
	arg, _ := json.Marshal(sels)
	var bad []string
	p.Eval(contrastJS+"("+string(arg)+")", &bad)
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
