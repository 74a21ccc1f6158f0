package e2e

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"periscope/e2e/chrome"
	"periscope/games"
	"periscope/games/gridtactics"
	"periscope/roles"
	"periscope/rooms"
	"periscope/server"
	"periscope/server/servertest"
	"periscope/static"
)

// coachLesson is the lesson the page's coach card shows, as the view
// carries it.
type coachLesson struct {
	ID    string   `json:"id"`
	Key   string   `json:"key"`
	Title string   `json:"title"`
	Steps []string `json:"steps"`
}

// lesson waits for the coach card, or the end, and returns the lesson
// (empty at the end).
func lesson(p *phone) coachLesson {
	p.t.Helper()
	raw := p.until("a lesson or the end", `!!document.querySelector("#outcome-banner") ? {} :
		(document.querySelector("#coach-card[data-key]") && window.periscope.view?.coach?.lesson?.key === document.querySelector("#coach-card").dataset.key
			? window.periscope.view.coach.lesson : null)`)
	var l coachLesson
	if err := json.Unmarshal(raw, &l); err != nil {
		p.fail("lesson: %v", err)
	}
	return l
}

func done(p *phone) []string {
	p.t.Helper()
	var d []string
	p.eval(`window.periscope.view?.coach?.done || []`, &d)
	return d
}

// A lone player's first dive: one phone is the whole Blue crew; the room's
// option seats learner bots on Red from the host's phone; the player does
// exactly what the coach's card highlights, step after step, to the end
// of the match (within a fixed number of lessons), and the coach marks the
// lessons done in the order a new crew meets them.
func TestFirstDiveFollowingTheCoach(t *testing.T) {
	if noBrowser != "" {
		chrome.Skip(t, noBrowser)
	}
	// A fixed seed: the learner bots play the same match every run.
	hub := servertest.NewHub(t, rooms.Config{Games: []games.Definition{roles.Definition, gridtactics.Definition}, Seeds: servertest.Seeds(3)})
	_, base := servertest.Serve(t, server.Config{Hub: hub, Static: static.FS})
	e := &env{base: base}
	defer logShots(t)
	p := e.phone(t, "first-dive")
	p.open("/")
	p.tap(`input[name=first-crew][value="1"]`)
	p.tap("#first-dive-go")
	code := p.text("[data-code]")
	join(p, code, 0, "Ann")

	// The host's phone seats the four Red bots by itself.
	p.until("Red's bots", `document.querySelectorAll('.seat[data-taken=true]').length === 5`)
	p.fits("firstdive-waiting", "#coach-card", "#start")
	if got := p.text("#coach-card"); !strings.Contains(got, "learner bot crew") {
		t.Errorf("the waiting card reads %q", got)
	}
	startMatch(p, p)
	// The table screen on a TV, beside the phone.
	tv := e.phone(t, "first-dive-tv")
	tv.size(1920, 1080)
	tv.open("/table/" + code)
	tv.until("the match on the TV", `document.body.dataset.state === "playing"`)
	tvChecked := false

	// The first lesson: the start, its cell highlighted on the chart.
	l := lesson(p)
	if l.ID != "start" {
		t.Fatalf("first lesson %+v", l)
	}
	p.until("the start cell highlighted", `!!document.querySelector("rect.coach-target[data-cell]")`)
	p.fits("firstdive-start", "#coach-card", "#coach-ok", "rect.coach-target")
	if small := p.smallTargets(); slices.ContainsFunc(small, func(s string) bool { return strings.HasPrefix(s, "Got it") || s == "coach-ok" }) {
		t.Errorf("the coach's button is under 44px: %q", small)
	}
	// "Got it" folds the card to one line; Show opens it again.
	p.tap("#coach-ok")
	p.until("the folded card", `document.querySelector("#coach-card")?.dataset.folded === "true"`)
	p.tap(".coach-show")
	p.see("#coach-ok")

	var order []string // the lessons as the card showed them
	refused := false
	const maxLessons = 400
	steps := 0
	for ; steps < maxLessons; steps++ {
		l := lesson(p)
		if l.ID == "" {
			break
		}
		if len(order) == 0 || order[len(order)-1] != l.ID {
			order = append(order, l.ID)
		}
		for i, sel := range l.Steps {
			if strings.HasPrefix(sel, "[data-tab=") {
				// A tab is tapped only when the seat shows tabs and another
				// one is open.
				var show bool
				p.eval(fmt.Sprintf(`(() => { const t = document.querySelector(%q); return !!t && t.getClientRects().length > 0 && t.getAttribute("aria-selected") !== "true"; })()`, sel), &show)
				if show {
					p.tap(sel)
				}
				continue
			}
			p.until("the step highlighted", fmt.Sprintf(`!!document.querySelector(%q)?.classList.contains("coach-target")`, sel))
			p.tap(sel)
			if l.ID == "start" && i == 0 {
				// A chart of small cells zooms in at the first tap; the
				// coach keeps the cell highlighted until it is chosen.
				cell := strings.TrimSuffix(strings.TrimPrefix(sel, "rect[data-cell="), "]")
				for k := 0; k < 3 && !p.has(`#place:not([disabled])`); k++ {
					p.tap(sel)
				}
				p.until("the start under the finger", fmt.Sprintf(`document.querySelector("#place")?.textContent === "DIVE AT %s"`, cell))
			}
		}
		if l.ID == "charge" && !refused {
			// A second heading before the First Mate's OK: the server
			// refuses it, and the card says what to do instead.
			p.eval(`window.periscope.act("course", {type: "course", dir: "NORTH"}), true`, nil)
			p.until("the coach's advice", `!!document.querySelector(".coach-advice")`)
			var rule, advice, want string
			p.eval(`document.querySelector(".coach-advice").dataset.rule`, &rule)
			p.eval(`document.querySelector(".coach-advice").textContent`, &advice)
			p.eval(fmt.Sprintf(`window.periscope.view.coach.advice[%q] || ""`, rule), &want)
			if want == "" || !strings.Contains(advice, want) {
				t.Errorf("refused (%s): the card reads %q, the advice is %q", rule, advice, want)
			}
			p.fits("firstdive-refused", ".coach-advice", ".coach-target")
			refused = true
		}
		if len(l.Steps) == 0 || l.ID == "news" || l.ID == "wait" {
			// Nothing to tap: the lesson moves on when the match does.
			p.until("the next lesson", fmt.Sprintf(`!!document.querySelector("#outcome-banner") || window.periscope.view?.coach?.lesson?.key !== %q`, l.Key))
			continue
		}
		p.until("the lesson done", fmt.Sprintf(`!!document.querySelector("#outcome-banner") || window.periscope.view?.coach?.lesson?.key !== %q`, l.Key))
		if p.has("#outcome-banner") {
			break
		}
		if l.ID == "mine" && !tvChecked {
			// Mid-match: surfaced, silent, sonar used.
			tvShows(t, tv, "mid", true)
			tvChecked = true
		}
		switch l.ID {
		case "mark":
			if !slices.Contains(order[:len(order)-1], "mark") {
				p.fits("firstdive-mark", "#coach-card")
			}
		case "torpedo":
			p.fits("firstdive-torpedo", "#coach-card", ".log li[data-kind=torpedo]")
		}
	}
	got := done(p)
	t.Logf("%d lessons followed; shown %v; done %v", steps, order, got)
	want := []string{"start", "heading", "charge", "mark", "end_turn"}
	if len(got) < len(want) || !slices.Equal(got[:len(want)], want) {
		t.Fatalf("lessons done %v, want them to begin %v", got, want)
	}
	if !refused {
		t.Error("never refused: the advice was not checked")
	}
	if !p.has("#outcome-banner") {
		t.Fatalf("no end after %d lessons: the match must end by following the coach", steps)
	}
	p.fits("firstdive-end", "#outcome-banner")
	banner := p.text("#outcome-banner")
	t.Logf("the end: %s", banner)
	if !strings.Contains(banner, "WINS") && !strings.Contains(banner, "DRAW") {
		t.Errorf("the end reads %q", banner)
	}
	if p.has("#coach-card") {
		t.Error("a lesson after the end")
	}
	// The whole game was taught before the end: every lesson of the course
	// shown on the card and done, and a closing card sums it up.
	course := []string{"start", "heading", "charge", "mark", "end_turn", "listen", "sonar", "silence", "mine", "drone", "surface", "torpedo"}
	for _, id := range course {
		if !slices.Contains(order, id) || !slices.Contains(got, id) {
			t.Errorf("lesson %s: shown %v, done %v", id, slices.Contains(order, id), slices.Contains(got, id))
		}
	}
	tvShows(t, tv, "end", false)
	closing := p.text("#coach-closing")
	p.fits("firstdive-closing", "#coach-closing", "#coach-real-match")
	for _, want := range []string{"Training over", "12 of 12 lessons done", "You learned to", "real match"} {
		if !strings.Contains(closing, want) {
			t.Errorf("the closing card reads %q: %q missing", closing, want)
		}
	}
}

// tvShows checks the table screen at both TV sizes: one screen, never
// scrolled, the public game on it: each crew's damage, the systems it
// used, its track as the enemy hears it, its last announcements.
func tvShows(t *testing.T, tv *phone, when string, playing bool) {
	t.Helper()
	for _, sz := range [][2]int64{{1920, 1080}, {1280, 720}} {
		tv.size(sz[0], sz[1])
		tv.until("the TV laid out", fmt.Sprintf(`innerWidth === %d && document.querySelector(".table-grid")?.dataset.fitted === "%dx%d"`, sz[0], sz[0], sz[1]))
		if !playing {
			tv.see("#outcome-banner")
		}
		tv.noSideScroll(sz[0])
		tv.fitsHeight(sz[1])
		var got struct {
			Steps  []int
			Used   int
			Said   int
			Damage int
			Chart  bool
		}
		tv.eval(`(() => {
			const r = document.querySelector(".mapcol .chart").getBoundingClientRect();
			return {
				Steps: [...document.querySelectorAll(".tv-track")].map((s) => Number(s.dataset.steps)),
				Used: document.querySelectorAll("[data-used=blue] .pill").length,
				Said: document.querySelectorAll(".tv-said .log li:not(.muted)").length,
				Damage: document.querySelectorAll(".crewstat [data-damage]").length,
				Chart: r.bottom <= innerHeight + 0.5 && r.height > innerHeight * 0.5,
			}; })()`, &got)
		if len(got.Steps) != 2 || got.Used < 2 || got.Said < 2 || got.Damage != 2 || !got.Chart {
			t.Errorf("%s, %dx%d: the TV shows %+v: want both tracks, Blue's systems, the last announcements, both damages and the whole chart at least half the screen high", when, sz[0], sz[1], got)
		}
		tv.screenshot(fmt.Sprintf("firstdive-tv-%s-%d", when, sz[1]))
	}
}
