package roles

import (
	"slices"

	"periscope/games"
	"periscope/sonar"
	"periscope/sonar/chart"
	"periscope/sonar/radio"
)

// View is everything one phone may know now: state, never a log (the pages
// keep their log from the events, which the room sends with every update
// and all of them on welcome), so its size does not grow with the match.
// Spectators (and the table screen) get Seat -1, no crew and no Own state.
type View struct {
	Game   string           `json:"game"`
	Seat   int              `json:"seat"`
	Crew   *sonar.Crew      `json:"crew,omitempty"`
	Roles  []sonar.Role     `json:"roles"`
	Public sonar.PublicView `json:"public"`
	Own    *sonar.CrewView  `json:"own,omitempty"`
	// Radio is the tracker's picture, for the Radio Operator with radio
	// assist on.
	Radio *RadioView `json:"radio,omitempty"`
	// Hints are teaching-mode tips about what this seat does now.
	Hints []string `json:"hints,omitempty"`
	// Reveal shows both submarines once the match is over.
	Reveal *Reveal `json:"reveal,omitempty"`
	// Coach is the first dive's lesson for this seat (coach.go).
	Coach *Coach `json:"coach,omitempty"`
	// Chart and Rules never change during a match. They come last: the
	// diff of a seat's view (rooms.diffJSON) walks a view's bytes up to
	// each change, and what follows the last change is skipped as the
	// views' common end; in the middle, every seat's diff read them again
	// every version.
	Chart Chart         `json:"chart"`
	Rules sonar.Options `json:"rules"`

	// tips and report are Hints not yet worded, in a view AppendView
	// writes at once: the tips' role and sentence are written side by
	// side, with no string made for each tip and seat.
	tips   []hint
	report string
}

// Chart is the map as the pages draw it.
type Chart struct {
	Name    string       `json:"name"`
	Size    int          `json:"size"`
	Sectors int          `json:"sectors"`
	Islands []chart.Cell `json:"islands"`
	Archer  []chart.Cell `json:"archer,omitempty"`
	// IceHoles are Delta's open-water holes the table gave; without them
	// Delta plays without its ice rule.
	IceHoles []chart.Cell `json:"ice_holes,omitempty"`
}

// RadioView is the tracker's output for one crew.
type RadioView struct {
	Mode string `json:"mode"`
	// Lost is set if the tracker could not follow the enemy; the page then
	// asks the Radio Operator to work by hand.
	Lost bool `json:"lost,omitempty"`
	radio.Snapshot
}

// Reveal is both submarines' whole voyage, shown when the match ends.
type Reveal struct {
	Crews [2]RevealCrew `json:"crews"`
}

// RevealCrew is one submarine's voyage: every cell it sailed through, in
// order, across surfacings, and its mines left at the end.
type RevealCrew struct {
	Crew     sonar.Crew   `json:"crew"`
	Track    []chart.Cell `json:"track"`
	Position *chart.Cell  `json:"position,omitempty"`
	Mines    []chart.Cell `json:"mines"`
}

// viewCache holds what every seat of a crew shares, built once per command.
type viewCache struct {
	public *sonar.PublicView
	crew   [2]*sonar.CrewView
	radio  [2]*RadioView
	reveal *Reveal
}

// chartOf is the map of a match as the pages draw it; the islands are
// scanned once per match.
func chartOf(m *sonar.Match) Chart {
	c := m.Chart()
	out := Chart{Name: c.Name, Size: c.Size, Sectors: c.Sectors(), Islands: []chart.Cell{},
		Archer: c.ArcherMines(), IceHoles: m.Options().IceHoles}
	for i := 0; i < c.Cells(); i++ {
		if x := c.At(i); c.Island(x) {
			out.Islands = append(out.Islands, x)
		}
	}
	return out
}

// View builds what seat may see.
func (g *Game) View(seat int) any { return g.view(seat) }

func (g *Game) view(seat int) View { return g.viewOf(seat, true) }

// viewOf builds seat's view. Unless kept, its roles are the seat's own
// slice and its crew's state the one the next command's views are built
// into (a view written at once, or read by a bot's decision, needs no copy
// of them).
func (g *Game) viewOf(seat int, kept bool) View {
	v := View{
		Game:   Definition.Name,
		Seat:   games.Spectator,
		Roles:  []sonar.Role{},
		Chart:  g.chart,
		Rules:  g.match.Options(),
		Public: *g.public(),
	}
	if seat >= 0 && seat < len(g.seats) {
		s := g.seats[seat]
		v.Seat, v.Crew, v.Roles = seat, &s.crew, s.roles
		if kept {
			v.Roles = slices.Clone(s.roles)
		}
		v.Own = g.crewView(s.crew)
		if kept {
			own := v.Own.Clone()
			v.Own = &own
		}
		if s.has(sonar.RadioOperator) {
			v.Radio = g.radioView(s.crew)
		}
	}
	if g.opts.Teaching && v.Own != nil {
		if kept {
			v.Hints = g.hints(v)
		} else {
			v.tips = g.hintsFor(v)
		}
	}
	if v.Crew != nil {
		if r := g.radioReport(*v.Crew, seat); r != "" && kept {
			v.Hints = append(v.Hints, r)
		} else if r != "" {
			v.report = r
		}
	}
	if g.match.Over() {
		v.Reveal = g.reveal()
	}
	if g.opts.FirstDive && v.Crew != nil {
		v.Coach = g.coach(v)
	}
	return v
}

func (g *Game) public() *sonar.PublicView {
	if g.views.public == nil {
		p := g.match.Public()
		g.views.public = &p
	}
	return g.views.public
}

func (g *Game) crewView(c sonar.Crew) *sonar.CrewView {
	if g.views.crew[c] == nil {
		// Built into the last version's, which nothing holds any more:
		// both crews' views are rebuilt after every command.
		v := &g.crewViews[c]
		g.match.CrewInto(c, v)
		if g.match.Over() {
			// After the end nobody owes anything: no charge, no mark, no
			// inspection, no sonar answer, no turn to take.
			v.Duties = sonar.Duties{}
			v.Inspect = nil
			v.SonarAnswers = nil
			if v.Turn != nil {
				t := *v.Turn
				t.Current = false
				v.Turn = &t
			}
		}
		g.views.crew[c] = v
	}
	return g.views.crew[c]
}

func (g *Game) radioView(c sonar.Crew) *RadioView {
	if g.trackers[c] == nil {
		return nil
	}
	if g.views.radio[c] == nil {
		rv := &RadioView{Mode: g.opts.Radio, Lost: g.lost[c], Snapshot: g.trackers[c].Snapshot()}
		if rv.Mode != RadioHeat {
			rv.Heat = nil
		}
		g.views.radio[c] = rv
	}
	return g.views.radio[c]
}

// reveal is each submarine's voyage, from its crew's own events.
func (g *Game) reveal() *Reveal {
	if g.views.reveal != nil {
		return g.views.reveal
	}
	r := &Reveal{}
	for _, c := range sonar.Crews {
		own := g.crewView(c)
		r.Crews[c] = RevealCrew{Crew: c, Track: append([]chart.Cell{}, g.tracks[c]...), Position: own.Position, Mines: slices.Clone(own.Mines)}
	}
	g.views.reveal = r
	return r
}
