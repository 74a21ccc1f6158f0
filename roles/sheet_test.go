package roles

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"periscope/sonar"
)

// TestBotsPassTheSheet plays whole real-time bot matches at tables that
// pass the surfacing sheet hand to hand, four to a crew and with combined
// seats: every bot order is accepted (the room fails the test otherwise),
// every surfacing's four sections are traced in the sheet's order, and
// the log replays to the same match.
func TestBotsPassTheSheet(t *testing.T) {
	tests := []struct {
		name, options string
		seeds         int
	}{
		{"four to a crew", `{"mode":"realtime","map":"alpha","surface_order":"sheet"}`, 3},
		{"combined seats 2v3", `{"mode":"realtime","map":"bravo","surface_order":"sheet","blue_crew":2,"red_crew":3}`, 3},
	}
	surfacings := 0
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for seed := range uint64(tt.seeds) {
				r := newBotRoom(t, botOptions(t, tt.options), seed, nil)
				if !r.run(20000) {
					t.Fatalf("seed %d: stuck after %d commands:\n%+v", seed, r.cmds, r.g.view(0).Own)
				}
				surfacings += checkSheetOrder(t, r)
				r.checkReplay()
			}
		})
	}
	t.Logf("%d surfacings traced in the sheet's order", surfacings)
	if surfacings == 0 {
		t.Error("no bot crew surfaced in real time: the sheet was never passed")
	}
}

// checkSheetOrder reads a bot room's log: after each surfacing a crew's
// first four sections are traced by the Engineer, the First Mate, the
// Captain and the Radio Operator in turn (then only rejected sections are
// traced again). It returns the surfacings seen.
func checkSheetOrder(t *testing.T, r *botRoom) int {
	t.Helper()
	var next [2]int // per crew: how many sections of this surfacing were traced
	surfacings := 0
	for _, c := range r.log {
		if c.Seat < 0 || c.Seat >= len(r.g.seats) {
			continue
		}
		var o struct {
			Type sonar.CommandType `json:"type"`
			Role *sonar.Role       `json:"role"`
		}
		if err := json.Unmarshal(c.Body, &o); err != nil {
			continue
		}
		crew := r.g.seats[c.Seat].crew
		switch o.Type {
		case sonar.TypeSurface:
			next[crew] = 0
		case sonar.TypeSecure:
			if o.Role == nil {
				t.Fatalf("a bot traced without naming its role: %s", c.Body)
			}
			if k := next[crew]; k < len(sonar.SheetOrder) {
				if *o.Role != sonar.SheetOrder[k] {
					t.Fatalf("%s's section %d traced by the %s, want the %s", crew, k+1, o.Role.Title(), sonar.SheetOrder[k].Title())
				}
				if next[crew]++; next[crew] == len(sonar.SheetOrder) {
					surfacings++
				}
			}
		}
	}
	return surfacings
}

// TestSheetHolderTracesFromAnyPhone: a phone that names no role traces as
// the role holding the sheet when it plays it, so a combined seat traces
// its roles in a row; the other phone is refused, naming the holder, and
// nothing changes.
func TestSheetHolderTracesFromAnyPhone(t *testing.T) {
	p := newPlayer(t, botOptions(t, `{"mode":"realtime","surface_order":"sheet","blue_crew":2}`), 5)
	const trace = `"trace":[[40,90],[95,40],[260,40]]`
	place := func(seat int, cell string) {
		t.Helper()
		if _, err := p.apply(seat, fmt.Sprintf(`{"type":"place","cell":%q}`, cell)); err != nil {
			t.Fatal(err)
		}
	}
	// Seat 0: Captain, First Mate and Engineer; seat 1: Radio Operator;
	// seats 2 to 5: Red, seat 4 its Engineer.
	place(0, "E5")
	place(2, "K11")
	if _, err := p.apply(0, `{"type":"surface"}`); err != nil {
		t.Fatal(err)
	}
	holder := func() string {
		if h := p.g.view(0).Own.Surfacing.Holder; h != nil {
			return h.Title()
		}
		return ""
	}
	steps := []struct {
		seat    int
		section int
		code    sonar.Code
		holder  string // after the step
	}{
		{1, 1, sonar.CodeEngineerStarts, "Engineer"},
		{0, 1, "", "First Mate"},
		{1, 2, sonar.CodeSheetElsewhere, "First Mate"},
		{0, 2, "", "Captain"},
		{0, 3, "", "Radio Operator"},
		{0, 4, sonar.CodeOneSectionEach, "Radio Operator"},
		{1, 4, "", ""},
	}
	for _, s := range steps {
		before := p.g.view(s.seat)
		body := fmt.Sprintf(`{"type":"secure","section":%d,%s}`, s.section, trace)
		_, err := p.apply(s.seat, body)
		switch {
		case s.code == "" && err != nil:
			t.Fatalf("seat %d, section %d: %v", s.seat, s.section, err)
		case s.code != "" && ruleCode(err) != s.code:
			t.Fatalf("seat %d, section %d: %v (code %q), want %s", s.seat, s.section, err, ruleCode(err), s.code)
		case s.code != "" && !jsonEqual(before, p.g.view(s.seat)):
			t.Fatalf("seat %d, section %d: a refused trace changed the match", s.seat, s.section)
		}
		if got := holder(); got != s.holder {
			t.Fatalf("after seat %d traced section %d the sheet is with %q, want %q", s.seat, s.section, got, s.holder)
		}
	}
	if p.g.view(2).Own.Inspect == nil {
		t.Fatal("the four sections traced, yet Red's Engineer is not asked to inspect")
	}
	// A rejected section sends the sheet back to its tracer.
	if _, err := p.apply(4, `{"type":"inspect","ok":false,"section":3}`); err != nil {
		t.Fatal(err)
	}
	if got := holder(); got != "Captain" {
		t.Fatalf("after the Captain's section was rejected the sheet is with %q", got)
	}
	if hs := strings.Join(p.g.hints(p.g.view(1)), " "); !strings.Contains(hs, "your section is secured") {
		t.Errorf("the Radio Operator's phone reads %q while the Captain retraces", hs)
	}
	if _, err := p.apply(0, `{"type":"secure","section":3,`+trace+`}`); err != nil {
		t.Fatalf("the combined phone retraces the Captain's section: %v", err)
	}
}

// TestSheetHints: while the sheet passes hand to hand, the holder's hint
// says who gets it next and every other role's says who holds it.
func TestSheetHints(t *testing.T) {
	p := newPlayer(t, botOptions(t, `{"mode":"realtime","surface_order":"sheet","teaching":true}`), 5)
	for seat, cell := range map[int]string{0: "E5", 4: "K11"} {
		if _, err := p.apply(seat, fmt.Sprintf(`{"type":"place","cell":%q}`, cell)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := p.apply(0, `{"type":"surface"}`); err != nil {
		t.Fatal(err)
	}
	if _, err := p.apply(2, `{"type":"secure","section":1,"trace":[[40,90],[95,40],[260,40]]}`); err != nil {
		t.Fatal(err)
	}
	// Four to a crew: seat 0 the Captain, 1 the First Mate, 2 the
	// Engineer, 3 the Radio Operator.
	want := map[int]string{
		0: "Captain: the sheet is with the First Mate",
		1: "First Mate: tap a free section, then trace",
		2: "Engineer: your section is secured",
		3: "Radio Operator: the sheet is with the First Mate",
	}
	for seat, w := range want {
		hs := strings.Join(p.g.hints(p.g.view(seat)), " | ")
		if !strings.Contains(hs, w) {
			t.Errorf("seat %d reads %q, want %q", seat, hs, w)
		}
	}
	if hs := strings.Join(p.g.hints(p.g.view(1)), " "); !strings.Contains(hs, "Then the sheet goes to the Captain.") {
		t.Errorf("the First Mate is not told who gets the sheet next: %q", hs)
	}
	// The last holder hands the sheet to the enemy Engineer.
	for _, st := range []struct{ seat, section int }{{1, 2}, {0, 3}} { // the First Mate, then the Captain
		if _, err := p.apply(st.seat, fmt.Sprintf(`{"type":"secure","section":%d,"trace":[[40,90],[95,40],[260,40]]}`, st.section)); err != nil {
			t.Fatal(err)
		}
	}
	if hs := strings.Join(p.g.hints(p.g.view(3)), " "); !strings.Contains(hs, "Radio Operator: tap a free section, then trace") || !strings.Contains(hs, "Then the sheet goes to the enemy Engineer.") {
		t.Errorf("the Radio Operator, last to hold the sheet, reads %q", hs)
	}
}

// A room stored before surface_order still loads (matches are rebuilt from
// their logged options): the old flag reads as "any", and the options
// travel on in the new form.
func TestOldRoomsSurfaceAnyOrderStillLoads(t *testing.T) {
	for _, tt := range []struct{ stored, want string }{
		{`{"mode":"realtime","surface_any_order":true}`, sonar.SurfaceAny},
		{`{"mode":"realtime","surface_any_order":false}`, sonar.SurfaceEngineerFirst},
		{`{"mode":"realtime"}`, sonar.SurfaceEngineerFirst},
	} {
		o, err := ParseOptions([]byte(tt.stored))
		if err != nil || o.Rules.SurfaceOrder != tt.want {
			t.Fatalf("%s: %+v %v, want surface_order %q", tt.stored, o.Rules, err, tt.want)
		}
		b, err := json.Marshal(o)
		if err != nil {
			t.Fatal(err)
		}
		again, err := ParseOptions(b)
		if err != nil || !jsonEqual(again, o) || strings.Contains(string(b), "surface_any_order") {
			t.Fatalf("%s travels as %s: %+v %v", tt.stored, b, again, err)
		}
		if _, err := New(o, 1); err != nil {
			t.Fatalf("%s: %v", tt.stored, err)
		}
	}
}

// TestInspectionHintNamesNoClockTime: while the enemy Engineer inspects,
// the hint gives the inspection's length, not a time of day in the
// server's zone (the surfacing card shows the phone's own).
func TestInspectionHintNamesNoClockTime(t *testing.T) {
	p := newPlayer(t, botOptions(t, `{"mode":"realtime","teaching":true,"inspection_seconds":30}`), 5)
	for seat, cell := range map[int]string{0: "E5", 4: "K11"} {
		if _, err := p.apply(seat, fmt.Sprintf(`{"type":"place","cell":%q}`, cell)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := p.apply(0, `{"type":"surface"}`); err != nil {
		t.Fatal(err)
	}
	// The Engineer (seat 2) first, then the Captain, the First Mate and the
	// Radio Operator.
	for _, st := range []struct{ seat, section int }{{2, 1}, {0, 2}, {1, 3}, {3, 4}} {
		if _, err := p.apply(st.seat, fmt.Sprintf(`{"type":"secure","section":%d,"trace":[[40,90],[95,40],[260,40]]}`, st.section)); err != nil {
			t.Fatal(err)
		}
	}
	if p.g.view(0).Own.Surfacing.InspectBy == nil {
		t.Fatal("the sheet is not being inspected")
	}
	clock := regexp.MustCompile(`\d:\d\d`)
	for seat := range 4 {
		hs := strings.Join(p.g.hints(p.g.view(seat)), " | ")
		if !strings.Contains(hs, "the sheet passes by itself 30 seconds after the last section was traced") || clock.MatchString(hs) {
			t.Errorf("seat %d reads %q", seat, hs)
		}
	}
}
