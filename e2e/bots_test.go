package e2e

import (
	"fmt"
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

	turns, surfaced := 0, 0
	const redMoves = ".log li.red[data-kind=course], .log li.red[data-kind=silence], .log li.red[data-kind=surface]"
	prefer := []string{"NORTH", "EAST", "SOUTH", "WEST"}
	count := func(sel string) int {
		var n int
		p.eval(fmt.Sprintf(`document.querySelectorAll(%q).length`, sel), &n)
		return n
	}
	for turns < 14 {
		// The Red bots take their whole turn on the server while we wait.
		p.until("our turn or the end", `document.querySelector('#turn')?.dataset.mine === "true" || !!document.querySelector('#outcome-banner')`)
		if p.has("#outcome-banner") {
			break
		}
		moved, ours := count(redMoves), count(".log li.blue[data-kind=course]")
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
			p.until("our course and both OKs", fmt.Sprintf(`document.querySelectorAll(".log li.blue[data-kind=course]").length > %d && !!document.querySelector('[data-duty=first_mate][data-done=true]') && !!document.querySelector('[data-duty=engineer][data-done=true]') || !!document.querySelector('#outcome-banner')`, ours))
			if p.has("#outcome-banner") {
				break
			}
			if turns == 2 {
				p.fits("bots-captain-turn", `button[data-course=NORTH]`, ".chart", "[data-duty=first_mate]")
			}
			blue.endTurn()
		}
		turns++
		// The Red bots answer at once on the server: the turn may be ours
		// again before the page could show theirs, so wait for their move.
		p.until("the Red bots' move", fmt.Sprintf(`document.querySelectorAll(%q).length > %d || !!document.querySelector('#outcome-banner')`, redMoves, moved))
	}
	if turns < 10 && !p.has("#outcome-banner") {
		t.Fatalf("only %d turns played", turns)
	}
	// The log shows both crews' bots at work: our First Mate's and
	// Engineer's OKs, and the Red Captain's announced courses.
	var charges, marks, redCourses int
	p.eval(`document.querySelectorAll('.log li[data-kind=charge]').length`, &charges)
	p.eval(`document.querySelectorAll('.log li[data-kind=mark]').length`, &marks)
	p.eval(`[...document.querySelectorAll('.log li[data-kind=course]')].filter(li => li.classList.contains("red")).length`, &redCourses)
	var log string
	p.eval(`[...document.querySelectorAll('.log li')].slice(0, 6).map(li => li.dataset.kind + ": " + li.textContent).join(" | ")`, &log)
	t.Logf("%d turns, %d surfacings; log: %s", turns, surfaced, log)
	if charges < 5 || marks < 5 {
		t.Errorf("our bot First Mate charged %d times, our bot Engineer marked %d times", charges, marks)
	}
	if redCourses < 5 {
		t.Errorf("the Red bot Captain announced %d courses", redCourses)
	}
	p.screenshot("bots-captain-after")
	if p.has("#outcome-banner") {
		got := p.text("#outcome-banner")
		if !strings.Contains(got, "WINS") {
			t.Errorf("the end reads %q", got)
		}
	}
}

// has reports whether the page shows an element matching sel now.
func (p *phone) has(sel string) bool {
	p.t.Helper()
	var ok bool
	p.eval(fmt.Sprintf(`!!document.querySelector(%q)`, sel), &ok)
	return ok
}
