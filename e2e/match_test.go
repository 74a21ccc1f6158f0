package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// createRoom fills in the lobby's create form on host's phone and returns
// the room code it shows.
func createRoom(host *phone, mode, blue, red, radio string) string {
	host.t.Helper()
	host.open("/")
	host.see("#opt-map")
	openAllOptions(host)
	// The form is drawn from the game's catalogue: choices carry their
	// JSON values, crews are numbers.
	host.tap(fmt.Sprintf(`input[name=mode][value='"%s"']`, mode))
	host.typeIn("#opt-blue_crew", blue)
	host.typeIn("#opt-red_crew", red)
	host.choose("#opt-radio", `"`+radio+`"`)
	host.tap("#create-room")
	return host.text("[data-code]")
}

// join opens the room's lobby page, types a name and takes the seat.
func join(p *phone, code string, seat int, name string) {
	p.t.Helper()
	if u := currentURL(p); !strings.Contains(u, "room="+code) && !strings.Contains(u, "/join/"+code) {
		p.open("/join/" + code) // the link in the QR code
	}
	p.typeIn("#name", name)
	p.tap(fmt.Sprintf(`[data-take="%d"]`, seat))
	p.until("the seat page", `location.pathname === "/sonar.html" && document.body.dataset.state`)
}

// startMatch has the host tap Start once its own page shows every seat
// taken, then waits for every phone to show the match.
func startMatch(host *phone, phones ...*phone) {
	host.t.Helper()
	host.until("all seats taken", `document.querySelectorAll('.seat[data-taken=false]').length === 0 && !!document.querySelector('.seat')`)
	host.tap("#start")
	for _, p := range phones {
		p.until("the match", `document.body.dataset.state === "playing"`)
	}
}

func currentURL(p *phone) string {
	var u string
	p.eval(`location.href`, &u)
	return u
}

// crew is one submarine's phones in a 4-player crew.
type crew struct {
	name                      string
	captain, mate, eng, radio *phone
	moves                     []string
	charge                    []string // gauges the First Mate fills, in order of preference
	avoid                     string   // the colour the Engineer keeps whole
	done                      int
}

// course makes the Captain head dir, then the First Mate and the Engineer
// give their OK, as at the table.
func (c *crew) course(dir string) {
	c.captain.tap(fmt.Sprintf(`button[data-course=%s]:not([disabled])`, dir))
	c.duties()
	c.done++
}

// duties has the First Mate and the Engineer answer the course just
// announced; a combined phone turns to each of them and back by itself.
func (c *crew) duties() {
	c.captain.until("the wait for the crew's OKs", `document.body.dataset.tab !== "captain" || !!document.querySelector('[data-duty][data-done=false]')`)
	c.charge1()
	c.mark()
	c.captain.until("both OKs", `document.body.dataset.tab === "captain" && !!document.querySelector('[data-duty=first_mate][data-done=true]') && !!document.querySelector('[data-duty=engineer][data-done=true]')`)
}

// charge1 makes the First Mate charge the first gauge of its preference
// that is not full.
func (c *crew) charge1() {
	c.mate.see("#fm-duty.warn")
	// The gauges open once the page holds the course (and no charge is
	// still on its way).
	c.mate.until("a gauge to charge", `!!document.querySelector('button[data-charge]:not([disabled])')`)
	for _, sys := range c.charge {
		var ok bool
		c.mate.eval(fmt.Sprintf(`!!document.querySelector('button[data-charge=%s]:not([disabled])')`, sys), &ok)
		if ok {
			c.mate.tap(fmt.Sprintf(`button[data-charge=%s]:not([disabled])`, sys))
			// A combined phone turns to its next duty at once.
			c.mate.until("the OK", `!!document.querySelector("#fm-duty.good") || document.body.dataset.tab !== "first_mate"`)
			return
		}
	}
	c.mate.fail("no gauge to charge")
}

// mark makes the Engineer cross out a symbol of the active panel, keeping
// the crew's weapon colour and, if possible, the reactor whole.
func (c *crew) mark() {
	c.eng.see("#eng-duty.warn")
	var sel string
	c.eng.eval(fmt.Sprintf(`(() => {
		const syms = [...document.querySelectorAll('g.sym.active')];
		const keep = syms.filter(s => s.dataset.colour !== %q);
		const pick = keep.find(s => s.dataset.colour !== "radiation") || keep[0] || syms[0];
		return pick ? 'g.sym[data-panel="' + pick.dataset.panel + '"][data-index="' + pick.dataset.index + '"]' : "";
	})()`, c.avoid), &sel)
	if sel == "" {
		c.eng.fail("no symbol to cross out")
	}
	c.eng.tap(sel)
	c.eng.until("the OK", `!!document.querySelector("#eng-duty.good") || document.body.dataset.tab !== "engineer"`)
}

func (c *crew) myTurn() bool {
	var mine bool
	c.captain.eval(`(document.querySelector('#turn') || {}).dataset?.mine === "true"`, &mine)
	return mine
}

// place chooses the secret start: tap the cell, check it, confirm.
func (c *crew) place(cell string) {
	c.captain.tap(fmt.Sprintf(`rect[data-cell=%s]`, cell))
	c.captain.until("the start under the finger", fmt.Sprintf(`document.querySelector("#place")?.textContent === "DIVE AT %s"`, cell))
	c.captain.tap(`#place:not([disabled])`)
	c.captain.until("the start on the chart", fmt.Sprintf(`document.querySelector("#position")?.dataset.cell === %q`, cell))
}

// whoseTurn waits until both Captains' pages agree on whose turn it is.
func whoseTurn(blue, red *crew) *crew {
	for range 500 {
		b, r := blue.myTurn(), red.myTurn()
		switch {
		case b && !r:
			return blue
		case r && !b:
			return red
		}
		time.Sleep(40 * time.Millisecond)
	}
	blue.captain.fail("the Captains' pages never agreed on the turn")
	return nil
}

func (c *crew) endTurn() {
	c.captain.tap(`button[data-system=end_turn]:not([disabled])`)
}

// position reads where the Captain's page shows the submarine.
func (c *crew) position() string {
	c.captain.see("#position")
	var cell string
	c.captain.eval(`document.querySelector("#position").dataset.cell`, &cell)
	return cell
}

// fire launches a torpedo at cell by tapping the highlighted target.
func (c *crew) fire(cell string) {
	c.captain.tap(`button[data-system=torpedo]:not([disabled])`)
	c.captain.tap(fmt.Sprintf(`rect.target[data-kind=torpedo][data-cell=%s]`, cell))
	c.captain.until("the target under the finger", fmt.Sprintf(`document.querySelector("#confirm")?.textContent === "FIRE TORPEDO AT %s"`, cell))
	c.captain.tap(`#confirm:not([disabled])`)
	c.captain.until("the impact in the log", fmt.Sprintf(`[...document.querySelectorAll('.log li[data-kind=torpedo]')].some(li => li.textContent.includes(%q))`, cell))
}

func TestTurnBasedMatchFromEightPhones(t *testing.T) {
	e := start(t)
	defer logShots(t)
	names := []string{"Ann", "Bob", "Cy", "Di", "Eve", "Fay", "Gus", "Hal"}
	phones := make([]*phone, 8)
	for i := range phones {
		phones[i] = e.phone(t, fmt.Sprintf("seat%d-%s", i, names[i]))
	}
	table := e.phone(t, "table")
	table.size(1280, 800)

	// The host creates the room, takes the Blue Captain's seat and tries to
	// start too early: the refusal shows under the start button.
	code := createRoom(phones[0], "turnbased", "4", "4", "heat")
	phones[0].fits("lobby-room", "#name", `[data-take="0"]`)
	join(phones[0], code, 0, names[0])
	phones[0].fits("waiting-host", "#start")
	phones[0].tap("#start")
	refusal := phones[0].text(`[data-group=start] .refusal`)
	if !strings.Contains(refusal, "every seat needs a player") {
		t.Fatalf("early start refused with %q", refusal)
	}

	table.open("/table/" + code)
	table.see("[data-code]")
	for i := 1; i < 8; i++ {
		join(phones[i], code, i, names[i])
	}
	phones[0].until("all seats taken", `document.querySelectorAll('.seat[data-taken=false]').length === 0 && !!document.querySelector('.seat')`)
	// A phone that drops and comes back changes the seat list, not the
	// host's Start button: the button under the host's finger stays put.
	var probe bool
	phones[0].eval(`(document.querySelector("#start").dataset.probe = "kept") === "kept"`, &probe)
	phones[7].run(chromedp.Reload())
	phones[0].until("Hal away and back", `[...document.querySelectorAll('.seat')].every(s => s.textContent.includes("online"))`)
	phones[0].eval(`document.querySelector("#start").dataset.probe === "kept"`, &probe)
	if !probe {
		t.Fatal("the Start button was rebuilt when a phone came back online")
	}
	table.screenshot("table-waiting")
	phones[0].tap("#start")
	for _, p := range phones {
		p.until("the match", `document.body.dataset.state === "playing"`)
	}

	blue := &crew{name: "blue", captain: phones[0], mate: phones[1], eng: phones[2], radio: phones[3],
		moves: []string{"NORTH", "NORTH", "NORTH", "NORTH", "EAST", "EAST"}, charge: []string{"torpedo", "mine", "drone", "silence"}, avoid: "red"}
	red := &crew{name: "red", captain: phones[4], mate: phones[5], eng: phones[6], radio: phones[7],
		moves: []string{"EAST", "SOUTH", "SOUTH", "WEST", "WEST", "SOUTH", "EAST"}, charge: []string{"sonar", "mine", "silence", "drone"}, avoid: "green"}

	// Secret starts: tap a cell, then confirm.
	blue.captain.fits("captain-start", `rect[data-cell=A10]`, "#place")
	blue.place("A10")
	red.place("C6")
	for _, c := range []*crew{blue, red} {
		c.captain.until("play", `!!document.querySelector('#turn')`)
	}
	if got := blue.position(); got != "A10" {
		t.Fatalf("blue's page shows its sub at %q", got)
	}

	// Layout of every role page at 360x640, mid-course: the First Mate and
	// the Engineer have their duty on screen.
	first := blue
	if red.myTurn() {
		first = red
	}
	first.captain.tap(fmt.Sprintf(`button[data-course=%s]:not([disabled])`, first.moves[0]))
	first.mate.see("#fm-duty.warn")
	first.eng.see("#eng-duty.warn")
	other := red
	if first == red {
		other = blue
	}
	first.captain.fits("captain-"+first.name, `button[data-course=NORTH]`, `button[data-system=torpedo]`, ".chart", "[data-duty=first_mate]")
	first.mate.fits("firstmate-"+first.name, `button[data-charge=torpedo]`, `[data-gauge=silence]`, ".damage")
	first.eng.fits("engineer-"+first.name, `svg.sheet`, `g.sym.active`)
	first.radio.fits("radio-"+first.name, `#overlay`, `#restart`, `#notes`)
	other.captain.fits("captain-"+other.name+"-waiting", `button[data-course=NORTH]`, "#course-why")
	other.radio.fits("radio-"+other.name, `#overlay`, `#tracker-toggle`)
	table.screenshot("table-playing")

	// The Radio Operator drags the transparent sheet over the chart.
	before := first.radio.text("#heard")
	var from [2]int
	first.radio.eval(`[Number(document.querySelector("#overlay").dataset.col), Number(document.querySelector("#overlay").dataset.row)]`, &from)
	raw := first.radio.until("the sheet", `(() => {
		const c = document.querySelector("#overlay .trackstart");
		c.scrollIntoView({block: "center"});
		const r = c.getBoundingClientRect();
		return [r.left + r.width / 2, r.top + r.height / 2];
	})()`)
	var at [2]float64
	if err := json.Unmarshal(raw, &at); err != nil {
		t.Fatal(err)
	}
	first.radio.trace([][2]float64{at, {at[0] - 30, at[1] + 30}, {at[0] - 64, at[1] + 66}})
	first.radio.until("the sheet moved", fmt.Sprintf(`Number(document.querySelector("#overlay").dataset.col) < %d && Number(document.querySelector("#overlay").dataset.row) > %d`, from[0], from[1]))
	if after := first.radio.text("#heard"); after != before {
		t.Fatalf("dragging the sheet changed what it holds: %q, then %q", before, after)
	}
	for _, p := range []*phone{first.captain, first.mate, first.eng, first.radio, phones[0]} {
		if small := p.smallTargets(); len(small) > 0 {
			t.Errorf("%s: controls under 44px: %q", p.name, small)
		}
	}
	first.charge1()
	first.mark()
	first.captain.until("both OKs", `!!document.querySelector('[data-duty=engineer][data-done=true]') && !!document.querySelector('[data-duty=first_mate][data-done=true]')`)
	first.done++
	first.endTurn()
	first.captain.until("the turn to pass", `document.querySelector('#turn')?.dataset.mine === "false"`)

	// Play out the match: Red probes with its sonar, Blue fires two
	// torpedoes at Red's position as Red's Captain page shows it.
	hits := 0
	answered := false
	for turns := 0; hits < 2 && turns < 20; turns++ {
		c := whoseTurn(blue, red)
		c.course(c.moves[c.done])
		switch {
		case c == blue && c.done%3 == 0:
			target := red.position()
			c.fire(target)
			hits++
			table.until("red's damage on the table", fmt.Sprintf(`document.querySelector('[data-crew=red] [data-damage]')?.dataset.damage === "%d"`, 2*hits))
			if hits == 1 {
				red.mate.until("red's damage on its First Mate page", `document.querySelectorAll('.damage.big .box.hit').length === 2`)
				red.mate.screenshot("firstmate-red-hit")
			}
		case c == red && c.done == 3:
			red.captain.tap(`button[data-system=sonar]:not([disabled])`)
			blue.captain.see("#sonar-answer")
			blue.captain.fits("captain-blue-sonar", "#sonar-answer", "[data-fact]")
			blue.captain.tap("#sonar-answer [data-fact]")
			blue.captain.tap(`#sonar-answer .facts[data-step="2"] [data-fact]`)
			table.until("the sonar answer on the table", `!!document.querySelector('.log li[data-kind=sonar_answer]')`)
			answered = true
		default:
			c.endTurn()
		}
		c.captain.until("the turn to pass", `document.querySelector('#turn')?.dataset.mine !== "true" || !!document.querySelector('#outcome-banner')`)
	}
	if !answered || hits != 2 {
		t.Fatalf("the script went astray: sonar answered %v, hits %d", answered, hits)
	}

	for _, p := range phones {
		got := p.text("#outcome-banner")
		if !strings.Contains(got, "BLUE WINS") {
			t.Errorf("%s shows %q at the end", p.name, got)
		}
	}
	if w := table.text("#outcome-banner"); !strings.Contains(w, "BLUE WINS") {
		t.Errorf("the table shows %q", w)
	}
	// Turn-based too, no role page keeps a duty or a control after the end.
	for _, p := range phones {
		nothingAfterTheEnd(t, p, "")
	}
	table.see(`path[data-reveal=blue]`)
	table.see(`path[data-reveal=red]`)
	table.screenshot("table-end")
	blue.captain.fits("captain-blue-victory", "#outcome-banner")
	red.radio.fits("radio-red-end", "#outcome-banner")
}
