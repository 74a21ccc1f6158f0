package tactics_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
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

	"periscope/rooms"
	"periscope/rooms/gridtactics"
	"periscope/server"
	"periscope/static"
)

const chromium = "/usr/bin/chromium"

// serve starts the real server with the embedded pages on a free port.
func serve(t *testing.T) string {
	t.Helper()
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	hub, err := rooms.NewHub(rooms.Config{Store: rooms.NewMemoryStore(), Games: []rooms.Definition{gridtactics.Definition}, Log: logger})
	if err != nil {
		t.Fatal(err)
	}
	srv := server.New(server.Config{Hub: hub, Static: static.FS, Log: logger})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Shutdown(ctx); err != nil {
			t.Errorf("shutdown: %v", err)
		}
		hub.Close()
	})
	return "http://" + ln.Addr().String()
}

// phone opens a headless Chromium emulating a 360x640 phone that prefers
// reduced motion (the page then shows the bot's turn without pauses).
func phone(t *testing.T, limit time.Duration) context.Context {
	t.Helper()
	if _, err := os.Stat(chromium); err != nil {
		t.Skipf("browser test skipped: Chromium is not installed at %s (apt-get install chromium)", chromium)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chromium),
		chromedp.NoSandbox,
		chromedp.Headless,
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.NoFirstRun,
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelCtx := chromedp.NewContext(actx)
	ctx, cancelTime := context.WithTimeout(ctx, limit)
	t.Cleanup(func() {
		cancelTime()
		cancelCtx()
		cancelAlloc()
	})
	// A script error on the page fails the test, with the page's own words.
	chromedp.ListenTarget(ctx, func(ev any) {
		switch e := ev.(type) {
		case *runtime.EventExceptionThrown:
			t.Errorf("page error: %s", e.ExceptionDetails.Error())
		case *runtime.EventConsoleAPICalled:
			var parts []string
			for _, a := range e.Args {
				parts = append(parts, string(a.Value))
			}
			t.Logf("console.%s: %s", e.Type, strings.Join(parts, " "))
		}
	})
	reduce := []*emulation.MediaFeature{{Name: "prefers-reduced-motion", Value: "reduce"}}
	if err := chromedp.Run(ctx,
		chromedp.Emulate(device.GalaxyS5),
		emulation.SetEmulatedMedia().WithFeatures(reduce),
	); err != nil {
		t.Fatalf("start chromium: %v", err)
	}
	return ctx
}

func run(t *testing.T, ctx context.Context, what string, actions ...chromedp.Action) {
	t.Helper()
	if err := chromedp.Run(ctx, actions...); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
}

func text(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	var s string
	run(t, ctx, "read "+sel, chromedp.Evaluate(fmt.Sprintf(`(document.querySelector(%q) || {}).textContent || ""`, sel), &s))
	return s
}

// noSideScroll checks the page fits the phone's width.
func noSideScroll(t *testing.T, ctx context.Context, when string) {
	t.Helper()
	var w struct{ Scroll, Inner float64 }
	run(t, ctx, "measure width", chromedp.Evaluate(`({Scroll: document.documentElement.scrollWidth, Inner: window.innerWidth})`, &w))
	if w.Inner != 360 {
		t.Errorf("%s: the phone is %vpx wide, want 360", when, w.Inner)
	}
	if w.Scroll > w.Inner {
		t.Errorf("%s: the page scrolls sideways: %vpx of content on a %vpx screen", when, w.Scroll, w.Inner)
	}
}

func screenshot(t *testing.T, ctx context.Context, dir, name string) {
	t.Helper()
	var png []byte
	run(t, ctx, "screenshot", chromedp.CaptureScreenshot(&png))
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", path)
}

// tap touches the middle of the element sel, as a finger would, scrolling
// it into view first when it is off screen.
func tap(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	var pt struct {
		X, Y  float64
		Found bool
	}
	js := fmt.Sprintf(`((sel) => {
  const e = document.querySelector(sel);
  if (!e) return {Found: false};
  let r = e.getBoundingClientRect();
  if (r.top < 0 || r.bottom > innerHeight) { e.scrollIntoView({block: 'center'}); r = e.getBoundingClientRect(); }
  return {X: r.left + r.width / 2, Y: r.top + r.height / 2, Found: true};
})(%q)`, sel)
	run(t, ctx, "find "+sel, chromedp.Evaluate(js, &pt))
	if !pt.Found {
		// The page changed under the finger; the next look decides again.
		return
	}
	run(t, ctx, "tap "+sel, chromedp.MouseClickXY(pt.X, pt.Y))
}

// decide is a simple player, reading only what the page shows: fire the
// artillery's second shot, attack any highlighted target, else move the
// selected unit to the highlighted square nearest an enemy, else select a
// ready unit, else end the turn. It answers a CSS selector to tap.
const decide = `(() => {
  const b = document.body.dataset;
  if (document.getElementById('result')) return {done: true};
  const verdict = document.querySelector('[data-verdict]');
  const seen = verdict ? verdict.dataset.verdict : '';
  if (b.busy === '1' || b.turn !== 'mine' || b.phase !== 'play') return {seen};
  if (document.getElementById('again')) return {tap: '#again', seen};
  const squares = [...document.querySelectorAll('rect.hit')].map((r) => ({sq: r.dataset.sq, m: r.dataset.mark.split(' ')}));
  const has = (x, k) => x.m.includes(k);
  const at = (x) => 'rect.hit[data-sq="' + x.sq + '"]';
  const target = squares.find((x) => has(x, 'target'));
  if (target) return {tap: at(target), seen, attack: true};
  if (squares.some((x) => has(x, 'selected'))) {
    const enemies = squares.filter((x) => has(x, 'enemy'));
    const dist = (a, c) => Math.max(Math.abs(a.sq.charCodeAt(0) - c.sq.charCodeAt(0)), Math.abs(Number(a.sq.slice(1)) - Number(c.sq.slice(1))));
    const near = (x) => Math.min(...enemies.map((e) => dist(x, e)));
    const moves = squares.filter((x) => has(x, 'move') || has(x, 'staging'));
    moves.sort((p, q) => near(p) - near(q));
    if (moves.length) return {tap: at(moves[0]), seen};
  }
  const ready = squares.find((x) => has(x, 'ready'));
  if (ready) return {tap: at(ready), seen};
  return {tap: '#end-turn', seen};
})()`

type decision struct {
	Done   bool   `json:"done"`
	Tap    string `json:"tap"`
	Seen   string `json:"seen"`
	Attack bool   `json:"attack"`
}

// TestPlayAgainstBot plays a whole match on the page against the bot: a
// new room, seat and bot and start from the page's own buttons, setup by
// tapping the back row, then taps until one side has no units left.
func TestPlayAgainstBot(t *testing.T) {
	if testing.Short() {
		t.Skip("browser test skipped in -short mode")
	}
	base := serve(t)
	ctx := phone(t, 3*time.Minute)
	shots, err := os.MkdirTemp("", "tactics-screens-")
	if err != nil {
		t.Fatal(err)
	}

	run(t, ctx, "open the page", chromedp.Navigate(base+"/tactics.html"), chromedp.WaitVisible("#create", chromedp.ByQuery))
	noSideScroll(t, ctx, "new match form")
	run(t, ctx, "create a room",
		chromedp.Click("#create", chromedp.ByQuery),
		chromedp.WaitVisible(`[data-take="0"]`, chromedp.ByQuery))
	var url string
	run(t, ctx, "read the address", chromedp.Location(&url))
	code := url[strings.Index(url, "room=")+len("room="):]
	run(t, ctx, "take Red",
		chromedp.SendKeys("#name", "Ada", chromedp.ByQuery),
		chromedp.Click(`[data-take="0"]`, chromedp.ByQuery),
		chromedp.WaitVisible("#bot", chromedp.ByQuery))
	if got := text(t, ctx, `.tx-seat[data-seat="0"] .name`); !strings.Contains(got, "Ada (you)") {
		t.Errorf("Red's seat reads %q, want Ada (you)", got)
	}
	noSideScroll(t, ctx, "lobby")
	screenshot(t, ctx, shots, "1-lobby.png")
	run(t, ctx, "seat the bot and start",
		chromedp.Click("#bot", chromedp.ByQuery),
		chromedp.WaitVisible(`#start:not([disabled])`, chromedp.ByQuery),
		chromedp.Click("#start", chromedp.ByQuery),
		chromedp.WaitVisible(`body[data-phase="setup"] #ready`, chromedp.ByQuery))

	// Setup: a tap on each back-row square places the chosen unit and moves
	// on to the next kind once one is all placed.
	var size int
	run(t, ctx, "count squares", chromedp.Evaluate(`document.querySelectorAll('rect.hit').length`, &size))
	if size != 64 {
		t.Fatalf("the board has %d squares, want 64", size)
	}
	var sq struct{ W, H float64 }
	run(t, ctx, "measure a square", chromedp.Evaluate(`(() => { const r = document.querySelector('rect.hit').getBoundingClientRect(); return {W: r.width, H: r.height}; })()`, &sq))
	if sq.W < 44 || sq.H < 44 {
		t.Errorf("a square is %.1fx%.1f px on a 360px phone, want at least 44x44", sq.W, sq.H)
	}
	for _, s := range []string{"A1", "B1", "C1", "D1", "E1", "F1", "H1"} {
		run(t, ctx, "place on "+s, chromedp.Click(fmt.Sprintf(`rect.hit[data-sq=%q]`, s), chromedp.ByQuery))
	}
	var placed []string
	run(t, ctx, "read the setup", chromedp.Evaluate(`[...document.querySelectorAll('.tx-svg .units .letter')].map((e) => e.textContent)`, &placed))
	if got := strings.Join(placed, ""); got != "SSSTTAA" {
		t.Errorf("placed %q along the back row, want SSSTTAA", got)
	}
	noSideScroll(t, ctx, "setup")
	screenshot(t, ctx, shots, "2-setup.png")
	run(t, ctx, "ready", chromedp.Click(`#ready:not([disabled])`, chromedp.ByQuery),
		chromedp.WaitVisible(`body[data-phase="play"]`, chromedp.ByQuery))

	// A tap that breaks a rule is refused in the rules' words, next to
	// the board, and changes nothing.
	run(t, ctx, "wait for Red's turn", chromedp.WaitVisible(`body[data-turn="mine"][data-busy="0"]`, chromedp.ByQuery))
	tap(t, ctx, `rect.hit[data-sq="A1"]`)
	var far string
	run(t, ctx, "find a far square", chromedp.Evaluate(`[...document.querySelectorAll('rect.hit')].find((r) => r.dataset.mark === '' && Number(r.dataset.sq.slice(1)) >= 5).dataset.sq`, &far))
	tap(t, ctx, fmt.Sprintf(`rect.hit[data-sq=%q]`, far))
	run(t, ctx, "wait for the refusal", chromedp.WaitVisible(`#refusal .refusal`, chromedp.ByQuery))
	if got := text(t, ctx, "#refusal"); !strings.Contains(got, "a soldier moves at most 3 squares: A1 to "+far) {
		t.Errorf("moving A1 to %s is refused with %q, want the soldier's reach", far, got)
	}
	var stillThere string
	run(t, ctx, "read A1", chromedp.Evaluate(`document.querySelector('rect.hit[data-sq="A1"]').dataset.mark`, &stillThere))
	if stillThere != "ready selected mine" {
		t.Errorf("after the refusal A1 is %q, want the soldier still there, ready and selected", stillThere)
	}

	taps, attacks, turns := 0, 0, 0
	verdicts := map[string]bool{}
	shot := false
	for {
		var d decision
		run(t, ctx, "decide", chromedp.Evaluate(decide, &d))
		if d.Seen != "" {
			verdicts[d.Seen] = true
		}
		if d.Done {
			break
		}
		if d.Tap == "" {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		if d.Attack {
			attacks++
			if !shot {
				// The first attack: the target shows its hit chance.
				label := text(t, ctx, ".tx-svg .chance")
				if !strings.Contains(label, "+ ") || !strings.HasSuffix(label, "%") {
					t.Errorf("a target is labelled %q, want a chance like 4+ 50%%", label)
				}
				noSideScroll(t, ctx, "play")
				screenshot(t, ctx, shots, "3-target.png")
				shot = true
			}
		}
		if d.Tap == "#end-turn" {
			turns++
		}
		if taps++; taps > 2000 {
			screenshot(t, ctx, shots, "stuck.png")
			t.Fatalf("no outcome after %d taps (%d turns)", taps, turns)
		}
		tap(t, ctx, d.Tap)
	}
	t.Logf("match over after %d taps, %d attacks, %d turns ended by the page", taps, attacks, turns)
	if attacks == 0 {
		t.Error("the page never offered a target to attack")
	}
	if !verdicts["hit"] && !verdicts["miss"] {
		t.Error("the dice tray never showed a roll")
	}
	result := text(t, ctx, "#result")
	if !strings.Contains(result, "You win!") && !strings.Contains(result, "You lose") {
		t.Errorf("the outcome reads %q, want You win! or You lose", result)
	}
	if !strings.Contains(result, "no units left") || !strings.Contains(result, "Tournament points") {
		t.Errorf("the outcome reads %q, want the reason and the tournament points", result)
	}
	var logLines int
	run(t, ctx, "count the log", chromedp.Evaluate(`document.querySelectorAll('#log li[data-kind="roll"]').length`, &logLines))
	if logLines < attacks {
		t.Errorf("the log shows %d rolls, want at least the %d attacks made on the page", logLines, attacks)
	}
	noSideScroll(t, ctx, "outcome")
	screenshot(t, ctx, shots, "4-outcome.png")

	// The room is finished on the server too, and the replay opens.
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
	run(t, ctx, "open the replay",
		chromedp.Click("#replay-open", chromedp.ByQuery),
		chromedp.WaitVisible(`#replay-panel h3`, chromedp.ByQuery),
		chromedp.Click("#replay-next", chromedp.ByQuery),
		chromedp.Poll(`document.querySelector('#replay-panel h3').textContent.startsWith('Replay: version 2 of')`, nil))
	if got := text(t, ctx, "#replay-events"); !strings.Contains(got, "Red has placed its units") && !strings.Contains(got, "Blue has placed its units") {
		t.Errorf("version 2 of the replay shows %q, want a setup", got)
	}
}
