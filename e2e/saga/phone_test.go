package saga_test

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

	"periscope/e2e/chrome"
	"periscope/games/saga"
	"periscope/server"
	"periscope/server/servertest"
	"periscope/static"
)

// The phone every test uses: a 390x844 portrait screen.
const (
	phoneW = 390
	phoneH = 844
)

func serve(t *testing.T) string {
	t.Helper()
	_, base := servertest.Serve(t, server.Config{Hub: servertest.Hub(t, saga.Definition), Static: static.FS})
	return base
}

func browser(t *testing.T, limit time.Duration) context.Context {
	t.Helper()
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	if why := chrome.Missing(); why != "" {
		chrome.Skip(t, why)
	}
	limited, cancelTime := context.WithTimeout(context.Background(), limit)
	ctx, cancelBrowser, err := chrome.Start(limited, phoneW, phoneH)
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

type phone struct {
	t     *testing.T
	ctx   context.Context
	shots string
}

func newPhone(t *testing.T, browser context.Context, shots string) *phone {
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
	p.run("emulate a phone", chromedp.EmulateViewport(phoneW, phoneH, chromedp.EmulateScale(2), chromedp.EmulateMobile))
	p.run("prefer reduced motion", emulation.SetEmulatedMedia().WithFeatures(
		[]*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}))
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
	first := script
	if i := strings.IndexByte(script, '\n'); i >= 0 {
		first = script[:i] + "…"
	}
	p.run("evaluate "+first, chromedp.Evaluate(script, out))
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

// tap touches the middle of the first element matching sel, as a finger
// would, scrolling it into view when needed; false when there is none.
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
  const hit = document.elementFromPoint(m.X, m.Y);
  if (hit !== e && !e.contains(hit)) { e.scrollIntoView({block: 'center'}); m = mid(); }
  return m;
})(%q)`, sel), &pt)
	if !pt.Found {
		return false
	}
	p.run("tap "+sel, chromedp.MouseClickXY(pt.X, pt.Y))
	return true
}

func (p *phone) mustTap(sel string) {
	p.t.Helper()
	p.wait(sel)
	if !p.tap(sel) {
		p.t.Fatalf("%s went away before the tap", sel)
	}
}

// fits checks that the page does not scroll sideways.
func (p *phone) fits(when string) {
	p.t.Helper()
	var w struct{ Scroll, Inner float64 }
	p.eval(`({Scroll: document.documentElement.scrollWidth, Inner: window.innerWidth})`, &w)
	if w.Inner != phoneW || w.Scroll > w.Inner {
		p.t.Errorf("%s: the page is %vpx wide in a %vpx viewport: it scrolls sideways", when, w.Scroll, w.Inner)
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

func screens(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("SAGA_SCREENS")
	if dir != "" {
		return dir
	}
	dir, err := os.MkdirTemp("", "saga-screens-")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func hex(at string) string { return fmt.Sprintf(`polygon.hit[data-at=%q]`, at) }
