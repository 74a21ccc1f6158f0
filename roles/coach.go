package roles

import (
	"fmt"
	"slices"
	"strings"

	"periscope/sonar"
	"periscope/sonar/chart"
	"periscope/sonar/radio"
)

// The first dive's coach: in a room with first_dive on, every seat of the
// crew gets one lesson at a time, read from the match as it stands (its
// own view, the crew's tracker of the enemy, the latest announcement). A
// lesson is done when the crew does what it teaches: the engine's events
// say so (coachSaw), so the next lesson follows. Refusals do not change
// the match, so the coach also sends, for every rule a refusal may name,
// what the seat could do instead right now; the page shows the one the
// room's refusal names.

// Coach is the coaching of one seat in a first dive.
type Coach struct {
	// Lesson is what this seat learns now; nil once the match is over.
	Lesson *Lesson `json:"lesson,omitempty"`
	// Done lists the crew's lessons completed so far, in the order done.
	Done []string `json:"done"`
	// Lessons is how many lessons the course has.
	Lessons int `json:"lessons"`
	// Advice maps a refusal's rule code to what to do instead, now.
	Advice map[string]string `json:"advice"`
	// Closing sums the training up once the match is over.
	Closing *Closing `json:"closing,omitempty"`
}

// Closing is the first dive's last card: what the crew learned, what it
// missed, and the way to a first real match.
type Closing struct {
	Title string `json:"title"`
	// Learned lists, in words, what the crew did in this dive.
	Learned []string `json:"learned"`
	// Missed lists, in words, the lessons the match ended before.
	Missed []string `json:"missed,omitempty"`
	// Next says how to set up a first real match.
	Next string `json:"next"`
}

// lessonWords says each lesson of the course in a few words.
var lessonWords = map[string]string{
	"start":    "choose a secret start",
	"heading":  "announce a heading",
	"charge":   "First Mate: charge a gauge after each heading",
	"mark":     "Engineer: cross out a symbol after each heading",
	"end_turn": "end a turn",
	"listen":   "Radio Operator: follow the enemy's headings",
	"sonar":    "sonar: two facts about the enemy, one true",
	"mine":     "drop a mine (and trigger it later)",
	"drone":    "drone: is the enemy in a sector? always true",
	"silence":  "silence: a move the enemy does not hear",
	"surface":  "surface: repair everything, at the price of your sector",
	"torpedo":  "torpedo: 2 damage on its cell, 1 around it",
}

// closing is the closing card of crew v.Crew's first dive.
func (g *Game) closing(v View, done []string) *Closing {
	out := &Closing{Title: "Your first dive is over", Learned: []string{}}
	if o := v.Public.Outcome; o != nil && o.Winner != nil && *o.Winner == *v.Crew {
		out.Title = "Your first dive is over: you won"
	}
	for _, id := range course {
		if slices.Contains(done, id) {
			out.Learned = append(out.Learned, lessonWords[id])
		} else {
			out.Missed = append(out.Missed, lessonWords[id])
		}
	}
	out.Next = "Your first real match: create a room with Teaching on and Turn-based play, crews of people or bots, " +
		"and keep the rules card (the ? button) at hand. Once the turns feel easy, try Real time."
	if len(out.Missed) > 0 {
		out.Next = "Another First dive teaches what the match ended before. " + out.Next
	}
	return out
}

// Lesson is one step of the coaching.
type Lesson struct {
	// ID names the lesson (one of course, or "wait" and "news", which are
	// never marked done).
	ID string `json:"id"`
	// Key changes whenever the lesson's advice does: a card folded with
	// "Got it" opens again for a new key.
	Key   string     `json:"key"`
	Role  sonar.Role `json:"role"`
	Title string     `json:"title"`
	Text  string     `json:"text"`
	// Why says when this matters, for lessons about a choice.
	Why string `json:"why,omitempty"`
	// Steps are the page's controls to tap, in order (CSS selectors on
	// the existing buttons' data attributes); the page highlights the
	// latest one it shows.
	Steps []string `json:"steps,omitempty"`
	// Repeat marks a lesson already done once: the page shows it short.
	Repeat bool `json:"repeat,omitempty"`
	// order is the command the lesson teaches, for the tests that follow
	// the coach; nil for lessons without one.
	order map[string]any
}

type orderOf = map[string]any

// course is the first dive's lessons, in the order a new crew meets them:
// the four roles' jobs, every system, surfacing. A lesson not done yet
// comes back whenever its moment does (a gauge ready, a long route), and
// the First Mate charges the gauges of the systems not yet taught first,
// the torpedo last, so the match does not end half-taught; a charged
// system still to learn that is broken down is repaired by a surfacing
// the coach asks for (brokenLesson). Answering the
// enemy's sonar is taught when it happens, outside the count.
var course = []string{"start", "heading", "charge", "mark", "end_turn", "listen",
	"sonar", "silence", "mine", "drone", "surface", "torpedo"}

// systemLessons are the systems in the order the coach teaches them.
var systemLessons = []sonar.System{sonar.Sonar, sonar.Silence, sonar.Mine, sonar.Drone, sonar.Torpedo}

// taught reports whether every lesson of the course but skip is done.
func (k *coaching) taught(c sonar.Crew, skip ...string) bool {
	for _, id := range course {
		if !slices.Contains(skip, id) && !k.isDone(c, id) {
			return false
		}
	}
	return true
}

// coaching is what the coach remembers of a crew: the lessons done, and
// how many enemy headings its Radio Operator heard.
type coaching struct {
	done  [2][]string
	heard [2]int
	// loud[c] counts crew c's headings since its last silence or
	// surfacing: what the enemy may have plotted.
	loud [2]int
}

func (k *coaching) isDone(c sonar.Crew, id string) bool { return slices.Contains(k.done[c], id) }

func (k *coaching) mark(c sonar.Crew, id string) {
	if !k.isDone(c, id) {
		k.done[c] = append(k.done[c], id)
	}
}

// coachSaw marks the lessons the events complete. Only the crew's own
// deeds count, except the Radio Operator's listening: three enemy
// headings heard.
func (g *Game) coachSaw(evs []sonar.Event) {
	if !g.opts.FirstDive {
		return
	}
	k := &g.coaching
	for _, e := range evs {
		c := e.Crew
		switch e.Kind {
		case sonar.KindStartCell:
			k.mark(c, "start")
		case sonar.KindCourse:
			k.mark(c, "heading")
			k.loud[c]++
			// The Radio Operator's lesson is done on the crew's first
			// course after three enemy headings heard: by then its card
			// has been shown (see captainLesson).
			if k.heard[c] >= 3 {
				k.mark(c, "listen")
			}
			k.heard[c.Other()]++
		case sonar.KindCharge:
			k.mark(c, "charge")
		case sonar.KindMark:
			k.mark(c, "mark")
		case sonar.KindTurn:
			// The turn passes to c: the other crew ended one, once it
			// had sailed.
			if o := c.Other(); k.isDone(o, "heading") {
				k.mark(o, "end_turn")
			}
		case sonar.KindDrone:
			k.mark(c, "drone")
		case sonar.KindSonar:
			k.mark(c, "sonar")
		case sonar.KindMineDropped:
			k.mark(c, "mine")
		case sonar.KindTorpedo:
			k.mark(c, "torpedo")
		case sonar.KindSilence:
			k.mark(c, "silence")
			k.loud[c] = 0
		case sonar.KindSurface:
			k.mark(c, "surface")
			k.loud[c] = 0
		case sonar.KindSonarAnswer:
			k.mark(c, "sonar_answer")
		}
	}
}

// coach builds the coaching of the seat v is for.
func (g *Game) coach(v View) *Coach {
	own := v.Own
	c := *v.Crew
	out := &Coach{Done: []string{}, Lessons: len(course), Advice: g.advice(v)}
	for _, id := range g.coaching.done[c] {
		if slices.Contains(course, id) {
			out.Done = append(out.Done, id)
		}
	}
	if v.Public.Outcome == nil && own != nil {
		out.Lesson = g.lesson(v)
	}
	if v.Public.Outcome != nil {
		out.Closing = g.closing(v, out.Done)
	}
	if l := out.Lesson; l != nil {
		l.Repeat = g.coaching.isDone(c, l.ID)
		if l.Key == "" {
			l.Key = l.ID
		}
	}
	return out
}

func dirName(d chart.Dir) string {
	b, _ := d.MarshalText()
	return string(b)
}

// lesson picks the seat's lesson now: what is owed first (a sonar answer,
// the start, the First Mate's and Engineer's OK), then the Captain's turn,
// then the Radio Operator's listening.
func (g *Game) lesson(v View) *Lesson {
	own, pub := v.Own, v.Public
	has := func(r sonar.Role) bool { return slices.Contains(v.Roles, r) }
	c := *v.Crew
	enemy := pub.Crews[c.Other()]
	if !pub.Started {
		return &Lesson{ID: "wait", Role: v.Roles[0], Title: "Before the dive",
			Text: "The host starts the match. You play Blue against a learner bot crew: each card tells you what to do next."}
	}
	if has(sonar.Captain) {
		switch {
		case len(own.SonarAnswers) > 0:
			a := own.SonarAnswers[0]
			return &Lesson{ID: "sonar_answer", Role: sonar.Captain, Title: "Answer the enemy's sonar",
				Text: fmt.Sprintf("Give two facts of different kinds about your position, exactly one true: for example %s and %s.", a[0], a[1]),
				Why:  "The lie is yours to choose: pick one that points far from you.", Steps: []string{"[data-fact]"},
				order: orderOf{"type": sonar.TypeSonarAnswer, "facts": a}}
		case !own.Placed:
			at := g.openStart()
			return &Lesson{ID: "start", Role: sonar.Captain, Title: "Choose your secret start",
				Text:  fmt.Sprintf("Tap a water cell, then DIVE. Open water far from the islands gives you room: %s is a good one.", at),
				Why:   "The enemy never sees your start; it hears only your headings.",
				Steps: []string{fmt.Sprintf("rect[data-cell=%s]", at), "#place"},
				order: orderOf{"type": sonar.TypePlace, "cell": at}}
		}
	}
	if has(sonar.FirstMate) && own.Duties.FirstMate {
		sys := g.chargeNext(own)
		return &Lesson{ID: "charge", Key: "charge:" + sys.String(), Role: sonar.FirstMate, Title: "First Mate: charge a gauge",
			Text:  fmt.Sprintf("Every course earns one mark on one gauge. Tap +1 on %s.", systemTitle(sys)),
			Why:   "The torpedo wins matches; the silence hides you from the enemy's; the drone finds the enemy's sector.",
			Steps: []string{"[data-tab=first_mate]", fmt.Sprintf("button[data-charge=%s]", sys)},
			order: orderOf{"type": sonar.TypeCharge, "system": sys}}
	}
	if has(sonar.Engineer) && own.Duties.Engineer && own.Duties.Panel != nil {
		sym, ok := markNext(own, *own.Duties.Panel, g.keepColour(own))
		if ok {
			panel := dirName(*own.Duties.Panel)
			why := "Symbols of a circuit (the lettered ones) repair themselves once the circuit is full. Keep the red ones: a crossed-out red symbol stops the torpedo."
			return &Lesson{ID: "mark", Key: fmt.Sprintf("mark:%s:%d", panel, sym.Index), Role: sonar.Engineer, Title: "Engineer: cross out a symbol",
				Text:  fmt.Sprintf("The Captain headed %s: cross out one symbol of the %s panel. The highlighted %s symbol (number %d of the panel%s) is safe: it costs no damage.", panel, panel, sym.Colour, sym.Index+1, circuitWords(sym)),
				Why:   why,
				Steps: []string{"[data-tab=engineer]", fmt.Sprintf(`g.sym[data-panel="%s"][data-index="%d"]`, panel, sym.Index)},
				order: orderOf{"type": sonar.TypeMark, "panel": sym.Panel, "symbol": sym.Index}}
		}
	}
	if has(sonar.Captain) {
		if l := g.captainLesson(v); l != nil {
			return l
		}
	}
	if has(sonar.FirstMate) && !has(sonar.Captain) && own.Turn != nil && own.Turn.Current && own.Turn.Moved {
		if l := g.detectLesson(v, sonar.FirstMate); l != nil {
			return l
		}
	}
	if has(sonar.RadioOperator) {
		if l := g.radioLesson(v); l != nil {
			return l
		}
	}
	text := "The enemy is moving: listen to its headings."
	if own.Turn != nil && own.Turn.Current {
		text = "Your Captain gives the orders now: be ready for your part after each heading."
	}
	if enemy.Surfaced {
		text = fmt.Sprintf("The enemy surfaced in sector %d.", enemy.Sector)
	}
	return &Lesson{ID: "wait", Key: "wait:" + text, Role: v.Roles[0], Title: "Stand by", Text: text}
}

// captainLesson is the Captain's lesson on the crew's own turn.
func (g *Game) captainLesson(v View) *Lesson {
	own, pub := v.Own, v.Public
	cap := sonar.Captain
	if own.Surfacing != nil {
		return &Lesson{ID: "wait", Key: "surfaced", Role: cap, Title: "Surfaced",
			Text: fmt.Sprintf("You are surfaced in sector %d: your route and the Engineer's sheet are clean. The enemy takes three turns, then you dive by yourself.", own.Surfacing.Sector)}
	}
	if pub.SonarPending != nil || own.Duties.FirstMate || own.Duties.Engineer || own.Turn == nil || !own.Turn.Current {
		return nil
	}
	if own.Blackout && !own.Turn.Moved {
		return &Lesson{ID: "surface", Key: "surface:blackout", Role: cap, Title: "Cornered: surface",
			Text:  "No heading is open: your route, the islands and the map's edge close them all. Tap SURFACE, then confirm.",
			Why:   "Surfacing erases your route and every breakdown; the enemy learns your sector and takes three turns.",
			Steps: []string{"[data-tab=captain]", "button[data-system=surface]", "#confirm"},
			order: orderOf{"type": sonar.TypeSurface}}
	}
	if !own.Turn.Moved && !safeCourse(own) && own.SurfaceBlocked == "" {
		return &Lesson{ID: "surface", Key: "surface:sheet", Role: cap, Title: "Surface before the sheet overloads",
			Text:  "Every open heading would fill a panel of the Engineer's sheet and cost 1 damage. Tap SURFACE, then confirm: the sheet is wiped clean.",
			Why:   "Surfacing erases your route and every breakdown; the enemy learns your sector and takes three turns.",
			Steps: []string{"[data-tab=captain]", "button[data-system=surface]", "#confirm"},
			order: orderOf{"type": sonar.TypeSurface}}
	}
	c := *v.Crew
	if s, ok := g.brokenLesson(own); ok && !own.Turn.Moved && own.SurfaceBlocked == "" {
		// A charged system still to learn is broken down: without a
		// repair its lesson would never come, and the match could end
		// half-taught (the torpedo, last, most of all).
		return &Lesson{ID: "surface", Key: "surface:repair:" + s.String(), Role: cap, Title: "Surface to repair " + systemTitle(s),
			Text:  fmt.Sprintf("%s is charged but broken down: a %s symbol is crossed out on the Engineer's sheet. Tap SURFACE, then confirm: surfacing repairs every breakdown.", capital(systemTitle(s)), colourOf(s)),
			Why:   "Surfacing erases your route and every breakdown; the enemy learns your sector and takes three turns.",
			Steps: []string{"[data-tab=captain]", "button[data-system=surface]", "#confirm"},
			order: orderOf{"type": sonar.TypeSurface}}
	}
	if !own.Turn.Moved && !g.coaching.isDone(c, "surface") && own.SurfaceBlocked == "" && len(own.Route) >= 12 &&
		g.coaching.isDone(c, "mine") && g.coaching.isDone(c, "sonar") {
		return &Lesson{ID: "surface", Key: "surface:learn", Role: cap, Title: "Learn to surface",
			Text:  "Your route is long. Surfacing instead of a heading erases it and repairs every breakdown, but the enemy learns your sector and takes three turns in a row. Try it now: tap SURFACE, then confirm.",
			Why:   "Surface when cornered, or before the Engineer's sheet would cost damage.",
			Steps: []string{"[data-tab=captain]", "button[data-system=surface]", "#confirm"},
			order: orderOf{"type": sonar.TypeSurface}}
	}
	if !own.Turn.Moved {
		// A silence is the turn's move, in place of a heading.
		if l := g.silenceLesson(v); l != nil {
			return l
		}
		d, why := g.bestCourse(v)
		l := &Lesson{ID: "heading", Key: "heading:" + dirName(d), Role: cap, Title: "Captain: choose a heading",
			Text:  fmt.Sprintf("Open now: %s. Head %s: %s", strings.Join(openCourses(own), ", "), dirName(d), why),
			Why:   "You may not cross your own route, sail onto an island or your own mine. The enemy hears every heading.",
			Steps: []string{"[data-tab=captain]", fmt.Sprintf("button[data-course=%s]", dirName(d))},
			order: orderOf{"type": sonar.TypeCourse, "dir": d}}
		if len(own.Broken) >= 2 && own.SurfaceBlocked == "" {
			l.Why = fmt.Sprintf("%d colours are broken down: surfacing would repair them all, at the price of your sector.", len(own.Broken))
		}
		if slices.Contains(v.Roles, sonar.RadioOperator) && !g.coaching.isDone(c, "listen") && g.coaching.heard[c] >= 3 {
			// A seat that is also the Radio Operator learns its job here,
			// at the start of its own turn, where it cannot flash by.
			l.ID, l.Key, l.Title = "listen", "listen:"+l.Key, "Radio Operator: follow the enemy"
			l.Text = fmt.Sprintf("The enemy's %d headings so far are drawn on your Radio tab: drag the drawing over the map to where it fits between the islands; the tracker shades the cells left. Then, as Captain: %s", g.coaching.heard[c], l.Text)
			l.Why = "The fewer cells, the surer the torpedo."
			l.Steps = append([]string{"[data-tab=radio_operator]"}, l.Steps...)
		}
		return l
	}
	if l := g.detectLesson(v, cap); l != nil {
		return l
	}
	if l := g.sonarLesson(v); l != nil {
		return l
	}
	if l := g.mineLesson(v); l != nil {
		return l
	}
	if l := g.silenceLesson(v); l != nil {
		return l
	}
	if l := g.torpedoLesson(v); l != nil {
		return l
	}
	text := "Your course is sailed and marked. Tap End turn: the enemy moves next."
	if gauge(own, sonar.Torpedo).Ready {
		text = "The torpedo is ready, but the enemy is not surely in reach: keep it. Tap End turn."
	}
	return &Lesson{ID: "end_turn", Key: "end_turn:" + text, Role: cap, Title: "End your turn", Text: text,
		Why:   "One heading a turn, then at most one system, then the turn passes.",
		Steps: []string{"[data-tab=captain]", "button[data-system=end_turn]"},
		order: orderOf{"type": sonar.TypeEndTurn}}
}

// brokenLesson is a system the coach has still to teach whose gauge is
// full but whose colour is broken down: only a repair lets it be used.
// Asked once surfacing itself is taught, so a dive surfaces no more
// often than it needs to (the first surfacing repairs everything too).
func (g *Game) brokenLesson(own *sonar.CrewView) (sonar.System, bool) {
	if !g.coaching.isDone(own.Crew, "surface") {
		return 0, false
	}
	for _, s := range systemLessons {
		gg := gauge(own, s)
		if !g.coaching.isDone(own.Crew, systemLesson(s)) && gg.Size > 0 && gg.Marks >= gg.Size && slices.Contains(own.Broken, colourOf(s)) {
			return s, true
		}
	}
	return 0, false
}

func gauge(own *sonar.CrewView, s sonar.System) sonar.Gauge {
	for _, g := range own.Gauges {
		if g.System == s {
			return g
		}
	}
	return sonar.Gauge{System: s}
}

// detectLesson teaches the drone when it is ready and the enemy may be in
// more than one sector; the sector to ask about is the likeliest.
func (g *Game) detectLesson(v View, r sonar.Role) *Lesson {
	own := v.Own
	if !gauge(own, sonar.Drone).Ready || g.trackers[*v.Crew] == nil {
		return nil
	}
	snap := g.trackers[*v.Crew].Snapshot()
	first := !g.coaching.isDone(*v.Crew, "drone")
	if len(snap.Sectors) < 2 && !(first && len(snap.Sectors) == 1) {
		return nil
	}
	sector := likeliestSector(g, snap.Cells, snap.Heat)
	text := fmt.Sprintf("The enemy may be in %d sectors. Ask the drone about sector %d, the likeliest: the answer is always true.", len(snap.Sectors), sector)
	if len(snap.Sectors) == 1 {
		text = fmt.Sprintf("Your Radio Operator's map puts the enemy in sector %d only: a drone about it confirms it (the answer is always true). Later, use it when the enemy could be in several sectors.", sector)
	}
	tab := "[data-tab=captain]"
	panel := "#panel-captain"
	if r == sonar.FirstMate || !slices.Contains(v.Roles, sonar.Captain) {
		tab, panel = "[data-tab=first_mate]", "#panel-first_mate"
	}
	return &Lesson{ID: "drone", Key: fmt.Sprintf("drone:%d", sector), Role: r, Title: "Launch the drone",
		Text:  text,
		Why:   "Use the drone when the enemy could be in several sectors: it halves the Radio Operator's guesswork before a torpedo.",
		Steps: []string{tab, panel + " button[data-system=drone]", fmt.Sprintf(`%s [data-sector="%d"]`, panel, sector)},
		order: orderOf{"type": sonar.TypeDrone, "sector": sector, "role": r}}
}

// torpedoLesson teaches the torpedo when a shot is worth it: the enemy's
// likely cells in reach, and none next to our own submarine.
func (g *Game) torpedoLesson(v View) *Lesson {
	own := v.Own
	t := g.trackers[*v.Crew]
	if !gauge(own, sonar.Torpedo).Ready || t == nil || own.Position == nil {
		return nil
	}
	c := *v.Crew
	// Once taught, the torpedo waits for the other lessons: a match won
	// early ends the training half-taught.
	if g.coaching.isDone(c, "torpedo") && !g.coaching.taught(c, "torpedo") {
		return nil
	}
	// The torpedo is taught last, unless the crew is in danger.
	if own.Damage < 2 {
		for _, s := range systemLessons[:len(systemLessons)-1] {
			if !g.coaching.isDone(c, systemLesson(s)) {
				return nil
			}
		}
	}
	snap := t.Snapshot()
	best, bestHit := chart.Cell{}, 0.0
	for _, target := range own.TorpedoTargets {
		if chart.Chebyshev(target, *own.Position) <= 1 {
			continue
		}
		// Expected damage: 2 on the cell, 1 around it.
		hit := 0.0
		for i, x := range snap.Cells {
			switch chart.Chebyshev(x, target) {
			case 0:
				hit += 2 * snap.Heat[i]
			case 1:
				hit += snap.Heat[i]
			}
		}
		if hit > bestHit {
			best, bestHit = target, hit
		}
	}
	if bestHit < 0.9 {
		return nil
	}
	return &Lesson{ID: "torpedo", Key: "torpedo:" + best.String(), Role: sonar.Captain, Title: "Fire the torpedo",
		Text:  torpedoWords(snap, best),
		Why:   "A torpedo does 2 damage on its cell and 1 on the 8 around it, yours included: never fire next to yourself. 4 damage sinks a submarine.",
		Steps: []string{"[data-tab=captain]", "button[data-system=torpedo]", fmt.Sprintf("rect.target[data-kind=torpedo][data-cell=%s]", best), "#confirm"},
		order: orderOf{"type": sonar.TypeTorpedo, "cell": best}}
}

// torpedoWords says what a torpedo at target covers, no surer than the
// tracker is: how many cells are left, and whether the blast covers them
// all (2 damage on its cell, 1 on the 8 around it) or only some.
func torpedoWords(snap radio.Snapshot, target chart.Cell) string {
	n, covered, direct, p := len(snap.Cells), 0, false, 0.0
	total := 0.0
	for i, x := range snap.Cells {
		total += snap.Heat[i]
		if d := chart.Chebyshev(x, target); d <= 1 {
			covered++
			p += snap.Heat[i]
			direct = direct || d == 0
		}
	}
	if total > 0 {
		p /= total
	}
	left := fmt.Sprintf("%d cells are left where the enemy may be", n)
	if !snap.Exact {
		left = fmt.Sprintf("about %d cells are left where the enemy may be (the map is an estimate now)", n)
	}
	if n == 1 {
		left = "one cell is left where the enemy may be"
	}
	switch {
	case covered == n && n == 1 && direct && snap.Exact:
		return fmt.Sprintf("Your Radio Operator's map: %s, %s. Fire there: a direct hit, 2 damage.", left, target)
	case covered == n && snap.Exact:
		return fmt.Sprintf("Your Radio Operator's map: %s, and a torpedo at %s covers them all: 2 damage on %s, 1 on the cells around it. Fire there.", left, target, target)
	default:
		return fmt.Sprintf("Your Radio Operator's map: %s. A torpedo at %s covers %d of them (about %d%% likely to hit, directly or around it). Fire there, or wait for a surer shot.", left, target, covered, int(p*100+0.5))
	}
}

// sonarLesson teaches the sonar once its gauge is ready, until it is done.
func (g *Game) sonarLesson(v View) *Lesson {
	own := v.Own
	if g.coaching.isDone(*v.Crew, "sonar") || !gauge(own, sonar.Sonar).Ready {
		return nil
	}
	return &Lesson{ID: "sonar", Key: "sonar", Role: sonar.Captain, Title: "Use the sonar",
		Text:  "Tap Sonar: the enemy Captain must tell you two facts about their position (a row, a column or a sector), exactly one true. Your Radio Operator's map keeps only the cells that fit one of them.",
		Why:   "The sonar narrows the enemy down without giving anything away: it is silent about you.",
		Steps: []string{"[data-tab=captain]", "#panel-captain button[data-system=sonar]"},
		order: orderOf{"type": sonar.TypeSonar}}
}

// mineLesson teaches dropping a mine once its gauge is ready, until done.
func (g *Game) mineLesson(v View) *Lesson {
	own := v.Own
	if g.coaching.isDone(*v.Crew, "mine") || !gauge(own, sonar.Mine).Ready || len(own.MineCells) == 0 {
		return nil
	}
	at := own.MineCells[0]
	return &Lesson{ID: "mine", Key: "mine:" + at.String(), Role: sonar.Captain, Title: "Drop a mine",
		Text:  fmt.Sprintf("Tap Drop mine, then %s, next to you. The enemy hears only that a mine was dropped. Later, when the enemy sails near it, trigger it: 2 damage on its cell, 1 around it.", at),
		Why:   "A mine guards water you leave behind; you may not sail onto your own mine.",
		Steps: []string{"[data-tab=captain]", "button[data-system=mine]", fmt.Sprintf("rect.target[data-kind=mine][data-cell=%s]", at), "#confirm"},
		order: orderOf{"type": sonar.TypeMine, "cell": at}}
}

// silenceLesson teaches the silence when the enemy may know where we
// are: after a hit on us, or our surfacing.
func (g *Game) silenceLesson(v View) *Lesson {
	own := v.Own
	if !gauge(own, sonar.Silence).Ready || !usable(own, sonar.Silence) {
		return nil
	}
	news := g.news[v.Crew.Other()]
	loud := g.coaching.loud[*v.Crew]
	found := own.Damage > 0 || news != nil && (news.Kind == sonar.KindTorpedo || news.Kind == sonar.KindDrone || news.Kind == sonar.KindSonarAnswer)
	first := !g.coaching.isDone(*v.Crew, "silence")
	if !found && loud < 6 && !first {
		return nil
	}
	var dir chart.Dir
	dist := 0
	for _, o := range own.Silences {
		if o.Reason == "" && min(o.Max, 2) > dist {
			dir, dist = o.Dir, min(o.Max, 2)
		}
	}
	if dist == 0 {
		return nil
	}
	return &Lesson{ID: "silence", Key: "silence", Role: sonar.Captain, Title: "Go silent",
		Text:  fmt.Sprintf("The enemy has heard %d of your headings since you last went quiet: it may be closing in. Silence: up to 4 cells in a straight line, unheard. Try %s, %d cell%s.", loud, dirName(dir), dist, plural(dist)),
		Why:   "Use silence when the enemy could have found you (many headings heard, a drone, a torpedo near you): it breaks its plot.",
		Steps: []string{"[data-tab=captain]", "button[data-system=silence]", fmt.Sprintf("[data-silence-dir=%s]", dirName(dir)), fmt.Sprintf(`[data-distance="%d"]`, dist), "#confirm"},
		order: orderOf{"type": sonar.TypeSilence, "dir": dir, "distance": dist}}
}

// radioLesson explains the latest enemy announcement to the Radio Operator.
func (g *Game) radioLesson(v View) *Lesson {
	c := *v.Crew
	r := sonar.RadioOperator
	hs := g.radioHints(v)
	n := 0
	if t := g.trackers[c]; t != nil {
		n = len(t.Snapshot().Cells)
	}
	where := ""
	if n > 0 {
		where = fmt.Sprintf(" The map now shows the %d cells the enemy may be on.", n)
	}
	e := g.news[c]
	if len(hs) > 1 && e != nil && e.Kind != sonar.KindCourse {
		return &Lesson{ID: "news", Key: fmt.Sprintf("news:%s:%d", e.Kind, g.coaching.heard[c]), Role: r, Title: "Radio Operator: what it means",
			Text: capital(hs[1].text) + where, Steps: []string{"[data-tab=radio_operator]"}}
	}
	if g.coaching.heard[c] == 0 {
		return nil
	}
	return &Lesson{ID: "listen", Key: fmt.Sprintf("listen:%d", g.coaching.heard[c]), Role: r, Title: "Radio Operator: follow the enemy",
		Text:  "Every enemy heading is drawn on your overlay: drag it over the map to where it fits between the islands." + where,
		Why:   "The fewer cells, the closer the torpedo: tell your Captain.",
		Steps: []string{"[data-tab=radio_operator]"}}
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func systemTitle(s sonar.System) string {
	switch s {
	case sonar.Torpedo:
		return "the torpedo"
	case sonar.Drone:
		return "the drone"
	case sonar.Silence:
		return "the silence"
	case sonar.Sonar:
		return "the sonar"
	case sonar.Mine:
		return "the mine"
	}
	return s.String()
}

// chargeNext is the gauge a first crew charges: the systems not taught
// yet, in the order the coach teaches them (the torpedo last: it ends
// matches), then the torpedo, the silence, the drone and the rest.
func (g *Game) chargeNext(own *sonar.CrewView) sonar.System {
	var order []sonar.System
	for _, s := range systemLessons {
		if !g.coaching.isDone(own.Crew, systemLesson(s)) {
			order = append(order, s)
		}
	}
	order = append(order, sonar.Torpedo, sonar.Silence, sonar.Drone, sonar.Sonar, sonar.Mine, sonar.Scenario)
	for _, s := range order {
		gg := gauge(own, s)
		if gg.Size > 0 && gg.Marks < gg.Size {
			return s
		}
	}
	return sonar.Torpedo
}

// systemLesson is the lesson id of a system.
func systemLesson(s sonar.System) string {
	switch s {
	case sonar.Sonar:
		return "sonar"
	case sonar.Mine:
		return "mine"
	case sonar.Drone:
		return "drone"
	case sonar.Silence:
		return "silence"
	}
	return "torpedo"
}

// colourOf is the colour of the symbols whose breakdown stops s.
func colourOf(s sonar.System) sonar.Colour {
	switch s {
	case sonar.Mine, sonar.Torpedo:
		return sonar.RedSymbol
	case sonar.Drone, sonar.Sonar:
		return sonar.GreenSymbol
	}
	return sonar.YellowSymbol
}

// keepColour is the colour the Engineer keeps whole: that of the next
// system the coach teaches (its gauge being charged or ready), so the
// lesson is not stopped by a breakdown.
func (g *Game) keepColour(own *sonar.CrewView) sonar.Colour {
	for _, s := range systemLessons {
		if !g.coaching.isDone(own.Crew, systemLesson(s)) {
			return colourOf(s)
		}
	}
	return sonar.RedSymbol
}

// markNext is the symbol of panel a first crew's Engineer crosses out: no
// damage, not the colour keep (the next system taught), a circuit's
// before a lone one, red and radiation last.
func markNext(own *sonar.CrewView, panel chart.Dir, keep sonar.Colour) (sonar.SheetSymbol, bool) {
	best, score := sonar.SheetSymbol{}, -1
	for _, s := range own.Sheet {
		if s.Panel != panel || s.Marked {
			continue
		}
		n := 1
		if s.Damage == "" {
			n += 100
		}
		if s.Colour != keep {
			n += 40
		}
		if s.Colour != sonar.RedSymbol && s.Colour != sonar.RadiationSymbol {
			n += 20
		}
		if s.Circuit != 0 {
			n += 10
		}
		if s.Colour != sonar.RadiationSymbol {
			n += 5
		}
		if n > score {
			best, score = s, n
		}
	}
	return best, score >= 0
}

func circuitWords(s sonar.SheetSymbol) string {
	if s.Circuit == 0 {
		return ", in no circuit"
	}
	return fmt.Sprintf(", in circuit %d", s.Circuit)
}

// safeMarks counts the symbols of panel the Engineer may still cross out
// without damage.
func safeMarks(own *sonar.CrewView, panel chart.Dir) int {
	n := 0
	for _, s := range own.Sheet {
		if s.Panel == panel && !s.Marked && s.Damage == "" {
			n++
		}
	}
	return n
}

// safeCourse reports whether some open heading leaves the Engineer a
// symbol to cross out without damage.
func safeCourse(own *sonar.CrewView) bool {
	for _, o := range own.Courses {
		if o.Legal && safeMarks(own, o.Dir) > 0 {
			return true
		}
	}
	return false
}

func openCourses(own *sonar.CrewView) []string {
	var out []string
	for _, o := range own.Courses {
		if o.Legal {
			out = append(out, dirName(o.Dir))
		}
	}
	return out
}

// bestCourse is the heading the coach suggests: the one that leaves the
// most open water ahead (flood fill around the route, mines and islands),
// toward the enemy's likely cells once the torpedo is nearly charged.
func (g *Game) bestCourse(v View) (chart.Dir, string) {
	own := v.Own
	m := g.match.Chart()
	blocked := map[chart.Cell]bool{}
	for _, x := range own.Route {
		blocked[x] = true
	}
	for _, x := range own.Mines {
		blocked[x] = true
	}
	var target *chart.Cell
	if t := g.trackers[*v.Crew]; t != nil && gauge(own, sonar.Torpedo).Marks >= 2 {
		snap := t.Snapshot()
		if len(snap.Cells) > 0 {
			best := 0
			for i := range snap.Cells {
				if snap.Heat[i] > snap.Heat[best] {
					best = i
				}
			}
			target = &snap.Cells[best]
		}
	}
	var bestDir chart.Dir
	bestScore, bestRoom := -1<<30, 0
	for _, o := range own.Courses {
		if !o.Legal || o.To == nil {
			continue
		}
		room := openWater(m, *o.To, blocked, 60)
		score := room*10 + 15*min(safeMarks(own, o.Dir), 3)
		if target != nil && room >= 12 {
			score = 12*10 + 15*min(safeMarks(own, o.Dir), 3) - 3*chart.Manhattan(*o.To, *target)
		}
		if safeMarks(own, o.Dir) == 0 {
			score -= 10000
		}
		if score > bestScore {
			bestDir, bestScore, bestRoom = o.Dir, score, room
		}
	}
	why := fmt.Sprintf("it leaves the most open water ahead (%d cells before you could be cornered).", bestRoom)
	if bestRoom >= 60 {
		why = "it leaves the most open water ahead."
	}
	if target != nil && bestRoom >= 12 {
		why = "it closes in on where the enemy likely is, with room to spare."
	}
	return bestDir, why
}

// openWater counts the water cells reachable from at without crossing
// blocked cells, up to limit.
func openWater(m *chart.Map, at chart.Cell, blocked map[chart.Cell]bool, limit int) int {
	seen := map[chart.Cell]bool{at: true}
	queue := []chart.Cell{at}
	for len(queue) > 0 && len(seen) < limit {
		x := queue[0]
		queue = queue[1:]
		for _, n := range m.Neighbours(x, false) {
			if seen[n] || blocked[n] || !m.Water(n) {
				continue
			}
			seen[n] = true
			queue = append(queue, n)
		}
	}
	return len(seen)
}

// openStart is the start the coach suggests: the water cell nearest the
// map's centre with all four neighbours water.
func (g *Game) openStart() chart.Cell {
	m := g.match.Chart()
	mid := chart.Cell{Col: m.Size / 2, Row: m.Size / 2}
	best, bestD := chart.Cell{}, 1<<30
	for _, x := range m.WaterCells() {
		if len(m.Neighbours(x, false)) < 4 {
			continue
		}
		open := true
		for _, n := range m.Neighbours(x, false) {
			open = open && m.Water(n)
		}
		if d := chart.Manhattan(x, mid); open && d < bestD {
			best, bestD = x, d
		}
	}
	return best
}

func likeliestSector(g *Game, cells []chart.Cell, heat []float64) int {
	m := g.match.Chart()
	sum := map[int]float64{}
	best := 0
	for i, x := range cells {
		s := m.Sector(x)
		sum[s] += heat[i]
		if best == 0 || sum[s] > sum[best] || sum[s] == sum[best] && s < best {
			best = s
		}
	}
	return best
}

// advice is, for each refusal's rule, what the seat can do instead now.
func (g *Game) advice(v View) map[string]string {
	own := v.Own
	out := map[string]string{}
	if own == nil {
		return out
	}
	open := openCourses(own)
	headings := "no heading is open: surface"
	if len(open) > 0 {
		headings = "open headings now: " + strings.Join(open, ", ")
	}
	set := func(code sonar.Code, text string) { out[string(code)] = text }
	set(sonar.CodeRoute, "You may not cross your own route. "+capital(headings)+".")
	set(sonar.CodeIsland, "Islands block submarines. "+capital(headings)+".")
	set(sonar.CodeOffMap, "The map's edge blocks you. "+capital(headings)+".")
	set(sonar.CodeOwnMine, "Your own mine is in the way. "+capital(headings)+".")
	set(sonar.CodeBlackout, "No heading is open: tap SURFACE to erase your route.")
	set(sonar.CodeAwaitingOK, "Your First Mate and Engineer answer the last heading first: open their tabs (highlighted) and give their OK.")
	set(sonar.CodeTurn, "It is the enemy's turn: wait, and listen to its headings.")
	set(sonar.CodeOneCourse, "You already sailed this turn: use one ready system, or tap End turn.")
	set(sonar.CodeCourseFirst, "Choose the turn's heading first; systems come after it. "+capital(headings)+".")
	set(sonar.CodeEndTurnEarly, "A turn ends after its heading: choose one first. "+capital(headings)+".")
	set(sonar.CodeOneSystemTurn, "One system a turn: tap End turn.")
	set(sonar.CodeOneSystem, "Sail a heading between two systems.")
	set(sonar.CodeNotReady, "That gauge is not full yet: the First Mate adds one mark after each heading.")
	set(sonar.CodeBreakdown, "A symbol of that system's colour is crossed out: finish its circuit on the Engineer's sheet, or surface to repair everything.")
	set(sonar.CodeTorpedoRange, "A torpedo lands 1 to 4 spaces away: tap one of the highlighted cells.")
	set(sonar.CodeTorpedoOwn, "A torpedo never lands on your own cell: tap one of the highlighted cells, 1 to 4 spaces away.")
	set(sonar.CodeMineAdjacent, "A mine goes on a cell next to your submarine.")
	set(sonar.CodeMineOnRoute, "A mine never goes on your own route: pick a cell you have not sailed.")
	set(sonar.CodeGaugeFull, fmt.Sprintf("That gauge is full: charge another one, %s.", systemTitle(g.chargeNext(own))))
	set(sonar.CodeNoChargeDue, "One mark per heading: wait for the Captain's next heading.")
	set(sonar.CodeNoMarkDue, "One symbol per heading: wait for the Captain's next heading.")
	set(sonar.CodeMarked, "That symbol is already crossed out: pick another in the same panel.")
	if own.Duties.Panel != nil {
		set(sonar.CodeWrongPanel, fmt.Sprintf("Cross out a symbol of the %s panel: the heading the Captain just gave.", dirName(*own.Duties.Panel)))
	}
	set(sonar.CodeSonarPending, "Everyone waits for the sonar answer first.")
	set(sonar.CodeSurfaced, "While surfaced you do nothing: the enemy takes its three turns, then you dive.")
	set(sonar.CodeTwoFacts, "Give exactly two facts about your position: one true, one false.")
	set(sonar.CodeFactKinds, "Give two facts of different kinds: a row and a column, or a sector and a row.")
	set(sonar.CodeOneFactTrue, "Exactly one fact must be true, the other false.")
	set(sonar.CodeSilenceDistance, "A silence moves 0 to 4 cells in one straight line.")
	return out
}
