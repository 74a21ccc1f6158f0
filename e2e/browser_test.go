package e2e

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"periscope/e2e/chrome"
	"periscope/games/gridtactics"
	"periscope/roles"
	"periscope/server"
	"periscope/server/servertest"
	"periscope/static"
)

// Phone screen: the smallest the pages promise to fit.
const (
	phoneW = 360
	phoneH = 640
)

var (
	browser   context.Context // one browser for the whole test binary
	noBrowser string          // why the browser tests skip, if they do
	shots     string          // where screenshots go
)

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	flag.Parse()
	if testing.Short() {
		// Whole matches in Chromium are the full suite's, as the pocket
		// games' (e2e/phone.Browser): no browser to start, and every test
		// that needs it skips (chrome.Skip) rather than fails.
		noBrowser = "-short mode"
		os.Setenv(chrome.SkipEnv, "1")
		return m.Run()
	}
	if noBrowser = chrome.Missing(); noBrowser != "" {
		return m.Run()
	}
	ctx, cancel, err := chrome.Start(context.Background(), phoneW, phoneH)
	if err != nil {
		noBrowser = err.Error()
		return m.Run()
	}
	defer cancel()
	browser = ctx
	dir, err := os.MkdirTemp("", "periscope-screens-")
	if err == nil {
		shots = dir
	}
	return m.Run()
}

// env is a server with the real games and the embedded pages.
type env struct {
	base string
}

func start(t *testing.T) *env {
	t.Helper()
	if noBrowser != "" {
		chrome.Skip(t, noBrowser)
	}
	_, base := servertest.Serve(t, server.Config{Hub: servertest.Hub(t, roles.Definition, gridtactics.Definition), Static: static.FS})
	return &env{base: base}
}

// phone is one browser tab with its own storage, as a separate device.
type phone struct {
	t    *testing.T
	name string
	ctx  context.Context
	base string

	mu     sync.Mutex
	errors []string // uncaught exceptions and console errors
}

func (e *env) phone(t *testing.T, name string) *phone {
	t.Helper()
	ctx, cancel := newTab(t)
	t.Cleanup(cancel)
	p := &phone{t: t, name: name, ctx: ctx, base: e.base}
	chromedp.ListenTarget(ctx, func(ev any) {
		switch ev := ev.(type) {
		case *runtime.EventExceptionThrown:
			p.record("exception: " + ev.ExceptionDetails.Error())
		case *runtime.EventConsoleAPICalled:
			if ev.Type == runtime.APITypeError {
				var parts []string
				for _, a := range ev.Args {
					parts = append(parts, strings.Trim(string(a.Value), `"`)+a.Description)
				}
				p.record("console.error: " + strings.Join(parts, " "))
			}
		}
	})
	// The first Run attaches the tab; it must use the tab's own context,
	// not one with a deadline, or the tab goes when the deadline does.
	if err := chromedp.Run(ctx); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	p.run(chromedp.EmulateViewport(phoneW, phoneH))
	t.Cleanup(func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		for _, e := range p.errors {
			// A closing websocket at the end of a test is not the page's fault.
			if strings.Contains(e, "WebSocket") {
				continue
			}
			t.Errorf("%s: %s", p.name, e)
		}
	})
	return p
}

// newTab opens a tab that is a separate phone (its own storage).
func newTab(t *testing.T) (context.Context, context.CancelFunc) {
	t.Helper()
	ctx, cancel, err := chrome.NewTab(browser)
	if err != nil {
		t.Fatal(err)
	}
	return ctx, cancel
}

// size turns the phone into a screen of another size (the table screen).
func (p *phone) size(w, h int64) {
	p.t.Helper()
	p.run(chromedp.EmulateViewport(w, h))
}

func (p *phone) record(s string) {
	p.mu.Lock()
	p.errors = append(p.errors, s)
	p.mu.Unlock()
}

// patience bounds one wait for the page. It is generous because CI runs
// these tests beside other packages on two cores: a slow page still
// passes, a page that never shows what a player needs still fails.
const patience = 45 * time.Second

func (p *phone) run(actions ...chromedp.Action) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, patience)
	defer cancel()
	if err := chromedp.Run(ctx, actions...); err != nil {
		p.fail("%v", err)
	}
}

// fail ends the test with the page's text and a screenshot of it.
func (p *phone) fail(format string, args ...any) {
	p.t.Helper()
	var text string
	ctx, cancel := context.WithTimeout(p.ctx, 3*time.Second)
	defer cancel()
	_ = chromedp.Run(ctx, chromedp.Evaluate(`document.body ? document.body.innerText.slice(0, 1500) : ""`, &text))
	p.screenshot("FAIL-" + p.name)
	p.t.Fatalf("%s: %s\npage text:\n%s", p.name, fmt.Sprintf(format, args...), text)
}

func (p *phone) open(path string) {
	p.t.Helper()
	p.run(chromedp.Navigate(p.base + path))
}

// eval evaluates a JavaScript expression into out.
func (p *phone) eval(expr string, out any) {
	p.t.Helper()
	p.run(chromedp.Evaluate(expr, out))
}

// until waits for a JavaScript expression to be truthy and returns its
// value as JSON. Pages update from the server: tests wait for what a
// player would see, never for a fixed time.
func (p *phone) until(what, expr string) json.RawMessage {
	p.t.Helper()
	deadline := time.Now().Add(patience)
	for {
		var out json.RawMessage
		ctx, cancel := context.WithTimeout(p.ctx, 5*time.Second)
		err := chromedp.Run(ctx, chromedp.Evaluate(expr, &out))
		cancel()
		if err == nil && len(out) > 0 && string(out) != "null" && string(out) != "false" && string(out) != `""` && string(out) != "0" {
			return out
		}
		if time.Now().After(deadline) {
			p.fail("waiting for %s (%s): last %s, %v", what, expr, out, err)
		}
		time.Sleep(40 * time.Millisecond)
	}
}

// see waits for an element matching sel.
func (p *phone) see(sel string) {
	p.t.Helper()
	p.until(sel, fmt.Sprintf(`!!document.querySelector(%q)`, sel))
}

// text waits for sel and returns its text.
func (p *phone) text(sel string) string {
	p.t.Helper()
	var s string
	if err := json.Unmarshal(p.until(sel, fmt.Sprintf(`(document.querySelector(%q) || {}).textContent || null`, sel)), &s); err != nil {
		p.fail("text of %s: %v", sel, err)
	}
	return s
}

// tap waits until the element is there, enabled and laid out, scrolls it
// into view and taps its centre with a real pointer event.
//
// A live update may move the page between finding the element and the
// finger coming down (a banner appears, a list is redrawn). The tap then
// lands on something else: a guard cancels such a click before the page
// sees it, and the tap is tried again, so a test never loses a tap, nor
// makes one it did not mean.
func (p *phone) tap(sel string) {
	p.t.Helper()
	for try := 1; ; try++ {
		raw := p.until("tap "+sel, fmt.Sprintf(`(() => {
			const el = document.querySelector(%q);
			if (!el || el.disabled || el.getAttribute("aria-disabled") === "true") return null;
			el.scrollIntoView({block: "center", inline: "center"});
			const r = el.getBoundingClientRect();
			if (!r.width || !r.height) return null;
			return [r.left + r.width / 2, r.top + r.height / 2];
		})()`, sel))
		var at [2]float64
		if err := json.Unmarshal(raw, &at); err != nil {
			p.fail("tap %s: %v", sel, err)
		}
		p.eval(chrome.ArmTap(sel), nil)
		p.run(chromedp.MouseClickXY(at[0], at[1]))
		var hit bool
		p.eval(chrome.TapLanded, &hit)
		if hit {
			return
		}
		if try == 5 {
			p.fail("tap %s: five taps landed elsewhere (the page kept moving under the finger)", sel)
		}
	}
}

// typeIn taps an input and types s over its text, key by key.
func (p *phone) typeIn(sel, s string) {
	p.t.Helper()
	p.tap(sel)
	p.eval(fmt.Sprintf(`document.querySelector(%q).select(), true`, sel), nil)
	p.run(chromedp.KeyEvent(s))
	var got string
	p.eval(fmt.Sprintf(`document.querySelector(%q).value`, sel), &got)
	if got != s {
		p.fail("typed %q into %s, it holds %q", s, sel, got)
	}
}

// choose picks an option of a select box, as the phone's picker does.
func (p *phone) choose(sel, value string) {
	p.t.Helper()
	p.see(sel)
	var got string
	p.eval(fmt.Sprintf(`(() => {
		const el = document.querySelector(%q);
		el.value = %q;
		el.dispatchEvent(new Event("change", {bubbles: true}));
		return el.value;
	})()`, sel, value), &got)
	if got != value {
		p.fail("%s has no option %q", sel, value)
	}
}

// trace draws along the given points (client pixels) with the button held.
func (p *phone) trace(points [][2]float64) {
	p.t.Helper()
	if len(points) == 0 {
		p.fail("nothing to trace")
	}
	acts := []chromedp.Action{input.DispatchMouseEvent(input.MousePressed, points[0][0], points[0][1]).
		WithButton(input.Left).WithButtons(1).WithClickCount(1)}
	for _, pt := range points[1:] {
		acts = append(acts, input.DispatchMouseEvent(input.MouseMoved, pt[0], pt[1]).WithButton(input.Left).WithButtons(1))
	}
	last := points[len(points)-1]
	acts = append(acts, input.DispatchMouseEvent(input.MouseReleased, last[0], last[1]).WithButton(input.Left).WithClickCount(1))
	p.run(acts...)
}

func (p *phone) screenshot(name string) {
	if shots == "" {
		return
	}
	var buf []byte
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	defer cancel()
	// From the top, so the sticky header sits where a player sees it.
	if err := chromedp.Run(ctx, chromedp.Evaluate(`window.scrollTo(0, 0)`, nil), chromedp.FullScreenshot(&buf, 100)); err != nil {
		p.t.Logf("screenshot %s: %v", name, err)
		return
	}
	path := filepath.Join(shots, name+".png")
	if err := os.WriteFile(path, buf, 0o644); err != nil {
		p.t.Logf("screenshot %s: %v", name, err)
	}
}

// fits checks the page at 360x640: nothing wider than the screen, and the
// key controls there, laid out and on screen horizontally. It saves a
// screenshot for review.
func (p *phone) fits(shot string, keys ...string) {
	p.t.Helper()
	var width int
	p.eval(`document.documentElement.scrollWidth`, &width)
	if width > phoneW {
		var wide string
		p.eval(`[...document.querySelectorAll("body *")].filter(e => e.getBoundingClientRect().right > innerWidth + 1).slice(0, 5).map(e => e.tagName + "." + e.className.baseVal + e.className).join(", ")`, &wide)
		p.fail("the page is %dpx wide at %dpx: horizontal scroll (%s)", width, phoneW, wide)
	}
	for _, k := range keys {
		var ok bool
		p.eval(fmt.Sprintf(`(() => {
			const el = document.querySelector(%q);
			if (!el) return false;
			const r = el.getBoundingClientRect();
			return r.width >= 1 && r.height >= 1 && r.left >= 0 && r.right <= innerWidth + 0.5 && getComputedStyle(el).visibility !== "hidden";
		})()`, k), &ok)
		if !ok {
			p.fail("key control %s is missing or off screen at %dx%d", k, phoneW, phoneH)
		}
	}
	p.screenshot(shot)
}

// smallTargets lists buttons smaller than 44 px on either side.
func (p *phone) smallTargets() []string {
	p.t.Helper()
	var small []string
	p.eval(`[...document.querySelectorAll("button, a.button, input, select, [role=button]")]
		.filter(e => { const r = e.getBoundingClientRect(); return r.width > 0 && (r.width < 43.5 || r.height < 43.5) && e.type !== "checkbox" && e.type !== "radio"; })
		.map(e => (e.id || e.dataset.cell || e.textContent || e.tagName).trim().slice(0, 20))`, &small)
	return small
}

func logShots(t *testing.T) {
	if shots != "" {
		t.Logf("screenshots: %s", shots)
	}
}
