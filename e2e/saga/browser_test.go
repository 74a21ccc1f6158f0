package saga_test

import (
	"periscope/e2e/phone"
	"periscope/games/saga"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// decide is a plain player reading only the page: place tiles and units on
// the first marked space, keep its dice, assault any target, else move the
// selected unit towards the top of the screen (the enemy's side), else
// select a ready unit. It answers a CSS selector to tap.
const decide = `(() => {
  const b = document.body.dataset;
  if (document.getElementById('result')) return {done: true};
  if (b.busy === '1' || b.turn !== 'mine') return {};
  const at = (e) => 'polygon.hit[data-at="' + e.dataset.at + '"]';
  // The player's own dice, seeded per page: with the room's seeded match,
  // the same match every run.
  const rnd = window.__rnd || (window.__rnd = (() => { let s = 7; return () => (s = (s * 16807) % 2147483647) / 2147483647; })());
  const dice = document.querySelectorAll('.sg-die.tap');
  if (document.getElementById('pass')) {
    // Re-roll the first die once in a while, else keep the dice.
    if (dice.length && !window.__rerolled) { window.__rerolled = true; return {tap: '.sg-die.tap', reroll: true}; }
    window.__rerolled = false;
    return {tap: '#pass', pass: true};
  }
  const places = document.querySelectorAll('#map .mark.place');
  if (places.length) return {tap: at(places[Math.floor(rnd() * places.length)]), place: b.phase};
  const option = document.querySelector('.assault-option');
  if (option) return {tap: '.assault-option', assault: true};
  const target = document.querySelector('#map .mark.target');
  if (target) return {tap: at(target), target: true};
  const y = (e) => e.getBoundingClientRect().top;
  if (document.querySelector('#map .unit.selected')) {
    const moves = [...document.querySelectorAll('#map .mark.move, #map .mark.hop')].sort((p, q) => y(p) - y(q));
    if (moves.length && rnd() < 0.9) return {tap: at(moves[0])};
    // Hemmed in by Water: wade in (a plain player takes the chance).
    const wade = document.querySelector('#map .mark.water');
    if (!moves.length && wade && rnd() < 0.5) return {tap: at(wade)};
  }
  const ready = [...document.querySelectorAll('#map .unit[data-ready]')];
  if (ready.length) return {tap: at(ready[Math.floor(rnd() * ready.length)])};
  if (document.querySelector('.pick')) return {tap: '.pick'};
  if (document.getElementById('skip')) return {tap: '#skip'};
  return {};
})()`

type decision struct {
	Done    bool   `json:"done"`
	Tap     string `json:"tap"`
	Place   string `json:"place"`
	Target  bool   `json:"target"`
	Assault bool   `json:"assault"`
	Reroll  bool   `json:"reroll"`
	Pass    bool   `json:"pass"`
}

// TestPlayAgainstBot plays a whole match on the page against the bot: a
// new room from the page's form with a re-roll timer, the seat, the bot
// and the start, then the map built tile by tile, the first units placed,
// and taps until a force or a base falls; then the replay, step by step.
// Whether a match offers this seat a re-roll is up to the dice: a match
// that offers none is followed by another (at most three).
func TestPlayAgainstBot(t *testing.T) {
	// Seeded matches: the same ones every run (a random one can leave the
	// tapping player without a re-roll, or loop).
	base := phone.ServeSeeded(t, []uint64{1, 2, 3}, saga.Definition)
	p := phone.New(t, phone.Browser(t, 3*time.Minute, onPhone.Device), screens(t), onPhone)

	var code string
	var m played
	for match := 1; ; match++ {
		code = newMatch(t, p, base, match == 1)
		m = playMatch(t, p)
		if m.clockRead || match == 3 {
			break
		}
		t.Logf("match %d offered this seat no re-roll: another", match)
	}
	if !m.cardRead {
		t.Error("no unit card was shown during the match")
	}
	if !m.clockRead {
		t.Error("three matches offered this seat no re-roll")
	}

	// The finished match replays step by step: step 2 is the first tile
	// placed against the first base.
	phone.Finished(t, base, code)
	p.ReplayOpen()
	p.ReplayNext(2)
	var tiles int
	p.Eval(`document.querySelectorAll('#map .tile').length`, &tiles)
	if tiles != 2 {
		t.Errorf("step 2 of the replay shows %d tiles, want the first base and the first Terrain tile", tiles)
	}
	if got := p.Text("#replay-events"); !strings.Contains(got, "places the") {
		t.Errorf("step 2 of the replay reads %q, want the first tile placed", got)
	}
	p.Fits("replay")
	p.Eval(`window.scrollTo(0, 0)`, nil)
	p.Screenshot("6-replay.png")
	p.MustTap("#replay-close")
	p.Eval(`document.querySelectorAll('#map .tile').length`, &tiles)
	if tiles != 22 {
		t.Errorf("back at the end the map shows %d tiles, want both bases and the 20 Terrain tiles", tiles)
	}
}

// newMatch opens a room from the page's form with a 60 s re-roll timer,
// takes Raven, gives Wolf to the bot and starts; the first time it also
// checks the form and the first placement. It answers the room's code.
func newMatch(t *testing.T, p *phone.Phone, base string, first bool) string {
	t.Helper()
	p.Run("open the page", chromedp.Navigate(base+"/saga.html"))
	p.Wait("#create")
	if got := p.Text("#opt-raven_faction"); !strings.Contains(got, "(house)") {
		t.Errorf("the new-match form reads %q, want the house factions labelled as ours", got)
	}
	// The re-roll timer is a folded option of the form; a 60 s timer
	// shows its countdown in every assault.
	p.MustTap("#more-options summary")
	p.Wait("#opt-reroll_seconds")
	p.Eval(`(() => { const s = document.getElementById('opt-reroll_seconds'); s.value = '60'; return s.value; })()`, nil)
	// The veteran bot: it ends a match against this plain player soonest.
	p.MustTap(`#opt-bot_level input[value='"veteran"']`)
	if first {
		p.Fits("new match form")
		p.Screenshot("0-new.png")
	}
	code := p.CreateRoom()
	// The page remembers the name of the last match.
	p.Wait("#name")
	var remembered string
	p.Eval(`document.getElementById('name').value`, &remembered)
	if remembered == "" {
		p.TakeSeat("Ada")
	} else {
		p.MustTap(`[data-take="0"]`)
		p.Wait("#bot")
	}
	if got := p.Text(`.sg-seat[data-seat="0"] .name`); got != "Raven: Ada (you)" {
		t.Errorf("Raven's seat reads %q", got)
	}
	p.BotAndStart()
	p.Wait(`body[data-phase="building"]`)
	if !first {
		return code
	}

	// A tap on a tile already in play is refused in the engine's words.
	p.Wait(`body[data-turn="mine"][data-busy="0"] #map .mark.place`)
	var baseAt string
	p.Eval(`document.querySelector('#map .tile.base').dataset.at`, &baseAt)
	p.MustTap(hex(baseAt))
	p.Wait("#refusal .refusal")
	// Places are named by the board's labels: the first base is D1.
	if baseAt != "0,0" {
		t.Errorf("the first base stands on %s, want 0,0", baseAt)
	}
	if got := p.Text("#refusal"); !strings.Contains(got, "There is already a tile on D1") {
		t.Errorf("placing on the base is refused with %q", got)
	}
	if got := p.RefusalRule("#refusal"); got != "tile_occupied" {
		t.Errorf("the refusal's rule is %q, want tile_occupied", got)
	}
	// Every marked space is a touch target of at least 44px.
	var box struct{ W, H float64 }
	p.Eval(`(() => { const r = document.querySelector('#map .mark.place').getBoundingClientRect(); return {W: r.width, H: r.height}; })()`, &box)
	if box.W < 44 || box.H < 44 {
		t.Errorf("a space to place a tile on is %.0fx%.0f px, want at least 44x44", box.W, box.H)
	}
	if got := p.Text("#in-hand"); !strings.Contains(got, "Tile in hand") {
		t.Errorf("the panel reads %q, want the tile in hand", got)
	}
	p.Fits("building")
	p.Screenshot("1-building.png")
	return code
}

// played is what playMatch saw.
type played struct {
	cardRead  bool // a unit card was read
	clockRead bool // a re-roll was offered, with its countdown
}

// playMatch taps through a match from the building to the outcome and
// checks what a player sees on the way and at the end.
func playMatch(t *testing.T, p *phone.Phone) played {
	t.Helper()
	var m played
	taps, placed, assaults, rerolls, passes := 0, map[string]int{}, 0, 0, 0
	shots := map[string]bool{}
	// Words, not codes: the page's visible text over the whole match,
	// places named as the board labels them (D4), never in axial
	// coordinates (tile labels are ids on purpose, so those are logged).
	words := phone.NewScan(t, "games/saga")
	words.Axial = true
	for {
		words.Look(p, "match")
		var d decision
		p.Eval(decide, &d)
		if d.Done {
			break
		}
		var phase string
		p.Eval(`document.body.dataset.phase`, &phase)
		if !shots[phase] && (phase == "deploying" || phase == "playing") {
			shots[phase] = true
			// Board text 11 px and more, every space a 44 px target.
			if small := p.SmallType("#map", 11); len(small) > 0 {
				t.Errorf("%s: map text under 11 px: %q", phase, small)
			}
			if small := p.SmallRegions("#map .hit"); len(small) > 0 {
				t.Errorf("%s: spaces under 44 px: %q", phase, small)
			}
			// The labels read left to right on either end of the table:
			// column A at the left, then B, ..., whoever's base is at the
			// bottom.
			var order struct {
				Cols    string
				Flipped bool
			}
			p.Eval(`(() => {
  const xs = {};
  for (const e of document.querySelectorAll('#map .hexlabel')) {
    const c = e.dataset.label[0];
    (xs[c] = xs[c] || []).push(e.getBoundingClientRect().left);
  }
  const mean = (a) => a.reduce((s, x) => s + x, 0) / a.length;
  const base = document.querySelector('#map .tile.base.team' + (document.body.classList.contains('seat1') ? 1 : 0));
  const mine = base ? base.getBoundingClientRect().top : 0;
  return {
    Cols: Object.keys(xs).sort((a, b) => mean(xs[a]) - mean(xs[b])).join(''),
    Flipped: [...document.querySelectorAll('#map .tile.base')].some((b) => b !== base && b.getBoundingClientRect().top > mine),
  };
})()`, &order)
			if want := sortedString(order.Cols); order.Cols != want {
				t.Errorf("%s: the columns read %q from left to right, want %q", phase, order.Cols, want)
			}
			if order.Flipped {
				t.Errorf("%s: this player's base is not at the bottom of the map", phase)
			}
			p.Fits(phase)
			// On this phone's turn the whole map shows: its top row is
			// not under the sticky top bar and its duty banner.
			if phase == "playing" {
				var at struct {
					Turn     bool
					Map, Bar float64
				}
				p.Eval(`({Turn: (document.getElementById('duty-banner')?.textContent || '').includes('YOUR TURN'), Map: document.getElementById('map').getBoundingClientRect().top, Bar: document.querySelector('.topbar').getBoundingClientRect().bottom})`, &at)
				if at.Turn && at.Map < at.Bar-1 {
					t.Errorf("on this phone's turn the map's top is at %.0f px, under the top bar (to %.0f px)", at.Map, at.Bar)
				}
			}
			p.Screenshot("2-" + phase + ".png")
		}
		if !m.cardRead && phase == "playing" {
			// A tapped unit's card: all three combat abilities, terrain,
			// abilities, and the faction labelled as ours.
			var card string
			p.Eval(`document.getElementById('unit-card')?.textContent || ''`, &card)
			if card != "" {
				m.cardRead = true
				for _, want := range []string{"Melee", "Ballistics", "Arcane", "OFF", "DEF", "Terrain advantage", "cost", "house faction"} {
					if !strings.Contains(card, want) {
						t.Errorf("a unit card reads %q, want %q on it", card, want)
					}
				}
				p.Eval(`document.getElementById('unit-card').scrollIntoView({block: 'end'})`, nil)
				p.Screenshot("2-card.png")
			}
		}
		if (d.Reroll || d.Pass) && !m.clockRead {
			m.clockRead = true
			if got := p.Text("#reroll-clock"); !strings.Contains(got, "s to choose") {
				t.Errorf("the re-roll timer reads %q, want the seconds left", got)
			}
			// The re-roll came into view by itself, under the top bar,
			// wherever the page was scrolled (the unit card above).
			var at struct{ Top, Bar, H float64 }
			p.Eval(`({Top: document.getElementById('fight-now').getBoundingClientRect().top, Bar: document.querySelector('.topbar').getBoundingClientRect().bottom, H: innerHeight})`, &at)
			if at.Top < at.Bar-1 || at.Top > at.H/2 {
				t.Errorf("the re-roll to choose is at %.0f px (the bar ends at %.0f, the screen at %.0f): out of view", at.Top, at.Bar, at.H)
			}
			// What the dice mean now, before the player decides: whose
			// strike wins and what would follow if the dice were kept.
			if got := p.Text("#fight-now #fight-meaning"); !strings.HasPrefix(got, "Now: ") || !strings.Contains(got, "strike") || !strings.Contains(got, "→") {
				t.Errorf("with a re-roll to choose the phone says %q of what the dice mean now", got)
			}
			// The re-roll is a duty of this phone: the banner says so.
			if got := p.Text("#duty-banner"); !strings.Contains(got, "YOUR RE-ROLL") {
				t.Errorf("with a re-roll to choose the banner reads %q", got)
			}
		}
		if d.Tap == "" {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		if d.Place != "" {
			placed[d.Place]++
		}
		if d.Assault {
			assaults++
			if assaults == 1 {
				if got := p.Text(".assault-option"); !strings.Contains(got, "strike") {
					t.Errorf("an assault choice reads %q, want the chance of the strike", got)
				}
				p.Screenshot("3-assault.png")
			}
		}
		if d.Reroll {
			rerolls++
			if rerolls == 1 {
				p.Fits("re-roll")
				p.Screenshot("4-reroll.png")
			}
		}
		if d.Pass {
			passes++
		}
		if taps++; taps > 3000 {
			p.Screenshot("stuck.png")
			t.Fatalf("no outcome after %d taps", taps)
		}
		p.Tap(d.Tap)
	}
	t.Logf("match over after %d taps: %v placed, %d assaults, %d re-rolls, %d passes", taps, placed, assaults, rerolls, passes)
	if placed["building"] != 10 && placed["building"] != 9 && placed["building"] != 11 {
		t.Errorf("placed %d terrain tiles on the page, want about half of the 20", placed["building"])
	}
	if placed["deploying"] != 3 {
		t.Errorf("placed %d units before play, want 3", placed["deploying"])
	}
	p.EndScreen(true)
	// The players' names stand beside their sides.
	if me, bot := p.Text(`.sg-side[data-seat="0"] .nm`), p.Text(`.sg-side[data-seat="1"] .nm`); !strings.Contains(me, "Raven · Ada (you)") || !strings.Contains(bot, "Wolf · Bot") {
		t.Errorf("the sides read %q and %q, want the players' names beside them", me, bot)
	}
	words.LookNow(p, "end")
	words.Report(t, "saga")
	var kinds []string
	p.Eval(`[...document.querySelectorAll('#log-list li')].map((e) => e.dataset.kind)`, &kinds)
	joined := strings.Join(kinds, " ")
	for _, k := range []string{"tile", "draw", "deploy", "over"} {
		if !strings.Contains(joined, k) {
			t.Errorf("the log has no %q line", k)
		}
	}
	p.Fits("outcome")
	p.Eval(`window.scrollTo(0, 0)`, nil)
	p.Screenshot("5-outcome.png")
	// The last assault stays on the page with its dice matched: the pairs
	// from highest to lowest and what each strike came to.
	if got := p.Text("#fight-last"); !strings.Contains(got, "Strike:") || !strings.Contains(got, " vs ") ||
		!(strings.Contains(got, "succeeds") || strings.Contains(got, "fails")) {
		t.Errorf("the last assault reads %q, want its strike matched pair by pair", got)
	}
	return m
}

// sortedString is s's letters in order.
func sortedString(s string) string {
	b := []byte(s)
	sort.Slice(b, func(i, j int) bool { return b[i] < b[j] })
	return string(b)
}
