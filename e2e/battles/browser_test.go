package battles_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"periscope/e2e/phone"
	"periscope/games/battles"
)

// decide is a plain general reading only the page: answer what the server
// waits for (a reaction, a target, wounds, the end of a round), else pick
// one of its ready units and give it the boldest order offered (charge,
// carry on, shoot), sometimes a move, else pass. It answers a CSS selector
// to tap.
const decide = `(() => {
  const b = document.body.dataset;
  if (document.getElementById('result')) return {done: true};
  if (b.busy === '1' || b.turn !== 'mine') return {};
  // The general's own dice, seeded per page: with the room's seeded
  // match, the same battle every run.
  const rnd = window.__rnd || (window.__rnd = (() => { let s = 11; return () => (s = (s * 16807) % 2147483647) / 2147483647; })());
  const zones = document.querySelectorAll('.bt-zone.target');
  if (zones.length) {
    const zone = zones[Math.floor(rnd() * zones.length)];
    return {tap: '.bt-zone.target[data-zone="' + zone.dataset.zone + '"]', deploy: true};
  }
  // The question shown, as a player reads it: the panel's heading (less
  // its numbers: the hits left to assign) and the unit marked on the
  // battlefield.
  const now = document.querySelector('#now .bt-now');
  const ask = now ? now.querySelector('h3').textContent.replace(/\d+/g, '#') + ' | ' + ((document.querySelector('.bt-unit.pending') || {dataset: {}}).dataset.unit || '') : '';
  if (document.getElementById('end-recovery')) return {tap: '#end-recovery', pending: 'end_recovery', ask};
  const pend = document.querySelectorAll('.bt-pending .bt-act');
  if (pend.length) {
    const kind = pend[0].dataset.type;
    return {tap: '.bt-pending .bt-act', pending: kind, ask};
  }
  for (const t of ['charge', 'carry_on', 'shoot']) {
    if (document.querySelector('.bt-orders .bt-act[data-type="' + t + '"]')) return {tap: '.bt-orders .bt-act[data-type="' + t + '"]', order: t};
  }
  const move = document.querySelector('.bt-orders .bt-act[data-type="move"]');
  if (move && rnd() < 0.3) return {tap: '.bt-orders .bt-act[data-type="move"]', order: 'move'};
  const ready = [...document.querySelectorAll('.bt-unit.mine[data-ready]:not(.selected)')];
  if (ready.length && !window.__tried) {
    window.__tried = (window.__tried || 0);
    const u = ready[Math.floor(rnd() * ready.length)];
    window.__picks = (window.__picks || 0) + 1;
    if (window.__picks % 4 !== 0) return {tap: '.bt-unit[data-unit="' + u.dataset.unit + '"]', select: true};
  }
  if (document.getElementById('pass')) return {tap: '#pass', order: 'pass'};
  return {};
})()`

type decision struct {
	Done    bool   `json:"done"`
	Tap     string `json:"tap"`
	Deploy  bool   `json:"deploy"`
	Pending string `json:"pending"`
	Ask     string `json:"ask"`
	Order   string `json:"order"`
	Select  bool   `json:"select"`
}

// TestPlayAgainstBot plays a whole battle on the page against the bot: a
// new room from the page's form, the seat, the bot and the start, an army
// built on the phone (a refused unit, then the rulebook's 50-point army in
// one tap), every unit deployed by tapping zones, then orders until the
// battle is won or lost.
func TestPlayAgainstBot(t *testing.T) {
	// A seeded battle: the same one every run.
	base := phone.ServeSeeded(t, []uint64{1}, battles.Definition)
	p := phone.New(t, phone.Browser(t, 90*time.Second, onPhone.Device), screens(t), onPhone)

	p.Run("open the page", chromedp.Navigate(base+"/battles.html"))
	p.Wait("#create")
	if got := p.Text("#house-content"); !strings.Contains(strings.ToLower(got), "house") || !strings.Contains(got, "trait") {
		t.Errorf("the new-battle form reads %q, want the house content labelled", got)
	}
	p.Fits("new battle form")
	p.Screenshot("0-new.png")
	// The house round limit hides under More options, marked as ours.
	p.MustTap("#more-options summary")
	if got := p.Text("#more-options"); !strings.Contains(got, "Round limit (house rule)") {
		t.Errorf("more options read %q, want the round limit marked a house rule", got)
	}
	p.Wait("#opt-round_limit")
	// The rulebook's readings and ours are choices there too, each saying
	// which it is, and the unfolded form still fits the phone.
	if got := p.Text("#more-options"); !strings.Contains(got, "Top troop only (rulebook)") || !strings.Contains(got, "Usable as Wound (rulebook)") {
		t.Errorf("more options read %q, want the rulebook's readings of hidden stacks and passed tokens", got)
	}
	p.Fits("new battle form with more options")
	p.Eval(`document.getElementById('opt-round_limit').value = '12'`, nil)
	code := p.CreateRoom()
	p.Wait("#options")
	if got := p.Text("#options"); !strings.Contains(got, "at most 12 rounds (house rule)") {
		t.Errorf("the room's options read %q, want the round limit", got)
	}
	p.TakeSeat("Ada")
	if got := p.Text(`.bt-seat[data-seat="0"] .name`); got != "Confederacy: Ada (you)" {
		t.Errorf("seat A reads %q", got)
	}
	p.BotAndStart()
	p.Wait(`body[data-phase="army_building"]`)

	// A Captain and a Lieutenant have no Wound point between them: the
	// server refuses the unit in its own words.
	p.MustTap(`.bt-tile[data-tile="CON04"]`)
	p.MustTap(`.bt-tile[data-tile="CON06"]`)
	if got := p.Text("#form-unit"); !strings.Contains(got, "Form a unit of 2 (7 DP)") {
		t.Errorf("the form button reads %q", got)
	}
	p.MustTap("#form-unit")
	// The refusal shows by the button that was tapped, in the server's words.
	p.Wait("#build-refusal .refusal")
	if got := p.Text("#build-refusal"); !strings.Contains(got, "at least 1 Wound point") {
		t.Errorf("the refusal reads %q", got)
	}
	if got := p.RefusalRule("#build-refusal"); got != "no_wound_points" {
		t.Errorf("the refusal's rule is %q, want no_wound_points", got)
	}
	var near float64
	p.Eval(`document.getElementById('form-unit').getBoundingClientRect().top - document.querySelector('#build-refusal .refusal').getBoundingClientRect().bottom`, &near)
	if near < 0 || near > 120 {
		t.Errorf("the refusal is %.0f px above the Form button, want it right by it", near)
	}
	var box struct{ W, H float64 }
	p.Eval(`(() => { const r = document.querySelector('.bt-tile').getBoundingClientRect(); return {W: r.width, H: r.height}; })()`, &box)
	if box.W < 44 || box.H < 44 {
		t.Errorf("a troop to pick is %.0fx%.0f px, want at least 44x44", box.W, box.H)
	}
	p.Fits("building")
	p.Screenshot("1-building.png")
	// The picks stay after a refusal: swap the Lieutenant for a Cavalry and
	// the unit forms (top of the stack first), then break it up again.
	p.MustTap(`.bt-tile[data-tile="CON06"]`)
	p.MustTap(`.bt-tile[data-tile="CON25"]`)
	p.MustTap("#form-unit")
	p.Wait(`[data-draft="u1"]`)
	if got := p.Text("#build-total") + " / " + p.Text(`[data-draft="u1"]`); !strings.Contains(got, "Your army so far: 7 of 50 DP in 1 unit / Captain + Cavalry · 7 DP") {
		t.Errorf("after forming a unit the army reads %q", got)
	}
	if got := p.Text("#build-refusal"); got != "" {
		t.Errorf("the refusal %q stays after a unit formed", got)
	}
	p.Screenshot("1-unit.png")
	p.MustTap(`[data-remove="u1"]`)
	p.Run("the unit breaks up", chromedp.Poll(`!document.querySelector('[data-draft]')`, nil))
	p.MustTap(`[data-preset="rulebook_50"]`)
	p.Wait("#confirm")
	if got := p.Text(".bt-build h3"); got != "Your army: 50 of 50 DP" {
		t.Errorf("after the preset the army reads %q", got)
	}
	p.MustTap("#confirm")
	p.Wait(`body[data-phase="deployment"]`)

	taps, deployed, orders, pending := 0, 0, map[string]int{}, map[string]int{}
	shots := map[string]bool{}
	outOfView, wide, piecemeal := false, false, ""
	idle := time.Now()
	// Words, not codes: the page's visible text over the whole battle.
	// Dice read as sentences ("rolls 1 and 4 against its faces 4, 5 and
	// 6: one hit"), never as dense lists ("1,4") or "hit(s)".
	words := phone.NewScan(t, "games/battles")
	words.IDs = true
	words.Forbid = map[string]*regexp.Regexp{
		"dice list": regexp.MustCompile(`\b\d,\d`),
		"hit(s)":    regexp.MustCompile(`hit\(s\)`),
		// A unit's id ("a1") is for commands: the battlefield numbers
		// units ▲1 / ▼2 and names them by their troops.
		"unit id": regexp.MustCompile(`\b[ab][1-9]\b`),
	}
	for {
		words.Look(p, "battle")
		var d decision
		p.Eval(decide, &d)
		if d.Done {
			break
		}
		var phase string
		p.Eval(`document.body.dataset.phase`, &phase)
		if !shots[phase] && (phase == "deployment" || phase == "battle") && d.Tap != "" {
			shots[phase] = true
			var y float64
			p.Eval(`scrollY`, &y)
			p.Fits(phase)
			if phase == "battle" {
				// The battlefield for the picture, then back to where the
				// page was: the first tap may answer a question the page
				// has just brought into view.
				p.Eval(`document.getElementById('battlefield').scrollIntoView()`, nil)
			}
			p.Screenshot("2-" + phase + ".png")
			// Battlefield text 11 px and more, every unit a 44 px target.
			if small := p.SmallType("#battlefield", 11); len(small) > 0 {
				t.Errorf("%s: battlefield text under 11 px: %q", phase, small)
			}
			if small := p.SmallRegions("#battlefield button"); len(small) > 0 {
				t.Errorf("%s: battlefield targets under 44 px: %q", phase, small)
			}
			p.Eval(fmt.Sprintf(`window.scrollTo(0, %v)`, y), nil)
			if phase == "deployment" {
				// Before the reveal only the top troop of the bot's stacks shows.
				var hiddenOK bool
				p.Eval(`[...document.querySelectorAll('.bt-unit.enemy')].every((u) => u.querySelectorAll('.bt-troop').length === 1)`, &hiddenOK)
				if !hiddenOK {
					t.Error("an enemy stack shows more than its top troop before the reveal")
				}
				// Nor how many troops it holds: the rulebook shows the top only.
				var heights int
				p.Eval(`document.querySelectorAll('.bt-unit.enemy .bt-hidden').length`, &heights)
				if heights != 0 {
					t.Errorf("%d enemy stacks show how many troops they hide before the reveal", heights)
				}
			}
		}
		// The battlefield changes all battle long (a unit in contact with
		// three enemies has a long head): it fits the phone at every tap.
		if phase == "battle" && d.Tap != "" && !wide {
			var w struct{ Scroll, Inner float64 }
			p.Eval(`({Scroll: document.documentElement.scrollWidth, Inner: innerWidth})`, &w)
			if wide = w.Scroll > w.Inner || w.Inner != float64(p.W); wide {
				p.Fits(fmt.Sprintf("battle, tap %d", taps))
				p.Screenshot("wide.png")
			}
		}
		if d.Tap == "" {
			if time.Since(idle) > 10*time.Second {
				p.Screenshot("stuck.png")
				var state string
				p.Eval(`JSON.stringify({data: document.body.dataset, prompt: document.getElementById('prompt').textContent, actions: document.getElementById('actions').textContent})`, &state)
				t.Fatalf("nothing to tap for 10 s: %s", state)
			}
			time.Sleep(20 * time.Millisecond)
			continue
		}
		idle = time.Now()
		if d.Deploy {
			deployed++
		}
		if d.Order != "" {
			orders[d.Order]++
		}
		// A question is new unless the last tap was one of its answers
		// given piecemeal (hits assigned troop by troop): it comes into
		// view by itself, wherever the player had scrolled, and answering
		// it hit by hit does not pull the page about.
		asked := d.Ask != "" && d.Ask != piecemeal
		piecemeal = ""
		if d.Pending == "kill" || d.Pending == "wound" {
			piecemeal = d.Ask
		}
		if d.Pending != "" {
			// The page scrolls smoothly without reduced motion: give it the
			// time a scroll takes.
			inView := !asked
			for end := time.Now().Add(2 * time.Second); asked; {
				p.Eval(`(() => { const r = document.getElementById('now').getBoundingClientRect(); return r.top >= 0 && r.top < innerHeight / 2; })()`, &inView)
				if inView || time.Now().After(end) {
					break
				}
				time.Sleep(50 * time.Millisecond)
			}
			if !inView && !outOfView {
				outOfView = true
				p.Screenshot("out-of-view.png")
				var where string
				p.Eval(`JSON.stringify({scrollY, top: Math.round(document.getElementById('now').getBoundingClientRect().top), asked: document.body.dataset.asked, asks: document.body.dataset.asks})`, &where)
				t.Errorf("the %s to answer (%s) is not in view: %s", d.Pending, d.Ask, where)
			}
			// A question for this phone is a duty: the banner says so.
			if got := p.Text("#duty-banner"); !strings.Contains(got, "ANSWER NOW") && !strings.Contains(got, "END OF THE ROUND") && !strings.Contains(got, "YOUR CHARGE") {
				t.Errorf("with a %s to answer the banner reads %q", d.Pending, got)
			}
			pending[d.Pending]++
			if pending[d.Pending] == 1 {
				p.Screenshot("3-" + d.Pending + ".png")
			}
		}
		if d.Order == "charge" && orders["charge"] == 1 || d.Order == "shoot" && orders["shoot"] == 1 {
			p.Screenshot("4-" + d.Order + ".png")
		}
		if taps++; taps > 1500 {
			p.Screenshot("stuck.png")
			t.Fatalf("no outcome after %d taps", taps)
		}
		p.Tap(d.Tap)
	}
	t.Logf("battle over after %d taps: %d units deployed, orders %v, answers %v", taps, deployed, orders, pending)
	if deployed != 6 {
		t.Errorf("deployed %d units by tapping, want the 6 of the rulebook's army", deployed)
	}
	p.EndScreen(true)
	// The players' names stand beside their sides.
	if me, bot := p.Text(`.bt-side[data-seat="0"] .bt-sname`), p.Text(`.bt-side[data-seat="1"] .bt-sname`); !strings.Contains(me, "Confederacy · Ada (you)") || !strings.Contains(bot, "Union · Bot") {
		t.Errorf("the sides read %q and %q, want the players' names beside them", me, bot)
	}
	words.LookNow(p, "end")
	words.Report(t, "battles")
	var kinds []string
	p.Eval(`[...document.querySelectorAll('#log-list li')].map((e) => e.dataset.kind)`, &kinds)
	joined := strings.Join(kinds, " ")
	for _, k := range []string{"army_ready", "player_one", "deploy", "reveal", "roll", "killed", "over"} {
		if !strings.Contains(joined, k) {
			t.Errorf("the log has no %q line", k)
		}
	}
	if n := strings.Count(p.Text("#battlefield"), "hidden"); n != 0 {
		t.Errorf("after the reveal %d stacks still hide troops", n)
	}
	p.Fits("outcome")
	p.Eval(`window.scrollTo(0, 0)`, nil)
	p.Screenshot("5-outcome.png")

	// The finished battle replays on the phone: halfway through, the
	// battlefield is as this seat saw it then, with both armies on it.
	p.ReplayOpen()
	p.ReplayNext(2)
	var last int
	p.Eval(`Number(/of (\d+)/.exec(document.querySelector('#replay-panel h3').textContent)[1])`, &last)
	mid := last / 2
	p.Eval(fmt.Sprintf(`(() => { const r = document.querySelector('#replay-panel input[type=range]'); r.value = %d; r.dispatchEvent(new Event('change')); })()`, mid), nil)
	p.Run("step to the middle", chromedp.Poll(fmt.Sprintf(`document.querySelector('#replay-panel h3').textContent === 'Replay: version %d of %d'`, mid, last), nil))
	var then struct{ Mine, Enemy, Ready int }
	p.Eval(`({Mine: document.querySelectorAll('#battlefield .bt-unit.mine').length, Enemy: document.querySelectorAll('#battlefield .bt-unit.enemy').length,
  Ready: document.querySelectorAll('#battlefield .bt-unit[data-ready]').length})`, &then)
	if then.Mine == 0 || then.Enemy == 0 || then.Ready != 0 {
		t.Errorf("halfway through the replay the battlefield shows %d of our units, %d of the enemy's, %d ready to act", then.Mine, then.Enemy, then.Ready)
	}
	p.Fits("replay")
	p.Eval(`document.getElementById('battlefield').scrollIntoView()`, nil)
	p.Screenshot("6-replay.png")
	p.MustTap("#replay-close")
	p.Wait("#replay-open")

	phone.Finished(t, base, code)
}
