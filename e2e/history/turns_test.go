package history_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"periscope/debrief/debrieftest"
	"periscope/games"
	"periscope/games/battles"
	"periscope/games/gridtactics"
	"periscope/games/pocketsub"
	"periscope/games/saga"
)

// logEvent is an event of GET /api/matches/CODE/log.
type logEvent struct {
	V    int64           `json:"v"`
	Kind string          `json:"kind"`
	Text string          `json:"text"`
	Data json.RawMessage `json:"data"`
}

// acts are the event kinds that are a step of a side's turn.
var acts = map[string]bool{"move": true, "roll": true, "assault": true, "summon": true, "home": true, "charge": true, "redeploy": true, "deploy": true, "shoot": true}

// A pocket game's debrief plays each turn as the phones saw it: stepping
// onto a version with a side's second move animates that move, leaves the
// turn's earlier step marked on the board, and tells both in words under
// the board. In Pocket Battles the step followed is a charge, whose marks
// lie on an HTML battlefield: they go around the units, and their words in
// strips of their own, never on a unit's words.
func TestDebriefPlaysEachTurn(t *testing.T) {
	for _, tc := range []struct {
		def  games.Definition
		code string
		// steps is how many steps the turn of the move has marked at
		// least: a Pocket Sub turn is one move, along a path of regions;
		// a Saga turn is one action.
		steps int
		// clear is the board's own text no mark of the turn may cover
		// (unless the word is drawn again above the marks, as turnplay
		// raises it), nor one another: Tactics' unit numbers and edge
		// labels, Pocket Sub's region numbers and tile letters, Saga's tile
		// labels, terrain letters and unit names, Battles' unit heads and
		// troop lines.
		clear string
		// touching: the board's own words may touch one another by their
		// boxes (Saga's terrain letters reach the box of the label of the
		// tile above, not its letters); else they may not.
		touching bool
		// kind is the event followed ("move" when empty); says, when
		// set, a word of the card's line for it (else its log text or
		// its place).
		kind, says string
	}{
		{def: gridtactics.Definition, code: "TURNT", steps: 2, clear: ".uid, .coord"},
		{def: pocketsub.Definition, code: "TURNP", steps: 1, clear: ".labels text, .num"},
		{def: saga.Definition, code: "TURNX", steps: 1, clear: ".hexlabel, .tletter, .baseword, .unit .tag", touching: true},
		{def: battles.Definition, code: "TURNW", steps: 1, clear: ".bt-uhead > span, .bt-troop > span", kind: "charge", says: "charged with"},
	} {
		t.Run(tc.def.Name, func(t *testing.T) {
			h := newHouse(t)
			m, err := debrieftest.PlayBots(tc.def, tc.code, nil, []string{"Cy", "Di"}, 4, time.Now().Add(-time.Hour))
			if err != nil {
				t.Fatal(err)
			}
			if err := debrieftest.Store(h.store, m); err != nil {
				t.Fatal(err)
			}
			resp, err := http.Get(h.base + "/api/matches/" + tc.code + "/log")
			if err != nil {
				t.Fatal(err)
			}
			body, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil {
				t.Fatal(err)
			}
			var log []logEvent
			if err := json.Unmarshal(body, &log); err != nil {
				t.Fatalf("the match's log: %v (%d %.200s)", err, resp.StatusCode, body)
			}
			kind := tc.kind
			if kind == "" {
				kind = "move"
			}
			// A move that is not its side's first step of the turn.
			var move *logEvent
			var to string
			prev := struct {
				seat int
				v    int64
			}{-1, -1}
			for i, e := range log {
				var d struct {
					Seat *int     `json:"seat"`
					To   string   `json:"to"`
					Path []string `json:"path"`
				}
				if !acts[e.Kind] || json.Unmarshal(e.Data, &d) != nil || d.Seat == nil {
					continue
				}
				if e.Kind == kind && e.V > 1 && (tc.steps == 1 && (len(d.Path) > 1 || d.To != "") || *d.Seat == prev.seat && e.V > prev.v) {
					to = d.To
					if len(d.Path) > 0 {
						to = d.Path[len(d.Path)-1]
					}
					if to != "" {
						move = &log[i]
						break
					}
				}
				prev.seat, prev.v = *d.Seat, e.V
			}
			if move == nil {
				t.Fatalf("no move to follow (%d steps in its turn) in %d events", tc.steps, len(log))
			}
			p := newPhone(t, browser(t, 390, 844), 390, 844)
			p.run("open the debrief", chromedp.Navigate(fmt.Sprintf("%s/match/%s?v=%d", h.base, tc.code, move.V-1)))
			p.until("the step before", fmt.Sprintf(`document.body.dataset.shown === "%d"`, move.V-1))
			p.tap("#step-next")
			// The move plays: its mark is drawn as the step being played.
			p.until("the move animated", `document.querySelector('[data-board] .tp-step.now.anim')`)
			p.until("the turn played", `(() => { const b = document.querySelector('[data-board][data-turn-steps]');
  return b && document.body.dataset.shown === "`+fmt.Sprint(move.V)+`" && b.dataset.turnShown === b.dataset.turnSteps; })()`)
			var got struct {
				Steps  int
				To     string
				Path   bool
				First  int
				Words  []string
				Header string
			}
			// The step of the move: the one played last that goes somewhere
			// (in Battles a charge's contact follows it, at its version).
			p.eval(`(() => {
  const g = document.querySelector('[data-board] .tp-marks');
  const now = [...g.querySelectorAll('.tp-step')].reverse().find((st) => st.querySelector('.tp-to'));
  return {
    Steps: Number(g.dataset.steps),
    To: ((now && now.querySelector('.tp-to')) || {getAttribute: () => ''}).getAttribute('data-place') || '',
    Path: !!(now && now.querySelector('.tp-path')),
    First: g.querySelectorAll('.tp-step[data-step="1"] .tp-from, .tp-step[data-step="1"] .tp-to, .tp-step[data-step="1"] .tp-target').length,
    Words: [...document.querySelectorAll('#their-turn li')].map((li) => li.textContent.trim()),
    Header: (document.querySelector('#their-turn h3') || {}).textContent || '',
  };
})()`, &got)
			if got.Steps < tc.steps {
				t.Errorf("%d steps of the turn are marked at version %d, want %d or more", got.Steps, move.V, tc.steps)
			}
			if !got.Path {
				t.Error("the move's way is not drawn")
			}
			// Battles names a zone with its side: "Union's left engagement".
			if place := strings.ReplaceAll(to, "_", " "); got.To != to && !(tc.def.Name == battles.Definition.Name && strings.HasSuffix(got.To, "'s "+place)) {
				t.Errorf("the step played ends on %q, want %q (%s)", got.To, to, move.Text)
			}
			if got.First == 0 {
				t.Error("the turn's first step is no longer marked")
			}
			if len(got.Words) != got.Steps {
				t.Errorf("the card tells %d steps (%q), the board marks %d", len(got.Words), got.Words, got.Steps)
			}
			if n := len(got.Words); n > 0 && tc.says != "" {
				if !strings.Contains(strings.Join(got.Words, "\n"), tc.says) {
					t.Errorf("the card reads %q, want a line on the %s (%q)", got.Words, kind, tc.says)
				}
			} else if n > 0 {
				last := got.Words[n-1]
				if !strings.Contains(last, strings.TrimSuffix(move.Text, ".")) && !strings.Contains(last, to) {
					t.Errorf("the card's last step reads %q, want the move %q", last, move.Text)
				}
				for _, w := range got.Words {
					if w == "" {
						t.Errorf("a step of the card says nothing: %q", got.Words)
					}
				}
			}
			if got.Steps > 1 && !strings.Contains(got.Header, "This turn") || got.Header == "" {
				t.Errorf("the card's heading reads %q for %d steps of a turn", got.Header, got.Steps)
			}
			if tc.clear != "" {
				var overlaps []string
				p.eval(fmt.Sprintf(`(() => {
  const box = (e) => e.getBoundingClientRect();
  const over = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const say = (e) => (e.getAttribute('class') || e.tagName) + ' ' + JSON.stringify(e.textContent.trim());
  const own = [...document.querySelectorAll('[data-board] :is(%s)')].filter((e) => !e.closest('.tp-marks'));
  const marks = [...document.querySelectorAll('[data-board] .tp-marks :is(.tp-label, .tp-num)')];
  // A word a mark lies on is drawn again above the marks, the same.
  const copies = [...document.querySelectorAll('[data-board] .tp-marks .tp-words > *')];
  const raised = (e) => copies.some((c) => c.textContent === e.textContent && ['left', 'top', 'right', 'bottom'].every((k) => Math.abs(box(c)[k] - box(e)[k]) < 1.5));
  const out = [];
  for (const m of marks) for (const e of own) if (over(box(m), box(e)) && !raised(e)) out.push(say(m) + ' covers ' + say(e));
  if (!%v) own.forEach((a, i) => own.slice(i + 1).forEach((b) => { if (a.getAttribute('class') !== b.getAttribute('class') && over(box(a), box(b))) out.push(say(a) + ' overlaps ' + say(b)); }));
  return out;
})()`, tc.clear, tc.touching), &overlaps)
				if len(overlaps) > 0 {
					t.Errorf("marks and labels overlap on the board: %q", overlaps)
				}
			}
			p.run("bring the board into view", chromedp.Evaluate(`document.querySelector('#their-turn').scrollIntoView({block: 'end'})`, nil))
			p.screenshot("13-" + tc.def.Name + "-debrief-turn.png")
		})
	}
}
