package roles

import (
	"fmt"
	"slices"
	"strings"

	"periscope/sonar"
	"periscope/sonar/chart"
)

// hint is one teaching tip: the role it is for, its sentence, and the order
// it suggests (none for "wait" tips). Tests check that every suggested order
// is one the engine accepts at that moment.
type hint struct {
	role  sonar.Role
	text  string
	order sonar.CommandType
	// section is the section a secure hint suggests.
	section int
}

// hints are the teaching mode's tips for a seat: for each of its roles,
// what it can or must do now, read from the state, in the order a new
// player needs them.
func (g *Game) hints(v View) []string {
	hs := g.hintsFor(v)
	out := make([]string, len(hs))
	for i, h := range hs {
		out[i] = h.role.Title() + ": " + h.text
	}
	return out
}

// systemHelp says what each system does, for the hint that offers it.
var systemHelp = map[sonar.System]string{
	sonar.Torpedo:  "Torpedo ready: tap it, then a cell up to 4 spaces away. 2 damage on that cell, 1 on the 8 around it, your own submarine included.",
	sonar.Mine:     "Mine ready: drop it on a cell next to your submarine. It goes off only when you trigger it later.",
	sonar.Drone:    "Drone ready: ask whether the enemy is in a sector; the answer is always true.",
	sonar.Sonar:    "Sonar ready: the enemy Captain must give two facts about their position (row, column or sector), one true and one false.",
	sonar.Silence:  "Silence ready: move 0 to 4 cells in a straight line; the enemy hears only \"silence\".",
	sonar.Scenario: "Archer ready: set off one of the printed Archer mines, like a torpedo hit there.",
}

func (g *Game) hintsFor(v View) []hint {
	own, pub := v.Own, v.Public
	if pub.Outcome != nil || own == nil {
		return nil
	}
	var out []hint
	add := func(r sonar.Role, order sonar.CommandType, format string, args ...any) {
		text := format // most tips are fixed words: no copy of them per seat and version
		if len(args) > 0 {
			text = fmt.Sprintf(format, args...)
		}
		out = append(out, hint{role: r, order: order, text: text})
	}
	has := func(r sonar.Role) bool { return slices.Contains(v.Roles, r) }
	enemy := pub.Crews[own.Crew.Other()]
	if !pub.Started {
		add(v.Roles[0], "", "wait for the host to start the match.")
		return out
	}
	if !pub.Playing {
		for _, r := range v.Roles {
			switch {
			case r == sonar.Captain && !own.Placed:
				add(r, sonar.TypePlace, "tap any water cell to choose your secret start. The enemy never sees it.")
			case r == sonar.Captain:
				add(r, "", "wait: the enemy Captain is choosing a start.")
			case r == v.Roles[0]:
				add(r, "", "wait: the Captains are choosing their secret starts.")
			}
		}
		return out
	}
	// The systems this seat may use now, each said once.
	systems := func(r sonar.Role) {
		for _, gauge := range own.Gauges {
			if !gauge.Ready || !usable(own, gauge.System) {
				continue
			}
			if r == sonar.FirstMate && gauge.System != sonar.Drone && gauge.System != sonar.Sonar {
				continue
			}
			add(r, order(gauge.System), "%s", systemHelp[gauge.System])
		}
	}
	if has(sonar.Captain) {
		c := sonar.Captain
		switch {
		case len(own.SonarAnswers) > 0:
			add(c, sonar.TypeSonarAnswer, "the enemy used sonar. Pick two facts of different kinds about your position (row, column, sector): exactly one true, one false.")
		case own.Surfacing != nil && pub.Mode == sonar.TurnBased:
			add(c, "", "you are surfaced in sector %d. The enemy takes three turns in a row (%d left), then you dive by yourself.", own.Surfacing.Sector, pub.Bonus)
		case own.Surfacing != nil && own.Surfacing.Inspected:
			add(c, sonar.TypeDive, "the inspection passed and the breakdowns are erased: tap DIVE.")
		case own.Surfacing != nil:
			// The sections' hints below say what the crew does.
		case pub.SonarPending != nil:
			add(c, "", "wait: the %s Captain must answer the sonar before anyone moves.", strings.ToUpper(pub.SonarPending.String()))
		case own.Duties.FirstMate || own.Duties.Engineer:
			add(c, "", "wait for your First Mate and Engineer to mark this course before the next order.")
		case own.Turn != nil && !own.Turn.Current:
			add(c, "", "the enemy is moving. Listen to their headings: your Radio Operator plots them.")
		case own.Turn != nil && own.Turn.Moved:
			before := len(out)
			systems(c)
			if len(out) == before {
				add(c, sonar.TypeEndTurn, "no system is ready now: tap End turn.")
			} else {
				add(c, sonar.TypeEndTurn, "use one ready system, or tap End turn.")
			}
		case own.Blackout:
			add(c, sonar.TypeSurface, "no heading is open. You must surface: the enemy learns your sector, your route is erased, the Engineer's sheet is wiped clean.")
		default:
			if enemy.Surfaced && pub.Mode == sonar.TurnBased {
				add(c, sonar.TypeCourse, "the enemy surfaced in sector %d: take your turns (%d left in a row) and hunt it.", enemy.Sector, pub.Bonus)
			}
			// The duty banner says "choose a heading": the hint gives the rule.
			add(c, sonar.TypeCourse, "a heading may not cross your own route, enter an island or your own mine.")
			if len(own.Broken) >= 2 && own.SurfaceBlocked == "" {
				add(c, sonar.TypeSurface, "%d colours are broken down on the Engineer's sheet: surfacing erases every breakdown, but the enemy learns your sector.", len(own.Broken))
			}
			if own.Turn == nil {
				systems(c)
			} else {
				add(c, "", "systems come after the turn's heading.")
			}
		}
		if len(own.Triggers) > 0 && own.Surfacing == nil {
			add(c, sonar.TypeTrigger, "you may trigger one of your mines (%s): 2 damage on its cell, 1 around it.", cellList(own.Triggers))
		}
	}
	if has(sonar.FirstMate) {
		f := sonar.FirstMate
		switch {
		case own.Duties.FirstMate:
			add(f, sonar.TypeCharge, "charge one gauge (+1) for this course. A full gauge is ready if the Engineer has no breakdown of its colour.")
		case !has(sonar.Captain) && own.Surfacing == nil:
			before := len(out)
			systems(f)
			if len(out) == before {
				add(f, "", "OK given. Wait for the next course; you charge one gauge after each.")
			}
		}
	}
	if has(sonar.Engineer) {
		e := sonar.Engineer
		if own.Inspect != nil {
			add(e, sonar.TypeInspect, "the enemy surfaced and traced its four sections. Look at each line: reject the section whose line leaves the white outline, or pass the sheet (%d rejection%s left).", own.Inspect.RejectionsLeft, plural(own.Inspect.RejectionsLeft))
		}
		if own.Duties.Engineer && own.Duties.Panel != nil {
			add(e, sonar.TypeMark, "cross out one symbol in the %s panel. A full circuit repairs itself; a full panel or all six radiation symbols cost 1 damage.", own.Duties.Panel)
		} else if own.Inspect == nil && own.Surfacing == nil {
			add(e, "", "OK given. Wait for the next course; you cross out one symbol in its panel.")
		}
	}
	if has(sonar.RadioOperator) {
		out = append(out, g.radioHints(v)...)
	}
	out = append(out, surfacingHints(v)...)
	return out
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// usable reports whether a ready system has a target now.
func usable(own *sonar.CrewView, s sonar.System) bool {
	switch s {
	case sonar.Torpedo:
		return len(own.TorpedoTargets) > 0
	case sonar.Mine:
		return len(own.MineCells) > 0
	case sonar.Scenario:
		return len(own.ArcherTargets) > 0
	case sonar.Silence:
		for _, o := range own.Silences {
			if o.Reason == "" {
				return true
			}
		}
		return false
	}
	return true
}

func order(s sonar.System) sonar.CommandType {
	switch s {
	case sonar.Torpedo:
		return sonar.TypeTorpedo
	case sonar.Mine:
		return sonar.TypeMine
	case sonar.Drone:
		return sonar.TypeDrone
	case sonar.Sonar:
		return sonar.TypeSonar
	case sonar.Silence:
		return sonar.TypeSilence
	}
	return sonar.TypeArcher
}

// surfacingHints tell each role of a surfaced real-time crew what to do
// with the sheet.
func surfacingHints(v View) []hint {
	own := v.Own
	sf := own.Surfacing
	if sf == nil {
		return nil
	}
	if v.Public.Mode != sonar.RealTime || sf.Inspected {
		// The Captain's hint says it all; the others wait for the dive.
		if slices.Contains(v.Roles, sonar.Captain) {
			return nil
		}
		why := "the enemy takes its three turns, then your submarine dives by itself"
		if sf.Inspected {
			why = "the inspection passed: your Captain orders the dive"
		}
		return []hint{{role: v.Roles[0], text: "surfaced in sector " + fmt.Sprint(sf.Sector) + ": " + why + "."}}
	}
	if sf.InspectBy != nil {
		// A length, not a clock time: the server's clock zone is not the
		// phone's, and the surfacing card shows the time in the phone's own.
		return []hint{{role: v.Roles[0], text: fmt.Sprintf("all four sections are traced: the enemy Engineer inspects them. If they say nothing, the sheet passes by itself %d seconds after the last section was traced.", v.Rules.InspectionSeconds)}}
	}
	var out []hint
	for _, r := range v.Roles {
		done := false
		for i := range sf.Sections {
			if by := sf.Redo[i]; by != nil && *by == r {
				out = append(out, hint{role: r, order: sonar.TypeSecure, section: i + 1,
					text: fmt.Sprintf("the enemy Engineer rejected your section %d: trace it again, inside the white line.", i+1)})
				done = true
			}
			if by := sf.Sections[i]; by != nil && *by == r {
				done = true
			}
		}
		switch {
		case done:
			if !slices.ContainsFunc(out, func(h hint) bool { return h.role == r }) {
				out = append(out, hint{role: r, text: "your section is secured. Wait for your crewmates."})
			}
		case sf.Holder != nil && *sf.Holder != r:
			out = append(out, hint{role: r, text: fmt.Sprintf("the sheet is with the %s. It passes one role at a time, Engineer, First Mate, Captain, Radio Operator: wait for it.", sf.Holder.Title())})
		case sf.EngineerFirst && r != sonar.Engineer:
			out = append(out, hint{role: r, text: "the Engineer traces the first section, then passes the sheet on to you."})
		default:
			free := 0
			for i := range sf.Sections {
				if sf.Sections[i] == nil && sf.Redo[i] == nil {
					free = i + 1
					break
				}
			}
			if free > 0 {
				out = append(out, hint{role: r, order: sonar.TypeSecure, section: free,
					text: "tap a free section, then trace its outline with your finger, all the way round inside the white line. Each section needs a different role." + passOn(sf, r)})
			}
		}
	}
	return out
}

// passOn says, to the holder of a sheet passed hand to hand, who gets it
// next; "" in the other surfacing orders.
func passOn(sf *sonar.Surfacing, r sonar.Role) string {
	if sf.Holder == nil {
		return ""
	}
	i := slices.Index(sonar.SheetOrder[:], r)
	if i+1 >= len(sonar.SheetOrder) {
		return " Then the sheet goes to the enemy Engineer."
	}
	return " Then the sheet goes to the " + sonar.SheetOrder[i+1].Title() + "."
}

// radioHints explain the latest announcement the Radio Operator learns from.
func (g *Game) radioHints(v View) []hint {
	r := sonar.RadioOperator
	out := []hint{{role: r, text: "every enemy heading is drawn on your overlay. Drag it over the map to where it fits between the islands."}}
	e := g.news[*v.Crew]
	if e == nil {
		return out
	}
	us, enemy := *v.Crew, v.Crew.Other()
	text := ""
	switch e.Kind {
	case sonar.KindSilence:
		text = "the enemy ran silent: 0 to 4 cells in one straight line, heading unknown. Your overlay marks it with a ?."
	case sonar.KindSurface:
		text = fmt.Sprintf("the enemy surfaced in sector %d: it is in that sector now and its route is erased, so it may cross its old track. Restart your plot there.", e.Sector)
	case sonar.KindMineDropped:
		text = "the enemy dropped a mine next to its submarine. Note where your plot was: that cell is dangerous."
	case sonar.KindDrone:
		if e.Yes != nil && *e.Yes {
			text = fmt.Sprintf("our drone: the enemy IS in sector %d. Keep only the plots that end there.", e.Sector)
		} else {
			text = fmt.Sprintf("our drone: the enemy is NOT in sector %d. Drop the plots that end there.", e.Sector)
		}
	case sonar.KindSonarAnswer:
		if len(e.Facts) == 2 {
			text = fmt.Sprintf("sonar answer %s, %s: exactly one is true. Keep the cells where one holds and the other does not.", e.Facts[0], e.Facts[1])
		}
	case sonar.KindTorpedo, sonar.KindTrigger, sonar.KindArcher:
		if e.Cell == nil {
			break
		}
		if e.Crew == us {
			for _, h := range e.Hits {
				if h.Crew != enemy {
					continue
				}
				switch h.Result {
				case sonar.Direct:
					text = fmt.Sprintf("direct hit at %s: the enemy is exactly there.", e.Cell)
				case sonar.Indirect:
					text = fmt.Sprintf("indirect hit at %s: the enemy is on one of the 8 cells around it.", e.Cell)
				default:
					text = fmt.Sprintf("all clear at %s: the enemy is not on it or next to it.", e.Cell)
				}
			}
		} else if e.Kind == sonar.KindTorpedo {
			text = fmt.Sprintf("the enemy fired at %s: its submarine is 1 to 4 spaces from there.", e.Cell)
		}
	}
	if text != "" {
		out = append(out, hint{role: r, text: text})
	}
	return out
}

func cellList(cs []chart.Cell) string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.String()
	}
	return strings.Join(names, ", ")
}
