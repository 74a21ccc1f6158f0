package roles

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"periscope/sonar"
	"periscope/sonar/chart"
	"periscope/sonar/radio"
)

// firstDive is a first dive of one Blue phone (all four roles) against
// the learner bots on Red's four seats.
func firstDive(t *testing.T, seed uint64, blue int) *botRoom {
	t.Helper()
	o := botOptions(t, `{"first_dive":true,"blue_crew":`+string(rune('0'+blue))+`,"mode":"realtime","map":"bravo"}`)
	if o.Rules.Mode != sonar.TurnBased || o.Rules.Map != "alpha" || !o.Teaching || o.BotLevel != BotLearner || o.Radio != RadioHeat {
		t.Fatalf("a first dive's options: %+v", o)
	}
	bots := make([]bool, blue+4)
	for i := blue; i < len(bots); i++ {
		bots[i] = true
	}
	r := newBotRoom(t, o, seed, bots)
	r.settle(5000)
	return r
}

func (r *botRoom) lesson(seat int) *Lesson {
	r.t.Helper()
	v := r.g.view(seat)
	if v.Coach == nil {
		r.t.Fatalf("seat %d of a first dive has no coach", seat)
	}
	return v.Coach.Lesson
}

// follow gives the order the seat's lesson teaches; the engine must take it.
func (r *botRoom) follow(seat int, l *Lesson) {
	r.t.Helper()
	if l.order == nil {
		r.t.Fatalf("lesson %s teaches no order", l.ID)
	}
	b, _ := json.Marshal(l.order)
	r.apply(seat, b)
	r.settle(5000)
}

// The coach follows the state step by step: each lesson names the control
// the page highlights, the order it teaches is accepted, and doing it
// moves the coach on and marks the lesson done.
func TestCoachLessonsFollowTheMatch(t *testing.T) {
	r := firstDive(t, 3, 1)
	steps := []struct {
		want, step, text string // the lesson, a control it highlights, words it says
		done             []string
	}{
		{"start", "#place", "Tap a water cell", []string{}},
		{"heading", "button[data-course=", "Open now:", []string{"start"}},
		{"charge", "button[data-charge=sonar]", "the sonar", []string{"start", "heading"}},
		{"mark", "g.sym[data-panel=", "cross out one symbol", []string{"start", "heading", "charge"}},
		{"end_turn", "button[data-system=end_turn]", "End turn", []string{"start", "heading", "charge", "mark"}},
		{"heading", "button[data-course=", "Open now:", []string{"start", "heading", "charge", "mark", "end_turn"}},
	}
	for i, s := range steps {
		l := r.lesson(0)
		if l == nil || l.ID != s.want {
			t.Fatalf("step %d: lesson %+v, want %s", i, l, s.want)
		}
		if !slices.ContainsFunc(l.Steps, func(x string) bool { return strings.HasPrefix(x, s.step) }) {
			t.Errorf("step %d (%s): steps %q lack %s", i, s.want, l.Steps, s.step)
		}
		if !strings.Contains(l.Text, s.text) {
			t.Errorf("step %d (%s): %q does not say %q", i, s.want, l.Text, s.text)
		}
		if got := r.g.view(0).Coach.Done; !slices.Equal(got, s.done) {
			t.Errorf("step %d (%s): done %v, want %v", i, s.want, got, s.done)
		}
		if l.Repeat != slices.Contains(s.done, s.want) {
			t.Errorf("step %d (%s): repeat %v", i, s.want, l.Repeat)
		}
		r.follow(0, l)
	}
	// The Radio Operator heard the enemy's headings meanwhile.
	if r.g.coaching.heard[sonar.Blue] == 0 {
		t.Error("no enemy heading heard")
	}
}

// Refusals get advice from the state: the open headings after a heading
// into the own route, the duties after a course too early.
func TestCoachAdvisesOnRefusals(t *testing.T) {
	r := firstDive(t, 3, 1)
	r.follow(0, r.lesson(0)) // start
	l := r.lesson(0)
	if l.ID != "heading" {
		t.Fatalf("lesson %s", l.ID)
	}
	r.follow(0, l) // course: the First Mate and Engineer owe their OK
	body, _ := json.Marshal(l.order)
	_, err := r.g.Apply(commandAt(0, string(body), r.now))
	var re *sonar.RuleError
	if !asRule(err, &re) {
		t.Fatalf("a second course: %v", err)
	}
	adv := r.g.view(0).Coach.Advice
	if a := adv[string(re.Code)]; a == "" {
		t.Fatalf("no advice for %s in %v", re.Code, adv)
	}
	if a := adv[string(sonar.CodeAwaitingOK)]; !strings.Contains(a, "First Mate") {
		t.Errorf("awaiting_ok advice %q", a)
	}
	var open []string
	for _, o := range r.g.view(0).Own.Courses {
		if o.Legal {
			b, _ := o.Dir.MarshalText()
			open = append(open, string(b))
		}
	}
	if a := adv[string(sonar.CodeRoute)]; !strings.Contains(a, strings.Join(open, ", ")) {
		t.Errorf("own_route advice %q does not name the open headings %v", a, open)
	}
	// The rules that had shared a code have advice of their own.
	for code, want := range map[sonar.Code]string{
		sonar.CodeTorpedoRange: "1 to 4 spaces away",
		sonar.CodeTorpedoOwn:   "never lands on your own cell",
		sonar.CodeTwoFacts:     "exactly two facts",
	} {
		if a := adv[string(code)]; !strings.Contains(a, want) {
			t.Errorf("%s advice %q, want it to say %q", code, a, want)
		}
	}
}

func asRule(err error, re **sonar.RuleError) bool {
	r, ok := err.(*sonar.RuleError)
	*re = r
	return ok
}

// Each seat of a crew of four hears only its own role's lessons, and a
// room without first_dive has no coach.
func TestCoachSpeaksToEachRole(t *testing.T) {
	r := firstDive(t, 5, 4)
	if l := r.lesson(0); l.ID != "start" || l.Role != sonar.Captain {
		t.Fatalf("Captain: %+v", l)
	}
	for seat := 1; seat < 4; seat++ {
		if l := r.lesson(seat); l.ID != "wait" {
			t.Errorf("seat %d before the start: %+v", seat, l)
		}
	}
	r.follow(0, r.lesson(0))
	for r.lesson(0).ID != "heading" {
		t.Fatalf("Captain's lesson %s", r.lesson(0).ID)
	}
	r.follow(0, r.lesson(0))
	if l := r.lesson(1); l.ID != "charge" || l.Role != sonar.FirstMate {
		t.Errorf("First Mate: %+v", l)
	}
	if l := r.lesson(2); l.ID != "mark" || l.Role != sonar.Engineer {
		t.Errorf("Engineer: %+v", l)
	}
	if l := r.lesson(3); l.Role != sonar.RadioOperator {
		t.Errorf("Radio Operator: %+v", l)
	}
	plain := newBotRoom(t, botOptions(t, `{"mode":"turnbased","teaching":true}`), 1, nil)
	if plain.g.view(0).Coach != nil {
		t.Error("a coach outside a first dive")
	}
}

// A crew that does what the coach says beats the learner bots most of
// the time, every lesson it meets has an order the engine accepts, and
// every seed teaches all the course's lessons before the match ends.
func TestFollowingTheCoachBeatsTheLearner(t *testing.T) {
	wins, n, first := 0, 24, uint64(1)
	if testing.Short() {
		// Seed 1 is the one that once ended before the torpedo lesson
		// (its torpedo charged but broken down, never repaired).
		n = 4
	}
	met := map[string]bool{}
	for seed := first; seed < first+uint64(n); seed++ {
		r := firstDive(t, seed, 1)
		for i := 0; r.g.Outcome() == nil && i < 3000; i++ {
			l := r.lesson(0)
			met[l.ID] = true
			if l.order == nil {
				t.Fatalf("seed %d: stuck on lesson %s (%s)", seed, l.ID, l.Text)
			}
			r.follow(0, l)
		}
		o := r.g.Outcome()
		if o == nil {
			t.Fatalf("seed %d: no end", seed)
		}
		if slices.Contains(o.Winners, 0) {
			wins++
		}
		done := r.g.view(0).Coach.Done
		if !slices.Equal(done[:5], []string{"start", "heading", "charge", "mark", "end_turn"}) {
			t.Errorf("seed %d: lessons done in order %v", seed, done)
		}
		t.Logf("seed %d: %s, lessons %v", seed, o.Reason, done)
		if len(done) != len(course) {
			t.Errorf("seed %d: the match ended half-taught: %v", seed, done)
		}
		// The closing card sums up and points to a first real match.
		cl := r.g.view(0).Coach.Closing
		if cl == nil || len(cl.Learned) != len(done) || len(cl.Learned)+len(cl.Missed) != len(course) || !strings.Contains(cl.Next, "Teaching") {
			t.Errorf("seed %d: closing card %+v", seed, cl)
		}
		if r.g.view(0).Coach.Lesson != nil {
			t.Errorf("seed %d: a lesson after the end", seed)
		}
		// After the end nobody owes anything, whatever the last course was.
		for seat := range 5 {
			own := r.g.view(seat).Own
			if own.Duties.FirstMate || own.Duties.Engineer || own.Inspect != nil || len(own.SonarAnswers) > 0 || own.Turn != nil && own.Turn.Current {
				t.Errorf("seed %d, seat %d: a duty after the end: %+v, turn %+v", seed, seat, own.Duties, own.Turn)
			}
		}
	}
	if wins*2 <= n {
		t.Errorf("the coached crew won %d of %d", wins, n)
	}
	for _, id := range []string{"start", "heading", "charge", "mark", "end_turn", "torpedo"} {
		if !met[id] {
			t.Errorf("no match met the %s lesson", id)
		}
	}
}

// A crew of four phones, each following its own lessons, is taught the
// whole course before the end on every seed too: a charged system broken
// down is repaired by a surfacing the coach asks for, so the torpedo
// lesson, last, always comes.
func TestFirstDiveOfFourTeachesEveryLesson(t *testing.T) {
	n := 16
	if testing.Short() {
		n = 3
	}
	for seed := uint64(1); seed <= uint64(n); seed++ {
		r := firstDive(t, seed, 4)
		repaired := false
		for i := 0; r.g.Outcome() == nil && i < 3000; i++ {
			moved := false
			for seat := range 4 {
				if l := r.lesson(seat); l != nil && l.order != nil {
					repaired = repaired || strings.HasPrefix(l.Key, "surface:repair:")
					r.follow(seat, l)
					moved = true
					break
				}
			}
			if !moved {
				t.Fatalf("seed %d: no seat has an order to give", seed)
			}
		}
		if r.g.Outcome() == nil {
			t.Fatalf("seed %d: no end", seed)
		}
		if done := r.g.view(0).Coach.Done; len(done) != len(course) {
			t.Errorf("seed %d: the match ended half-taught: %v", seed, done)
		}
		t.Logf("seed %d: %s, repair surfacing asked: %v", seed, r.g.Outcome().Reason, repaired)
	}
}

// A crew of four follows the coach, each phone its own lessons; whenever
// the enemy's latest announcement is news (a surfacing, a silence, a
// torpedo), the Radio Operator's lesson says what it means.
func TestCoachExplainsTheEnemyToTheRadioOperator(t *testing.T) {
	want := map[sonar.Kind]string{
		sonar.KindSurface: "surfaced in sector",
		sonar.KindTorpedo: "fired at",
	}
	seen := map[sonar.Kind]bool{}
	for seed := uint64(1); seed <= 8 && len(seen) < len(want); seed++ {
		r := firstDive(t, seed, 4)
		for i := 0; r.g.Outcome() == nil && i < 3000; i++ {
			if e := r.g.news[sonar.Blue]; e != nil && e.Crew == sonar.Red && want[e.Kind] != "" {
				l := r.lesson(3)
				if l.ID != "news" || l.Role != sonar.RadioOperator || !strings.Contains(l.Text, want[e.Kind]) || !strings.Contains(l.Text, "cells the enemy may be on") {
					t.Fatalf("seed %d: after %s the Radio Operator's lesson is %+v", seed, e.Kind, l)
				}
				seen[e.Kind] = true
			}
			moved := false
			for seat := range 4 {
				if l := r.lesson(seat); l != nil && l.order != nil {
					r.follow(seat, l)
					moved = true
					break
				}
			}
			if !moved {
				t.Fatalf("seed %d: no seat has an order to give: %+v", seed, r.lesson(0))
			}
		}
	}
	for k := range want {
		if !seen[k] {
			t.Errorf("no match met the enemy's %s", k)
		}
	}
}

// The torpedo lesson claims no more than the tracker knows: how many cells
// are left, and that the blast covers them all only when it does.
func TestTorpedoWordsAreNoSurerThanTheTracker(t *testing.T) {
	c := func(s string) chart.Cell {
		x, err := chart.ParseCell(s)
		if err != nil {
			t.Fatal(err)
		}
		return x
	}
	for _, tc := range []struct {
		name   string
		snap   radio.Snapshot
		target string
		want   []string
		not    []string
	}{
		{"one cell, exact", radio.Snapshot{Exact: true, Cells: []chart.Cell{c("C5")}, Heat: []float64{1}}, "C5",
			[]string{"one cell is left", "direct hit"}, []string{"covers"}},
		{"all covered", radio.Snapshot{Exact: true, Cells: []chart.Cell{c("C5"), c("D6")}, Heat: []float64{0.5, 0.5}}, "C5",
			[]string{"2 cells are left", "covers them all"}, nil},
		{"some covered", radio.Snapshot{Exact: true, Cells: []chart.Cell{c("C5"), c("D6"), c("H9")}, Heat: []float64{0.4, 0.4, 0.2}}, "C5",
			[]string{"3 cells are left", "covers 2 of them", "80% likely"}, []string{"them all"}},
		{"an estimate", radio.Snapshot{Exact: false, Cells: []chart.Cell{c("C5"), c("D6")}, Heat: []float64{0.5, 0.5}}, "C5",
			[]string{"about 2 cells", "estimate"}, []string{"them all"}},
	} {
		got := torpedoWords(tc.snap, c(tc.target))
		for _, w := range tc.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: %q lacks %q", tc.name, got, w)
			}
		}
		for _, w := range tc.not {
			if strings.Contains(got, w) {
				t.Errorf("%s: %q claims %q", tc.name, got, w)
			}
		}
	}
}
