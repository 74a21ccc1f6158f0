package e2e

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// One player alone: the host takes the Blue Captain's seat, puts a bot on
// every other seat from the waiting room, and plays turn-based against the
// Red bot crew, with its own First Mate and Engineer bots answering each
// course on the server.
func TestHumanCaptainWithBotCrewAgainstBotCrew(t *testing.T) {
	e := start(t)
	defer logShots(t)
	p := e.phone(t, "bots-captain")
	code := createRoom(p, "turnbased", "4", "4", "off")
	join(p, code, 0, "Ann")

	// Every free seat offers the host a bot.
	p.until("the bot buttons", `document.querySelectorAll("[data-bot]").length === 7`)
	p.fits("bots-waiting", `[data-bot="1"]`, `[data-bot="7"]`, "#start")
	if small := p.smallTargets(); len(small) > 0 {
		t.Errorf("controls under 44px in the waiting room: %q", small)
	}
	for seat := 1; seat < 8; seat++ {
		p.tap(fmt.Sprintf(`[data-bot="%d"]`, seat))
		p.until("the bot seated", fmt.Sprintf(`document.querySelector('.seat[data-seat="%d"]')?.dataset.taken === "true"`, seat))
	}
	if got := p.text(`.seat[data-seat="5"] .name`); got != "Bot" {
		t.Fatalf("seat 5 reads %q", got)
	}
	p.screenshot("bots-all-seated")
	startMatch(p, p)

	// The Red bot Captain dives by itself; ours waits for us.
	blue := &crew{name: "blue", captain: p}
	blue.place("A10")
	p.until("play", `!!document.querySelector('#turn')`)
	if p.has("#outcome-banner") {
		t.Fatal("over before it began")
	}

	turns, surfaced, fired := 0, 0, 0
	prefer := []string{"NORTH", "EAST", "SOUTH", "WEST"}
	// The page's view (window.periscope) says where the turn stands on
	// the server: the log shows only its latest lines.
	const ended = `!!document.querySelector('#outcome-banner')`
	for turns < 150 {
		// The Red bots take their whole turn on the server while we wait.
		p.until("a fresh turn of ours, or the end", `(() => { const t = window.periscope.view?.own?.turn; return !!t && t.current && !t.moved })() || `+ended)
		if p.has("#outcome-banner") {
			break
		}
		var dir string
		p.eval(fmt.Sprintf(`(() => {
			const prefer = %q.split(" ");
			return prefer.find(d => !!document.querySelector("button[data-course=" + d + "]:not([disabled]):not([aria-disabled=true])")) || "";
		})()`, strings.Join(append(prefer[turns/3%4:], prefer[:turns/3%4]...), " ")), &dir)
		if dir == "" {
			// Cornered: surface, and the Red crew takes three turns.
			p.tap(`button[data-system=surface]`)
			p.tap(`#confirm`)
			surfaced++
		} else {
			p.tap(fmt.Sprintf(`button[data-course=%s]:not([disabled])`, dir))
			// Our bot First Mate and Engineer give their OK at once.
			p.until("our course and both OKs", `(() => { const o = window.periscope.view?.own; return !!o?.turn?.moved && !o.duties.first_mate && !o.duties.engineer })() || `+ended)
			p.until("the OKs on the page", `!!document.querySelector('[data-duty=first_mate][data-done=true]') && !!document.querySelector('[data-duty=engineer][data-done=true]') || `+ended)
			if p.has("#outcome-banner") {
				break
			}
			if turns == 2 {
				p.fits("bots-captain-turn", `button[data-course=NORTH]`, ".chart", "[data-duty=first_mate]")
			}
			if fireAtReport(p) {
				fired++ // a system ends the turn
			} else {
				blue.endTurn()
			}
		}
		// The Red bots answer at once on the server: the turn may be ours
		// again before the page showed theirs; a fresh turn is one not yet
		// moved in.
		turns++
	}
	if !p.has("#outcome-banner") {
		t.Fatalf("no end after %d turns", turns)
	}
	// The log shows both crews' bots at work: our First Mate's and
	// Engineer's OKs, and the Red Captain's announced courses.
	var charges, marks, redCourses int
	p.eval(`document.querySelectorAll('.log li[data-kind=charge]').length`, &charges)
	p.eval(`document.querySelectorAll('.log li[data-kind=mark]').length`, &marks)
	p.eval(`[...document.querySelectorAll('.log li[data-kind=course]')].filter(li => li.classList.contains("red")).length`, &redCourses)
	var log string
	p.eval(`[...document.querySelectorAll('.log li')].slice(0, 6).map(li => li.dataset.kind + ": " + li.textContent).join(" | ")`, &log)
	t.Logf("%d turns, %d surfacings, %d torpedoes; log: %s", turns, surfaced, fired, log)
	if charges < 5 || marks < 5 {
		t.Errorf("our bot First Mate charged %d times, our bot Engineer marked %d times", charges, marks)
	}
	if redCourses < 5 {
		t.Errorf("the Red bot Captain announced %d courses", redCourses)
	}
	p.fits("bots-captain-end", "#outcome-banner")
	if got := p.text("#outcome-banner"); !strings.Contains(got, "WINS") && !strings.Contains(got, "DRAW") {
		t.Errorf("the end reads %q", got)
	}
}

var cellName = regexp.MustCompile(`\b[A-O](1[0-5]|[1-9])\b`)

// fireAtReport launches a torpedo when the bot Radio Operator's report
// names the enemy's cells and one of them is in reach, not next to our own
// submarine. It reports whether it fired.
func fireAtReport(p *phone) bool {
	p.t.Helper()
	if !p.has(`button[data-system=torpedo]:not([disabled]):not([aria-disabled=true])`) {
		return false
	}
	var report string
	p.eval(`[...document.querySelectorAll("#hints .hint")].map(h => h.textContent).find(t => t.includes("Radio Operator (bot): the enemy is at")) || ""`, &report)
	cells := cellName.FindAllString(report, -1)
	if len(cells) == 0 {
		return false
	}
	var at string
	p.eval(`document.querySelector("#position").dataset.cell`, &at)
	p.tap(`button[data-system=torpedo]:not([disabled])`)
	target := ""
	for _, c := range cells {
		if !near(c, at) && p.has(fmt.Sprintf(`rect.target[data-kind=torpedo][data-cell=%s]`, c)) {
			target = c
			break
		}
	}
	if target == "" {
		p.tap(`[data-group=target] .confirm button:not(#confirm)`) // Cancel
		p.until("the torpedo put away", `!document.querySelector("[data-group=target] #confirm")`)
		return false
	}
	// Count in the page's whole log: the list on screen shows the last 200
	// lines only, so a long match's count there stops growing.
	before := 0
	p.eval(`window.periscope.lines.filter(l => l.kind === "torpedo").length`, &before)
	p.tap(fmt.Sprintf(`rect.target[data-kind=torpedo][data-cell=%s]`, target))
	p.until("the target under the finger", fmt.Sprintf(`document.querySelector("#confirm")?.textContent === "FIRE TORPEDO AT %s"`, target))
	p.tap(`#confirm:not([disabled])`)
	p.until("the impact in the log", fmt.Sprintf(`window.periscope.lines.filter(l => l.kind === "torpedo").length > %d`, before))
	return true
}

// near reports whether two cells named "C6" touch (or are the same).
func near(a, b string) bool {
	if len(a) < 2 || len(b) < 2 {
		return false
	}
	ra, _ := strconv.Atoi(a[1:])
	rb, _ := strconv.Atoi(b[1:])
	dc, dr := int(a[0])-int(b[0]), ra-rb
	return dc >= -1 && dc <= 1 && dr >= -1 && dr <= 1
}

// has reports whether the page shows an element matching sel now.
func (p *phone) has(sel string) bool {
	p.t.Helper()
	var ok bool
	p.eval(fmt.Sprintf(`!!document.querySelector(%q)`, sel), &ok)
	return ok
}
