package saga_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"periscope/rooms"
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
  const dice = document.querySelectorAll('.sg-die.tap');
  if (document.getElementById('pass')) {
    // Re-roll the first die once in a while, else keep the dice.
    if (dice.length && !window.__rerolled) { window.__rerolled = true; return {tap: '.sg-die.tap', reroll: true}; }
    window.__rerolled = false;
    return {tap: '#pass', pass: true};
  }
  const places = document.querySelectorAll('#map .mark.place');
  if (places.length) return {tap: at(places[Math.floor(Math.random() * places.length)]), place: b.phase};
  const option = document.querySelector('.assault-option');
  if (option) return {tap: '.assault-option', assault: true};
  const target = document.querySelector('#map .mark.target');
  if (target) return {tap: at(target), target: true};
  const y = (e) => e.getBoundingClientRect().top;
  if (document.querySelector('#map .unit.selected')) {
    const moves = [...document.querySelectorAll('#map .mark.move, #map .mark.hop')].sort((p, q) => y(p) - y(q));
    if (moves.length && Math.random() < 0.9) return {tap: at(moves[0])};
  }
  const ready = [...document.querySelectorAll('#map .unit[data-ready]')];
  if (ready.length) return {tap: at(ready[Math.floor(Math.random() * ready.length)])};
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
// new room from the page's form, the seat, the bot and the start, then the
// map built tile by tile, the first units placed, and taps until a force
// or a base falls.
func TestPlayAgainstBot(t *testing.T) {
	base := serve(t)
	p := newPhone(t, browser(t, 90*time.Second), screens(t))

	p.run("open the page", chromedp.Navigate(base+"/saga.html"))
	p.wait("#create")
	if got := p.text("#intro-card"); !strings.Contains(got, "house faction") {
		t.Errorf("the new-match form reads %q, want the factions labelled as house factions", got)
	}
	p.fits("new match form")
	p.screenshot("0-new.png")
	p.mustTap("#create")
	p.wait(`[data-take="0"]`)
	var code string
	p.eval(`new URLSearchParams(location.search).get('room')`, &code)
	p.run("type a name", chromedp.SendKeys("#name", "Ada", chromedp.ByQuery))
	p.mustTap(`[data-take="0"]`)
	p.wait("#bot")
	if got := p.text(`.sg-seat[data-seat="0"] .name`); got != "Raven: Ada (you)" {
		t.Errorf("Raven's seat reads %q", got)
	}
	p.mustTap("#bot")
	p.mustTap("#start:not([disabled])")
	p.wait(`body[data-phase="building"]`)

	// A tap on a tile already in play is refused in the engine's words.
	p.wait(`body[data-turn="mine"][data-busy="0"] #map .mark.place`)
	var baseAt string
	p.eval(`document.querySelector('#map .tile.base').dataset.at`, &baseAt)
	p.mustTap(hex(baseAt))
	p.wait("#refusal .refusal")
	if got := p.text("#refusal"); !strings.Contains(got, "There is already a tile on "+baseAt) {
		t.Errorf("placing on the base is refused with %q", got)
	}
	// Every marked space is a touch target of at least 44px.
	var box struct{ W, H float64 }
	p.eval(`(() => { const r = document.querySelector('#map .mark.place').getBoundingClientRect(); return {W: r.width, H: r.height}; })()`, &box)
	if box.W < 44 || box.H < 44 {
		t.Errorf("a space to place a tile on is %.0fx%.0f px, want at least 44x44", box.W, box.H)
	}
	if got := p.text("#in-hand"); !strings.Contains(got, "Tile in hand") {
		t.Errorf("the panel reads %q, want the tile in hand", got)
	}
	p.fits("building")
	p.screenshot("1-building.png")

	taps, placed, assaults, rerolls, passes := 0, map[string]int{}, 0, 0, 0
	shots := map[string]bool{}
	for {
		var d decision
		p.eval(decide, &d)
		if d.Done {
			break
		}
		var phase string
		p.eval(`document.body.dataset.phase`, &phase)
		if !shots[phase] && (phase == "deploying" || phase == "playing") {
			shots[phase] = true
			p.fits(phase)
			p.screenshot("2-" + phase + ".png")
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
				if got := p.text(".assault-option"); !strings.Contains(got, "strike") {
					t.Errorf("an assault choice reads %q, want the chance of the strike", got)
				}
				p.screenshot("3-assault.png")
			}
		}
		if d.Reroll {
			rerolls++
			if rerolls == 1 {
				p.fits("re-roll")
				p.screenshot("4-reroll.png")
			}
		}
		if d.Pass {
			passes++
		}
		if taps++; taps > 3000 {
			p.screenshot("stuck.png")
			t.Fatalf("no outcome after %d taps", taps)
		}
		p.tap(d.Tap)
	}
	t.Logf("match over after %d taps: %v placed, %d assaults, %d re-rolls, %d passes", taps, placed, assaults, rerolls, passes)
	if placed["building"] != 10 && placed["building"] != 9 && placed["building"] != 11 {
		t.Errorf("placed %d terrain tiles on the page, want about half of the 20", placed["building"])
	}
	if placed["deploying"] != 3 {
		t.Errorf("placed %d units before play, want 3", placed["deploying"])
	}
	result := p.text("#result")
	if !strings.Contains(result, "You win!") && !strings.Contains(result, "You lose") {
		t.Errorf("the outcome reads %q", result)
	}
	var kinds []string
	p.eval(`[...document.querySelectorAll('#log-list li')].map((e) => e.dataset.kind)`, &kinds)
	joined := strings.Join(kinds, " ")
	for _, k := range []string{"tile", "draw", "deploy", "over"} {
		if !strings.Contains(joined, k) {
			t.Errorf("the log has no %q line", k)
		}
	}
	p.fits("outcome")
	p.eval(`window.scrollTo(0, 0)`, nil)
	p.screenshot("5-outcome.png")

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
		t.Errorf("room %s is %q, want finished", code, lobby.State)
	}
}
