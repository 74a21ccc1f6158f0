package tactics_test

import (
	"context"
	"fmt"
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
	"periscope/games/gridtactics"
	"periscope/server"
	"periscope/server/servertest"
	"periscope/static"
)

// serve starts the real server with the embedded pages on a free port.
func serve(t *testing.T) string {
	t.Helper()
	_, base := servertest.Serve(t, server.Config{Hub: servertest.Hub(t, gridtactics.Definition), Static: static.FS})
	return base
}

// browser starts a headless Chromium for one test, for at most limit.
func browser(t *testing.T, limit time.Duration) context.Context {
	t.Helper()
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	if why := chrome.Missing(); why != "" {
		chrome.Skip(t, why)
	}
	limited, cancelTime := context.WithTimeout(context.Background(), limit)
	ctx, cancelBrowser, err := chrome.Start(limited, 360, 640)
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

// phone is one tab with its own storage (a browser context of its own), as
// a separate device: a 360x640 Galaxy S5.
type phone struct {
	t     *testing.T
	ctx   context.Context
	shots string
}

// newPhone opens a phone. With calm set it prefers reduced motion: the
// page then shows an opponent's turn without pausing on each step.
func newPhone(t *testing.T, browser context.Context, shots string, calm bool) *phone {
	t.Helper()
	// A browser context of its own: storage (the seat token) is not shared.
	ctx, cancel, err := chrome.NewTab(browser)
	if err != nil {
		t.Fatalf("new phone: %v", err)
	}
	t.Cleanup(cancel)
	// A script error on the page fails the test, in the page's own words.
	chromedp.ListenTarget(ctx, func(ev any) {
		switch e := ev.(type) {
		case *runtime.EventExceptionThrown:
			t.Errorf("page error: %s", e.ExceptionDetails.Error())
		case *runtime.EventConsoleAPICalled:
			if e.Type == runtime.APITypeError {
				var parts []string
				for _, a := range e.Args {
					parts = append(parts, string(a.Value))
				}
				t.Errorf("console error: %s", strings.Join(parts, " "))
			}
		}
	})
	p := &phone{t: t, ctx: ctx, shots: shots}
	p.run("emulate a phone", chromedp.Emulate(device.GalaxyS5))
	if calm {
		p.run("prefer reduced motion", emulation.SetEmulatedMedia().WithFeatures(
			[]*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}))
	}
	return p
}

func (p *phone) run(what string, actions ...chromedp.Action) {
	p.t.Helper()
	if err := chromedp.Run(p.ctx, actions...); err != nil {
		p.t.Fatalf("%s: %v", what, err)
	}
}

// eval runs a script on the page and decodes its result into out.
func (p *phone) eval(script string, out any) {
	p.t.Helper()
	p.run("evaluate "+firstLine(script), chromedp.Evaluate(script, out))
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + "…"
	}
	return s
}

// text is the text of the first element matching sel, "" if none does.
// (textContent: SVG text has no innerText.)
func (p *phone) text(sel string) string {
	p.t.Helper()
	var s string
	p.eval(fmt.Sprintf(`(document.querySelector(%q) || {}).textContent || ""`, sel), &s)
	return s
}

// wait waits until an element matching sel is visible.
func (p *phone) wait(sel string) {
	p.t.Helper()
	p.run("wait for "+sel, chromedp.WaitVisible(sel, chromedp.ByQuery))
}

// tap touches the middle of the first element matching sel, as a finger
// would, scrolling it into view first when it is off screen. It reports
// whether there was such an element.
func (p *phone) tap(sel string) bool {
	p.t.Helper()
	var pt struct {
		X, Y  float64
		Found bool
	}
	p.eval(fmt.Sprintf(`((sel) => {
  const e = document.querySelector(sel);
  if (!e) return {Found: false};
  const mid = () => { const r = e.getBoundingClientRect(); return {X: r.left + r.width / 2, Y: r.top + r.height / 2, Found: true}; };
  let m = mid();
  // Off screen, or under the sticky top bar: bring it to the middle.
  if (document.elementFromPoint(m.X, m.Y) !== e && !e.contains(document.elementFromPoint(m.X, m.Y))) { e.scrollIntoView({block: 'center'}); m = mid(); }
  return m;
})(%q)`, sel), &pt)
	if !pt.Found {
		return false
	}
	p.run("tap "+sel, chromedp.MouseClickXY(pt.X, pt.Y))
	return true
}

// mustTap taps sel once it is visible.
func (p *phone) mustTap(sel string) {
	p.t.Helper()
	p.wait(sel)
	if !p.tap(sel) {
		p.t.Fatalf("%s went away before the tap", sel)
	}
}

func square(sq string) string { return fmt.Sprintf(`rect.hit[data-sq=%q]`, sq) }

// fits checks the page fits the phone's width: no sideways scrolling.
func (p *phone) fits(when string) {
	p.t.Helper()
	var w struct{ Scroll, Inner float64 }
	p.eval(`({Scroll: document.documentElement.scrollWidth, Inner: window.innerWidth})`, &w)
	// A mobile browser widens its layout viewport to fit content that
	// overflows, so the viewport width itself tells of an overflow too.
	if w.Inner != 360 || w.Scroll > w.Inner {
		p.t.Errorf("%s: the page is %vpx wide in a %vpx viewport on a 360px phone: it scrolls sideways", when, w.Scroll, w.Inner)
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

// screens is a directory for screenshots that outlives the test, so a
// person can look at them.
func screens(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "tactics-screens-")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}
