package tactics_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"periscope/e2e/phone"
	"periscope/games/gridtactics"
)

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
// new room, the seat, the bot and the start from the page's own buttons,
// setup by tapping the back row, then taps until one side has no units
// left; then the replay.
func TestPlayAgainstBot(t *testing.T) {
	base := phone.Serve(t, gridtactics.Definition)
	p := phone.New(t, phone.Browser(t, 2*time.Minute, onPhone.Device), screens(t), calmPhone)

	p.Run("open the page", chromedp.Navigate(base+"/tactics.html"))
	p.Wait("#create")
	p.Fits("new match form")
	p.Screenshot("0-new.png")
	code := p.CreateRoom()
	p.TakeSeat("Ada")
	if got := p.Text(`.tx-seat[data-seat="0"] .name`); got != "Red: Ada (you)" {
		t.Errorf("Red's seat reads %q, want Red: Ada (you)", got)
	}
	p.Fits("lobby")
	// Every control a thumb's 44 px, here and at each step below.
	if small := p.SmallTargets(); len(small) > 0 {
		t.Errorf("lobby: controls under 44 px: %q", small)
	}
	p.Screenshot("1-lobby.png")
	p.BotAndStart()
	p.Wait(`body[data-phase="setup"] #ready`)

	// Setup: each tap on the back row places the chosen unit; the choice
	// moves on to the next kind once one kind is all placed.
	var n int
	p.Eval(`document.querySelectorAll('rect.hit').length`, &n)
	if n != 64 {
		t.Fatalf("the board has %d squares, want 64", n)
	}
	var box struct{ W, H float64 }
	p.Eval(`(() => { const r = document.querySelector('rect.hit').getBoundingClientRect(); return {W: r.width, H: r.height}; })()`, &box)
	if box.W < 44 || box.H < 44 {
		t.Errorf("a square is %.1fx%.1f px on a 360px phone, want at least 44x44", box.W, box.H)
	}
	for _, sq := range []string{"A1", "B1", "C1", "D1", "E1", "F1", "H1"} {
		p.MustTap(square(sq))
	}
	var placed []string
	p.Eval(`[...document.querySelectorAll('.tx-svg .units .letter')].map((e) => e.textContent)`, &placed)
	if got := strings.Join(placed, ""); got != "SSSTTAA" {
		t.Errorf("placed %q along the back row, want SSSTTAA", got)
	}
	p.Fits("setup")
	if small := p.SmallTargets(); len(small) > 0 {
		t.Errorf("setup: controls under 44 px: %q", small)
	}
	p.Screenshot("2-setup.png")
	p.MustTap("#ready:not([disabled])")
	p.Wait(`body[data-phase="play"]`)

	// A tap that breaks a rule is refused in the rules' own words, next to
	// the board, and changes nothing.
	p.Wait(`body[data-turn="mine"][data-busy="0"]`)
	p.MustTap(square("A1"))
	var far string
	p.Eval(`[...document.querySelectorAll('rect.hit')].find((r) => r.dataset.mark === '' && Number(r.dataset.sq.slice(1)) >= 5).dataset.sq`, &far)
	p.MustTap(square(far))
	p.Wait("#refusal .refusal")
	if got := p.Text("#refusal"); !strings.Contains(got, "a soldier moves at most 3 squares: A1 to "+far) {
		t.Errorf("moving A1 to %s is refused with %q, want the soldier's reach", far, got)
	}
	var a1 string
	p.Eval(`document.querySelector('rect.hit[data-sq="A1"]').dataset.mark`, &a1)
	if a1 != "ready selected mine" {
		t.Errorf("after the refusal A1 is %q, want the soldier still there, ready and selected", a1)
	}

	taps, attacks, turns := 0, 0, 0
	verdicts := map[string]bool{}
	// Words, not codes: the page's visible text over the whole match.
	// Squares are named as the board labels them (A1..H8); units by kind
	// and square ("your soldier on C4"), never by id (S1, T2, AR1).
	words := phone.NewScan(t, "games/gridtactics")
	words.Axial = true
	words.Forbid = map[string]*regexp.Regexp{"unit id": regexp.MustCompile(`\b(?:AR|S|T)[0-9]{1,2}\b`)}
	// Every mark on the board has its words in the legend under it.
	for _, want := range []string{"S soldier", "? face down", "which one of its kind", "✓ has acted", "the die must show 4 or more"} {
		if got := p.Text("#legend"); !strings.Contains(got, want) {
			t.Errorf("the board's legend reads %q, want %q", got, want)
		}
	}
	for {
		words.Look(p, "play")
		var d decision
		p.Eval(decide, &d)
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
		if d.Attack && attacks == 0 {
			// The first target: it shows its hit chance on the board.
			label := p.Text(".tx-svg .chance")
			if !strings.Contains(label, "+ ") || !strings.HasSuffix(label, "%") {
				t.Errorf("a target is labelled %q, want a chance like 4+ 50%%", label)
			}
			if got := p.Text(".tx-targets .pct"); !strings.Contains(got, "+ = ") {
				t.Errorf("the target list shows %q, want a chance like 4+ = 50%%", got)
			}
			p.Fits("play")
			// Board text (coordinates, unit numbers, the chance) is
			// 11 px or more, every square a 44 px target, on a 360 px
			// phone.
			if small := p.SmallType("#board", 11); len(small) > 0 {
				t.Errorf("board text under 11 px: %q", small)
			}
			if small := p.SmallRegions("rect.hit"); len(small) > 0 {
				t.Errorf("squares under 44 px: %q", small)
			}
			if small := p.SmallTargets(); len(small) > 0 {
				t.Errorf("play: controls under 44 px: %q", small)
			}
			p.Screenshot("3-target.png")
		}
		if d.Attack {
			attacks++
		}
		if d.Tap == "#end-turn" {
			turns++
		}
		if taps++; taps > 2000 {
			p.Screenshot("stuck.png")
			t.Fatalf("no outcome after %d taps (%d turns)", taps, turns)
		}
		// The page may change under the finger; the next look decides again.
		p.Tap(d.Tap)
	}
	t.Logf("match over after %d taps, %d attacks, %d turns ended on the page", taps, attacks, turns)
	if attacks == 0 {
		t.Error("the page never offered a target to attack")
	}
	if !verdicts["hit"] && !verdicts["miss"] {
		t.Error("the dice tray never showed a roll")
	}
	p.EndScreen(true)
	words.LookNow(p, "end")
	words.Report(t, "tactics")
	result := p.Text("#result")
	if !strings.Contains(result, "no units left") || !strings.Contains(result, "Tournament points") {
		t.Errorf("the outcome reads %q, want the reason and the tournament points", result)
	}
	var rolls int
	p.Eval(`document.querySelectorAll('#log li[data-kind="roll"]').length`, &rolls)
	if rolls < attacks {
		t.Errorf("the log shows %d rolls, want at least the %d attacks made on the page", rolls, attacks)
	}
	p.Fits("outcome")
	p.Screenshot("4-outcome.png")

	// The room is finished on the server too, and its replay opens.
	phone.Finished(t, base, code)
	p.ReplayOpen()
	p.ReplayNext(2)
	if got := p.Text("#replay-events"); got != "Blue has placed its units" {
		t.Errorf("version 2 of the replay shows %q, want the bot's setup", got)
	}
	// Red's replay shows what Red saw: nothing of Blue's setup until Red
	// had placed too.
	var pieces int
	p.Eval(`document.querySelectorAll('#board .unit').length`, &pieces)
	if pieces != 0 {
		t.Errorf("version 2 of Red's replay shows %d units, want none while Red still places", pieces)
	}
	p.ReplayNext(3)
	if got := p.Text("#replay-events"); !strings.Contains(got, "goes first") {
		t.Errorf("version 3 of the replay shows %q, want the roll for the first turn", got)
	}
	p.Eval(`document.querySelectorAll('#board .unit').length`, &pieces)
	if pieces != 14 {
		t.Errorf("version 3 of the replay shows %d units, want both armies", pieces)
	}
	p.Screenshot("6-replay.png")
	// Two quick taps go two steps, and the heading names the version the
	// board shows at every drawing on the way (each drawing recorded as
	// the page makes it): back to version 1 and forth to 3, each pair of
	// taps made before the page draws again.
	for _, to := range []struct {
		button   string
		v, units int
	}{{"#replay-prev", 1, 0}, {"#replay-next", 3, 14}} {
		var drawn [][2]any
		p.Eval(fmt.Sprintf(`(() => {
			window.__drawn = [];
			const note = () => window.__drawn.push([document.querySelector('#replay-panel h3')?.textContent || "", document.querySelectorAll('#board .unit').length]);
			window.__watch?.disconnect();
			window.__watch = new MutationObserver(note);
			window.__watch.observe(document.body, {subtree: true, childList: true, characterData: true});
			const b = document.querySelector(%q); b.click(); b.click();
			return [];
		})()`, to.button), &drawn)
		p.Run("two steps of the replay", chromedp.Poll(fmt.Sprintf(`document.querySelector('#replay-panel h3').textContent.startsWith('Replay: version %d of')`, to.v), nil))
		p.Eval(`(() => { window.__watch.disconnect(); return window.__drawn })()`, &drawn)
		want := fmt.Sprintf("Replay: version %d of", to.v)
		for _, d := range drawn {
			if h, _ := d[0].(string); strings.HasPrefix(h, want) && int(d[1].(float64)) != to.units {
				t.Errorf("a drawing of the replay says %q over a board of %v units, want %d", h, d[1], to.units)
			}
		}
	}
	// The replay plays and marks each version's moves on the board, as
	// the live board does, and tells them in words.
	if v, ok := p.ReplayToMarks(3, 12); !ok {
		t.Error("no version of the replay's first turns marked a move on the board")
	} else if m := p.Marked(); !m.Any("from") || !m.Any("to") || !m.Says("moved from") {
		t.Errorf("version %d of the replay marks %v and tells %q, want the move from and to, in words", v, m.Places, m.Card)
	} else {
		p.ShowTurn()
		p.Screenshot("6b-replay-move.png")
	}
	p.MustTap("#replay-close")

	// The rematch with the sides swapped, in one tap: Ada plays Blue
	// against the same bot, in a new room that starts at once (only bots
	// to wait for).
	p.MustTap("#rematch-swap")
	p.Navigated("Ada's seat in the rematch", `location.search.includes("seat=1") && !location.search.includes("room=`+code+`")`)
	p.Wait(`body[data-phase="setup"] #ready`)
	if got := p.Text(`#sides`); !strings.Contains(got, "Blue") {
		t.Errorf("in the rematch the sides read %q", got)
	}
	var seat string
	p.Eval(`document.body.dataset.seat`, &seat)
	if seat != "1" {
		t.Errorf("in the rematch Ada holds seat %s, want Blue's (1)", seat)
	}
	p.Screenshot("7-rematch.png")
}

// TestTwoPhonesHiddenSetup is a match between two phones with hidden
// setup: the second phone joins by the room's address, each sees the
// other's army face down, a move turns a unit face up on both screens, and
// ending the turn early asks to be sure.
func TestTwoPhonesHiddenSetup(t *testing.T) {
	base := phone.Serve(t, gridtactics.Definition)
	shots := screens(t)
	b := phone.Browser(t, time.Minute, onPhone.Device)
	red := phone.New(t, b, shots, onPhone)
	blue := phone.New(t, b, shots, onPhone)

	red.Run("open the page", chromedp.Navigate(base+"/tactics.html"))
	red.MustTap("#opt-hidden_setup")
	red.MustTap("#opt-time_limit")
	red.MustTap("#create")
	red.Wait(`[data-take="0"]`)
	var code string
	red.Eval(`new URLSearchParams(location.search).get('room')`, &code)
	red.Run("type a name", chromedp.SendKeys("#name", "Ada", chromedp.ByQuery))
	red.MustTap(`[data-take="0"]`)
	red.Wait("#start")
	if got := red.Text("#options"); !strings.Contains(got, "hidden setup") || !strings.Contains(got, "15-minute limit") {
		t.Errorf("the lobby shows options %q, want hidden setup and the time limit", got)
	}

	blue.Run("open the room", chromedp.Navigate(base+"/tactics.html?room="+code))
	blue.Wait(`[data-take="1"]`)
	blue.Fits("spectator lobby")
	blue.Screenshot("4-blue-lobby.png")
	blue.Run("type a name", chromedp.SendKeys("#name", "Bob", chromedp.ByQuery))
	blue.MustTap(`[data-take="1"]`)
	blue.Wait(`.tx-seat[data-seat="1"].mine`)
	if got := blue.Text(`.tx-seat[data-seat="0"] .name`); got != "Red: Ada" {
		t.Errorf("Blue's phone shows Red's seat as %q, want Red: Ada", got)
	}
	red.MustTap("#start:not([disabled])")

	// Red fills its row at once; Blue places by tapping on a board turned
	// round, its own back row (rank 8) at the bottom.
	red.MustTap("#fill")
	red.MustTap("#ready:not([disabled])")
	blue.Wait(`body[data-phase="setup"] #ready`)
	var bottom string
	blue.Eval(`(() => { const r = [...document.querySelectorAll('rect.hit')].sort((a, c) => c.getBoundingClientRect().top - a.getBoundingClientRect().top || a.getBoundingClientRect().left - c.getBoundingClientRect().left)[0]; return r.dataset.sq; })()`, &bottom)
	if bottom != "H8" {
		t.Errorf("Blue's bottom-left square is %s, want H8 (the board turned round)", bottom)
	}
	for _, sq := range []string{"H8", "G8", "F8", "E8", "D8", "C8", "B8"} {
		blue.MustTap(square(sq))
	}
	blue.MustTap("#ready:not([disabled])")
	red.Wait(`body[data-phase="play"]`)
	blue.Wait(`body[data-phase="play"]`)

	for _, c := range []struct {
		p    *phone.Phone
		name string
	}{{red, "Red"}, {blue, "Blue"}} {
		var letters struct{ Mine, Theirs string }
		c.p.Eval(`(() => {
  const l = (sel) => [...document.querySelectorAll(sel)].map((e) => e.textContent).join('');
  return {Mine: l('#board .unit.mine .letter'), Theirs: l('#board .unit:not(.mine) .letter')};
})()`, &letters)
		if len(letters.Mine) != 7 || strings.Contains(letters.Mine, "?") {
			t.Errorf("%s sees its own units as %q, want 7 letters", c.name, letters.Mine)
		}
		if letters.Theirs != "???????" {
			t.Errorf("%s sees the other army as %q, want 7 face-down units", c.name, letters.Theirs)
		}
	}
	if got := blue.Text("#clock"); !strings.HasPrefix(got, "⏱ 14:") && !strings.HasPrefix(got, "⏱ 15:") {
		t.Errorf("the clock reads %q, want about 15 minutes left", got)
	}
	blue.Fits("hidden setup")
	blue.Screenshot("5-blue-hidden.png")

	// Whoever starts moves a soldier two squares forward; the other phone
	// sees it arrive face up. Ending the turn with units still ready takes
	// a second tap.
	var redFirst bool
	red.Eval(`document.body.dataset.turn === 'mine'`, &redFirst)
	mover, watcher, from, to := red, blue, "A1", "A3"
	if !redFirst {
		mover, watcher, from, to = blue, red, "H8", "H6"
	}
	mover.Wait(`body[data-turn="mine"][data-busy="0"]`)
	var kind string
	mover.Eval(`document.querySelector('rect.hit[data-sq="`+from+`"]').getAttribute('aria-label')`, &kind)
	if !strings.Contains(kind, "soldier") {
		t.Fatalf("%s holds %q, want a soldier", from, kind)
	}
	mover.MustTap(square(from))
	mover.MustTap(square(to))
	watcher.Run("see the move", chromedp.Poll(`(document.querySelector('rect.hit[data-sq="`+to+`"]').getAttribute('aria-label') || '').includes('soldier')`, nil))
	if got := watcher.Text("#log li"); !strings.Contains(got, "moves from "+from+" to "+to) {
		t.Errorf("the other phone's log starts with %q, want the move", got)
	}
	// A reload (or a phone waking up) rejoins the same seat by itself.
	mover.Run("reload", chromedp.Reload())
	mover.Wait(`body[data-turn="mine"][data-busy="0"] #end-turn`)
	var after string
	mover.Eval(`document.querySelector('rect.hit[data-sq="`+to+`"]').dataset.mark`, &after)
	if after != "mine" {
		t.Errorf("after a reload %s is %q, want the soldier that moved there (spent)", to, after)
	}
	if got := mover.Text("#log"); !strings.Contains(got, "for the first turn") {
		t.Errorf("after a reload the log reads %q, want the dice so far", got)
	}
	mover.MustTap("#end-turn")
	mover.Wait(`#end-turn[data-armed="true"]`)
	if got := mover.Text("#end-turn"); !strings.Contains(got, "6 units could still act") {
		t.Errorf("the armed end-turn button reads %q, want the count of units still able to act", got)
	}
	mover.MustTap("#end-turn")
	watcher.Wait(`body[data-turn="mine"][data-busy="0"]`)
	mover.Wait(`body[data-turn="theirs"]`)
}

// TestBotTurnStepByStep: on a phone that does not ask for reduced motion,
// the bot's turn is shown one action at a time, each held on screen,
// rather than jumping straight to the end of its turn.
func TestBotTurnStepByStep(t *testing.T) {
	base := phone.Serve(t, gridtactics.Definition)
	p := phone.New(t, phone.Browser(t, time.Minute, onPhone.Device), screens(t), onPhone)
	p.Run("open the page", chromedp.Navigate(base+"/tactics.html"))
	p.MustTap("#create")
	p.MustTap(`[data-take="0"]`)
	p.BotAndStart()
	p.MustTap("#fill")
	p.MustTap("#ready:not([disabled])")
	p.Wait(`body[data-phase="play"]`)

	// What the page shows while Blue plays: the board as the units stand.
	const look = `(() => ({
  Theirs: document.body.dataset.turn === 'theirs' && document.getElementById('prompt').textContent === 'Blue is playing',
  Mine: document.body.dataset.turn === 'mine' && document.body.dataset.busy === '0',
  Board: [...document.querySelectorAll('#board rect.hit')].map((r) => r.getAttribute('aria-label')).join(';'),
}))()`
	type state struct {
		Theirs, Mine bool
		Board        string
	}
	for turn := 0; turn < 4; turn++ {
		var s state
		var before string
		// Red ends its turn without acting (two taps: units could still act).
		for !s.Mine {
			p.Eval(look, &s)
			before = s.Board
			time.Sleep(20 * time.Millisecond)
		}
		p.MustTap("#end-turn")
		p.MustTap(`#end-turn[data-armed="true"]`)
		between := map[string]bool{}
		deadline := time.Now().Add(30 * time.Second)
		for {
			p.Eval(look, &s)
			if s.Mine {
				break
			}
			if s.Theirs && s.Board != before {
				between[s.Board] = true
			}
			if time.Now().After(deadline) {
				t.Fatal("the bot's turn never ended on the page")
			}
			time.Sleep(15 * time.Millisecond)
		}
		delete(between, s.Board)
		if len(between) > 0 {
			t.Logf("turn %d: saw %d board(s) between the start and the end of the bot's turn", turn+1, len(between))
			return
		}
		if s.Board != before {
			t.Fatalf("the bot's turn %d changed the board, but the page jumped straight to its end", turn+1)
		}
		// The bot passed without acting: try another turn.
	}
	t.Fatal("the bot never acted in 4 turns")
}
