package pocketsub_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"periscope/e2e/phone"
	"periscope/games/pocketsub"
)

// decide is a player that reads only what the page shows. With a move
// chosen it taps a ringed Mine spot, then Move; with a Sub selected it
// taps a next step marked safe on the ocean (or, when every way loses the
// Sub, a whole move from the list); otherwise it taps one of its framed
// Subs. It answers a CSS selector to tap.
const decide = `(() => {
  const b = document.body.dataset;
  if (document.getElementById('result')) return {done: true};
  if (b.busy === '1' || b.turn !== 'mine' || b.phase !== 'playing') return {};
  const confirm = document.getElementById('confirm');
  if (confirm) {
    if (!confirm.disabled) return {tap: '#confirm', doomed: confirm.classList.contains('danger')};
    const spot = document.querySelector('polygon.hit[data-mark~="minespot"]');
    if (spot) return {tap: 'polygon.hit[data-region="' + spot.dataset.region + '"]', mine: true};
  }
  const win = document.querySelector('#moves button[data-fate="win"]');
  if (win) return {tap: '#moves button[data-fate="win"]'};
  const steps = [...document.querySelectorAll('polygon.hit[data-mark~="step"]')];
  // A step in sight on the ocean (zoomed in, a far one may be out of
  // view: then a whole safe move from the list).
  const box = document.querySelector('svg.ps-svg')?.getBoundingClientRect();
  const inSight = (e) => { const r = e.getBoundingClientRect(); const x = r.left + r.width / 2, y = r.top + r.height / 2; return !box || (x > box.left && x < box.right && y > box.top && y < box.bottom && document.elementFromPoint(x, y) === e); };
  const safe = steps.find((s) => s.dataset.mark.split(' ').includes('safe') && inSight(s));
  if (safe) return {tap: 'polygon.hit[data-region="' + safe.dataset.region + '"]', step: true};
  if (document.querySelector('#moves button[data-fate="safe"]')) return {tap: '#moves button[data-fate="safe"]'};
  if (document.getElementById('moves')) return {tap: '#moves button'};
  const ready = document.querySelector('polygon.hit[data-mark~="ready"]');
  if (ready) return {tap: 'polygon.hit[data-region="' + ready.dataset.region + '"]'};
  return {};
})()`

type decision struct {
	Done   bool   `json:"done"`
	Tap    string `json:"tap"`
	Step   bool   `json:"step"`
	Mine   bool   `json:"mine"`
	Doomed bool   `json:"doomed"`
}

// playOut taps through the page's turns until the match is over.
//
// Words, not codes: it scans the page's visible text all match long, and
// fails on a rule code or a region id ("A2": players read "tile A space
// 2", the way the board labels it).
func playOut(t *testing.T, p *phone.Phone, shot string) (moves, steps int) {
	t.Helper()
	words := phone.NewScan(t, "games/pocketsub")
	words.Axial = true
	words.IDs = true
	defer func() {
		words.LookNow(p, "end")
		words.Report(t, "pocketsub")
	}()
	taps := 0
	deadline := time.Now().Add(90 * time.Second)
	for {
		words.Look(p, "match")
		var d decision
		p.Eval(decide, &d)
		if d.Done {
			return moves, steps
		}
		if d.Tap == "" {
			if time.Now().After(deadline) {
				p.Screenshot("stuck.png")
				t.Fatalf("no outcome after %d taps", taps)
			}
			time.Sleep(20 * time.Millisecond)
			continue
		}
		if d.Step {
			steps++
		}
		if d.Tap == "#confirm" {
			moves++
			if moves == 2 && shot != "" {
				p.Fits("a move chosen")
				p.Screenshot(shot)
			}
		}
		if taps++; taps > 3000 {
			p.Screenshot("stuck.png")
			t.Fatalf("no outcome after %d taps", taps)
		}
		p.Tap(d.Tap)
	}
}

// openRoom opens a new room from the page's own form with the given number
// of players, takes Red and fills the other seats with the bot.
func openRoom(t *testing.T, p *phone.Phone, base string, players int) string {
	t.Helper()
	p.Run("open the page", chromedp.Navigate(base+"/pocketsub.html"))
	p.Wait("#create")
	p.Wait("#opt-players")
	p.Fits("new match form")
	p.Screenshot("0-new.png")
	if players != 2 {
		p.Run("choose the players", chromedp.SetValue("#opt-players", string(rune('0'+players)), chromedp.ByQuery))
	}
	code := p.CreateRoom()
	p.TakeSeat("Ada")
	p.Fits("lobby")
	p.Screenshot("1-lobby.png")
	p.BotAndStart()
	p.Wait(`body[data-phase="playing"]`)
	return code
}

// TestPlayAgainstBot plays a whole 2-player match on the page against the
// bot: a new room, the seat, the bot and the start from the page's own
// buttons; a refused step in the rules' own words; a move that loses the
// Sub asks first and says why; then taps until one fleet is gone, and the
// replay.
func TestPlayAgainstBot(t *testing.T) {
	base := phone.Serve(t, pocketsub.Definition)
	shots := screens(t)
	p := phone.New(t, phone.Browser(t, 2*time.Minute, onPhone.Device), shots, onPhone)
	code := openRoom(t, p, base, 2)

	p.Wait(`body[data-turn="mine"][data-busy="0"]`)
	if got := p.Text("#house"); !strings.Contains(got, "house layout") {
		t.Errorf("the board is labelled %q, want it named a house layout", got)
	}
	var regions int
	p.Eval(`document.querySelectorAll('polygon.hit').length`, &regions)
	if regions != 35 {
		t.Errorf("the ocean has %d regions, want 35 (5 tiles of 7)", regions)
	}
	// An edge region is a fair target for a thumb on a 390px phone.
	var box struct{ W, H float64 }
	p.Eval(`(() => { const r = document.querySelector('polygon.hit[data-region="C1"]').getBoundingClientRect(); return {W: r.width, H: r.height}; })()`, &box)
	if box.W < 44 || box.H < 30 {
		t.Errorf("edge region C1 is %.0fx%.0f px", box.W, box.H)
	}
	// Red's Subs wait in frames; tapping one rings its next steps.
	p.MustTap(region("A4"))
	p.Wait(`polygon.hit[data-mark~="step"]`)
	var steps []string
	p.Eval(`[...document.querySelectorAll('polygon.hit[data-mark~="step"]')].map((e) => e.dataset.region).sort()`, &steps)
	if strings.Join(steps, " ") != "A0 A3 A5 C1" {
		t.Errorf("from A4 the next steps are %v, want A0 A3 A5 C1", steps)
	}
	p.Fits("a Sub selected")
	p.Screenshot("2-selected.png")

	// A step the rules forbid is refused in the engine's words, and the
	// Sub stays selected.
	p.MustTap(region("E1"))
	p.Wait("#refusal .refusal")
	if got := p.Text("#refusal"); !strings.Contains(got, "Tile E space 1 is not next to tile A space 4") {
		t.Errorf("the refusal reads %q, want Tile E space 1 is not next to tile A space 4", got)
	}
	if got := p.RefusalRule("#refusal"); got != "not_adjacent" {
		t.Errorf("the refusal's rule is %q, want not_adjacent", got)
	}
	p.MustTap(region("C1"))
	p.MustTap(region("C2"))
	p.Wait("#confirm")
	if got := p.Text("#chosen"); !strings.Contains(got, "tile A space 4 → tile C space 1 → space 2") || !strings.Contains(got, "Mine on tile A space 4 or tile C space 1") {
		t.Errorf("the chosen move reads %q", got)
	}
	// The Mine control says the house rule where it bites.
	if got := p.Text("#mines-left"); !regexp.MustCompile(`Destroyed Mines are gone for good: \d+ left\.`).MatchString(got) {
		t.Errorf("beside the Mine spots the page says %q, want how many Mines are left and that destroyed ones are gone for good", got)
	}
	p.MustTap("#undo")
	p.MustTap("#other-sub")

	// A move that loses the Sub asks first and says why.
	p.MustTap(region("A2"))
	p.MustTap(`#moves button[data-path="A0 E0"]`)
	p.Wait("#doom")
	if got, why := p.Text("#confirm"), p.Text("#doom"); !strings.Contains(got, "Move anyway") || !strings.Contains(why, "enters Blue's Command Centre on tile E centre") {
		t.Errorf("the doomed move shows %q / %q", got, why)
	}
	p.Screenshot("3-doomed.png")
	p.MustTap("#other-sub")

	moves, stepped := playOut(t, p, "4-mine.png")
	t.Logf("match over after %d moves made on the page (%d steps tapped on the ocean)", moves, stepped)
	if moves < 3 || stepped < moves {
		t.Errorf("%d moves and %d steps tapped: the match was not played on the ocean", moves, stepped)
	}
	p.EndScreen(true)
	result := p.Text("#result")
	if !strings.Contains(result, "last Subs in play") {
		t.Errorf("the outcome reads %q, want the reason", result)
	}
	// The log tells every move of both sides: the sides alternate, so
	// their counts differ by one at most, and Red's are the page's own
	// (a confirm tapped twice under load counts twice in moves, never in
	// the log, hence at most).
	var logged struct{ Red, Blue int }
	p.Eval(`({Red: document.querySelectorAll('#log li.c-red[data-kind="move"]').length, Blue: document.querySelectorAll('#log li.c-blue[data-kind="move"]').length})`, &logged)
	if logged.Red < 3 || logged.Red > moves || logged.Blue < logged.Red-1 || logged.Blue > logged.Red+1 {
		t.Errorf("the log shows %d moves of Red and %d of Blue; the page made %d", logged.Red, logged.Blue, moves)
	}
	p.Fits("outcome")
	p.Screenshot("5-outcome.png")

	phone.Finished(t, base, code)
	p.ReplayOpen()
	p.ReplayNext(2)
	if got := p.Text("#replay-events"); !strings.Contains(got, "Red 2 moves") && !strings.Contains(got, "Red 1 moves") && !strings.Contains(got, "Red 3 moves") {
		t.Errorf("version 2 of the replay shows %q, want Red's first move", got)
	}
	p.Screenshot("6-replay.png")
}

// TestTeamMatchWithBots: one player and three bots, Red and Blue against
// White and Black, played to the end on the page, on a small 360x640
// phone: the largest ocean on the smallest screen.
func TestTeamMatchWithBots(t *testing.T) {
	base := phone.Serve(t, pocketsub.Definition)
	shots := screens(t)
	b := phone.Browser(t, 2*time.Minute, onSmallPhone.Device)
	p := phone.New(t, b, shots, onSmallPhone)
	code := openRoom(t, p, base, 4)
	// The table screen: the same page without a seat shows the ocean and
	// whose turn it is, and offers no moves.
	table := phone.New(t, b, shots, onSmallPhone)
	table.Run("open the table screen", chromedp.Navigate(base+"/pocketsub.html?room="+code))
	table.Wait(`polygon.hit[data-region="H6"]`)
	if got := table.Text("#who"); !strings.Contains(got, "watching") {
		t.Errorf("the table screen's title reads %q", got)
	}
	var offered int
	table.Eval(`document.querySelectorAll('#actions button, polygon.hit[data-mark~="ready"]').length`, &offered)
	if offered != 0 {
		t.Errorf("the table screen offers %d choices", offered)
	}
	table.Screenshot("team-0-table.png")
	// The fleets stand in a column per team, under the team's name.
	var teams []string
	p.Eval(`[...document.querySelectorAll('.ps-team')].map((e) => e.textContent)`, &teams)
	if len(teams) != 2 || !strings.HasPrefix(teams[0], "team Red+Blue") || !strings.Contains(teams[0], "Blue · Bot") ||
		!strings.HasPrefix(teams[1], "team White+Black") || !strings.Contains(teams[1], "White · Bot") || !strings.Contains(teams[1], "Black · Bot") {
		t.Errorf("the teams read %q", teams)
	}
	var regions int
	p.Eval(`document.querySelectorAll('polygon.hit').length`, &regions)
	if regions != 56 {
		t.Errorf("the ocean has %d regions, want 56 (8 tiles of 7)", regions)
	}
	// Even here every region is a fair target for a thumb: the smallest
	// edge region and the smallest centre.
	var least struct{ W, H float64 }
	p.Eval(`(() => {
  let w = Infinity, h = Infinity;
  for (const e of document.querySelectorAll('polygon.hit')) { const r = e.getBoundingClientRect(); w = Math.min(w, r.width); h = Math.min(h, r.height); }
  return {W: w, H: h};
})()`, &least)
	if least.W < 44 || least.H < 30 {
		t.Errorf("the smallest region is %.0fx%.0f px on a 360px phone", least.W, least.H)
	}
	t.Logf("the smallest region's box on a 360px phone: %.0fx%.0f px", least.W, least.H)
	p.Wait(`body[data-turn="mine"][data-busy="0"]`)
	p.Fits("team match")
	p.Screenshot("team-1-start.png")
	moves, _ := playOut(t, p, "team-2-move.png")
	result := p.Text("#result")
	if !strings.Contains(result, "Red and Blue have the last Subs") && !strings.Contains(result, "White and Black have the last Subs") {
		t.Errorf("the outcome reads %q, want a team's win", result)
	}
	t.Logf("team match over after %d moves made on the page: %s", moves, result)
	p.Screenshot("team-3-outcome.png")
}

// TestStandardSetupWithTheExpansion: the standard setup and the Captain's
// expansion from the page's form; the Command Centre, the Subs and a
// Whirlpool placed by tapping ringed regions; then the match to its end.
func TestStandardSetupWithTheExpansion(t *testing.T) {
	base := phone.Serve(t, pocketsub.Definition)
	shots := screens(t)
	p := phone.New(t, phone.Browser(t, 2*time.Minute, onPhone.Device), shots, onPhone)
	p.Run("open the page", chromedp.Navigate(base+"/pocketsub.html"))
	p.Wait("#opt-setup")
	p.MustTap(`#opt-setup input[value='"standard"']`)
	p.MustTap("#opt-captain")
	p.MustTap("#create")
	p.Run("type a name", chromedp.SendKeys("#name", "Ada", chromedp.ByQuery))
	p.MustTap(`[data-take="0"]`)
	p.BotAndStart()
	p.Wait(`body[data-phase="setup"][data-turn="mine"]`)
	// Red places first: a Command Centre on a ringed deep region.
	var places []string
	p.Eval(`[...document.querySelectorAll('polygon.hit[data-mark~="place"]')].map((e) => e.dataset.region)`, &places)
	for _, r := range places {
		if !strings.HasSuffix(r, "0") {
			t.Errorf("a Command Centre may go on %s, which is not a tile centre", r)
		}
	}
	p.Fits("setup")
	p.Screenshot("std-1-cc.png")
	placed := 0
	for {
		var phase string
		p.Eval(`document.body.dataset.turn === 'mine' && document.body.dataset.busy === '0' ? document.body.dataset.phase : ''`, &phase)
		if phase == "playing" {
			break
		}
		if phase == "setup" {
			p.Tap(`polygon.hit[data-mark~="place"]`)
			placed++
			continue
		}
		if phase == "whirlpools" {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	if placed != 4 {
		t.Errorf("Red placed %d pieces by tapping, want a Command Centre and 3 Subs", placed)
	}
	// Blue (the bot) places the first Whirlpool; Red places the other: the
	// spin left over is the only one offered.
	p.Wait(`body[data-phase="whirlpools"][data-turn="mine"][data-busy="0"]`)
	p.MustTap(`polygon.hit[data-mark~="place"]`)
	var spins int
	p.Eval(`document.querySelectorAll('[data-spin]').length`, &spins)
	if spins > 0 {
		p.MustTap("[data-spin]")
	}
	p.Wait(`body[data-phase="playing"]`)
	var whirls int
	p.Eval(`document.querySelectorAll('.ps-svg .whirl').length`, &whirls)
	if whirls != 2 {
		t.Errorf("the ocean shows %d Whirlpools, want 2", whirls)
	}
	if got := p.Text(".ps-player[data-seat='0']"); !strings.Contains(got, "IR Map SC") {
		t.Errorf("Red's chip reads %q, want its three tokens", got)
	}
	p.Screenshot("std-2-play.png")
	playOut(t, p, "std-3-move.png")
	var turned int
	p.Eval(`document.querySelectorAll('#log li[data-kind="whirlpool"]').length`, &turned)
	if turned == 0 {
		t.Error("no Whirlpool turned its tile during the match")
	}
	p.Screenshot("std-4-outcome.png")
}
