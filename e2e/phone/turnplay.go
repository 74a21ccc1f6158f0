package phone

import (
	"fmt"
	"strings"
	"time"
)

// WatchTurns starts recording, in the page, how the other side's turn is
// shown (static/js/turnplay.js): every 40 ms, how many of its moves are
// marked on the board, whether one is being played (drawn and moving),
// and whether the "their turn" card says it is playing.
func (p *Phone) WatchTurns() {
	p.T.Helper()
	var ok bool
	p.Eval(`(() => {
  window.__turns = [];
  if (window.__turnWatch) clearInterval(window.__turnWatch);
  window.__turnWatch = setInterval(() => {
    const m = document.querySelector('.tp-marks');
    const card = document.querySelector('#their-turn');
    window.__turns.push({
      At: performance.now(),
      Steps: m ? Number(m.dataset.steps) : 0,
      Now: !!document.querySelector('.tp-step.now'),
      Moving: document.getAnimations().some((a) => a.playState === 'running' && a.effect && a.effect.target && a.effect.target.closest && !!a.effect.target.closest('.tp-marks')),
      Playing: !!card && card.dataset.playing === '1',
    });
    if (window.__turns.length > 6000) window.__turns.shift();
  }, 40);
  return true;
})()`, &ok)
}

// TurnSample is one look of WatchTurns.
type TurnSample struct {
	At                   float64
	Steps                int
	Now, Moving, Playing bool
}

// TurnShow is what WatchTurns saw of the other side's turns so far.
type TurnShow struct {
	// Counts are the numbers of marked moves in the order seen, each once
	// in a row: 1, 2, 3 when a turn of three moves was played one by one.
	Counts []int
	// Held is the shortest time (ms) one count stayed on screen before the
	// next, higher one: the pace of the play.
	Held float64
	// Played: a move was drawn as being played; Moving: its arrow or
	// ghost was animating; Card: the card said the turn was playing.
	Played, Moving, Card bool
}

// Turns reads and clears what WatchTurns saw.
func (p *Phone) Turns() TurnShow {
	p.T.Helper()
	var ss []TurnSample
	p.Eval(`(() => { const s = window.__turns || []; window.__turns = []; return s; })()`, &ss)
	var out TurnShow
	out.Held = -1
	since := 0.0
	for i, s := range ss {
		out.Played = out.Played || s.Now
		out.Moving = out.Moving || s.Moving
		out.Card = out.Card || s.Playing
		if i == 0 || s.Steps != ss[i-1].Steps {
			if i > 0 && s.Steps > ss[i-1].Steps && ss[i-1].Steps > 0 {
				if held := s.At - since; out.Held < 0 || held < out.Held {
					out.Held = held
				}
			}
			since = s.At
			out.Counts = append(out.Counts, s.Steps)
		}
	}
	return out
}

// OneByOne reports whether the counts grew a move at a time from 1 to at
// least n (a turn of n moves or more played in order).
func (s TurnShow) OneByOne(n int) bool {
	run := 0
	for _, c := range s.Counts {
		switch {
		case c == 1:
			run = 1
		case c == run+1:
			run = c
		default:
			run = 0
		}
		if run >= n {
			return true
		}
	}
	return false
}

// TurnMarks is what the board and the card tell of the last opponent
// turn once it has been played: the places marked by role ("from", "to",
// "target" (any, "hit", "miss" or still rolling), "hit", "miss", "lost"), each mark's words, and the card's sentences.
type TurnMarks struct {
	Places map[string][]string
	Labels []string
	Card   []string
}

// Marked reads the marks of the last opponent turn.
func (p *Phone) Marked() TurnMarks {
	p.T.Helper()
	var m TurnMarks
	p.Eval(`(() => {
  const places = {};
  const add = (role, sel) => { places[role] = [...document.querySelectorAll('.tp-marks ' + sel)].map((e) => e.dataset.place); };
  add('from', '.tp-from'); add('to', '.tp-to'); add('hit', '.tp-target.hit'); add('miss', '.tp-target.miss'); add('target', '.tp-target'); add('lost', '.tp-lost');
  return {
    Places: places,
    Labels: [...document.querySelectorAll('.tp-marks .tp-label text')].map((e) => e.textContent),
    Card: [...document.querySelectorAll('#their-turn li')].map((e) => e.textContent),
  };
})()`, &m)
	return m
}

// Any reports whether role marks a place.
func (m TurnMarks) Any(role string) bool { return len(m.Places[role]) > 0 }

// Says reports whether one of the card's sentences holds all the words.
func (m TurnMarks) Says(words ...string) bool {
	for _, s := range m.Card {
		all := true
		for _, w := range words {
			all = all && strings.Contains(s, w)
		}
		if all {
			return true
		}
	}
	return false
}

// SkipTurn taps the card's skip button while a turn is being played and
// answers how long the page then took to settle (body data-busy="0").
func (p *Phone) SkipTurn() (time.Duration, bool) {
	p.T.Helper()
	if !p.Tap(`#tp-skip`) {
		return 0, false
	}
	start := time.Now()
	for time.Since(start) < 10*time.Second {
		var busy string
		p.Eval(`document.body.dataset.busy`, &busy)
		if busy == "0" {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	return time.Since(start), true
}

// ShowTurn scrolls the board that holds the turn's marks to the top of
// the screen, under the sticky bars, for a screenshot of it.
func (p *Phone) ShowTurn() {
	p.T.Helper()
	var ok bool
	p.Eval(`(() => { const m = document.querySelector('.tp-marks'); const svg = m && m.closest('svg'); if (!svg) return false; svg.scrollIntoView({block: 'start'}); return true; })()`, &ok)
	time.Sleep(150 * time.Millisecond)
}

// ReplayToMarks steps the open replay on from version v, at most max
// versions, until one marks a move on the board; it answers that version.
func (p *Phone) ReplayToMarks(v, max int) (int, bool) {
	p.T.Helper()
	for i := 0; i < max; i++ {
		v++
		p.ReplayNext(v)
		var n int
		p.Eval(`document.querySelectorAll('.tp-marks .tp-step').length`, &n)
		if n > 0 {
			return v, true
		}
	}
	return v, false
}

// MarksCover lists where a word of the marks (a label, a step's number)
// covers the board's own words (the elements matching own outside the
// marks: a unit's name, a square's label), each as "mark covers word". A
// word drawn again above the marks, the same at the same place (turnplay
// raises the words of an SVG board), is not covered.
func (p *Phone) MarksCover(own string) []string {
	p.T.Helper()
	var out []string
	p.Eval(fmt.Sprintf(`(() => {
  const box = (e) => e.getBoundingClientRect();
  const over = (a, b) => a.width > 0 && b.width > 0 && a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  const say = (e) => (e.getAttribute('class') || e.tagName) + ' ' + JSON.stringify(e.textContent.trim().slice(0, 24));
  const own = [...document.querySelectorAll(%q)].filter((e) => !e.closest('.tp-marks') && e.textContent.trim());
  const copies = [...document.querySelectorAll('.tp-marks .tp-words > *')];
  const raised = (e) => copies.some((c) => c.textContent === e.textContent && ['left', 'top', 'right', 'bottom'].every((k) => Math.abs(box(c)[k] - box(e)[k]) < 1.5));
  const out = [];
  for (const m of document.querySelectorAll('.tp-marks :is(.tp-label rect, .tp-num)')) {
    for (const e of own) if (over(box(m), box(e)) && !raised(e)) out.push(say(m.closest('.tp-label') || m) + ' covers ' + say(e));
  }
  return out;
})()`, own), &out)
	return out
}

// Astray lists the board's words drawn again above the marks (turnplay's
// raised words) that are not where the word itself is, each with its
// distance: a raised word must lie exactly on its original.
func (p *Phone) Astray() []string {
	p.T.Helper()
	var out []string
	p.Eval(`(() => {
  const out = [];
  for (const c of document.querySelectorAll('.tp-marks .tp-words > *')) {
    const svg = c.ownerSVGElement;
    const b = c.getBoundingClientRect();
    let best = Infinity;
    for (const e of svg.querySelectorAll('text')) {
      if (e.closest('.tp-marks') || e.textContent !== c.textContent) continue;
      const r = e.getBoundingClientRect();
      best = Math.min(best, Math.hypot(r.left - b.left, r.top - b.top) + Math.abs(r.width - b.width) + Math.abs(r.height - b.height));
    }
    if (best > 1.5) out.push(JSON.stringify(c.textContent) + ' off by ' + best.toFixed(1) + ' px');
  }
  return out;
})()`, &out)
	return out
}

// WordsClear fails the test where the marks of the turn hide one of the
// board's own words (own, a selector), or a word drawn again above them
// is not on its own; when says the moment.
func (p *Phone) WordsClear(own, when string) {
	p.T.Helper()
	if over := p.MarksCover(own); len(over) > 0 {
		p.T.Errorf("%s: the turn's marks hide the board's words: %q", when, over)
	}
	if astray := p.Astray(); len(astray) > 0 {
		p.T.Errorf("%s: words drawn again above the marks are not on their own: %q", when, astray)
	}
}
