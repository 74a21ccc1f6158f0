package roles

import (
	"slices"

	"periscope/games"
	"periscope/sonar"
	"periscope/sonar/chart"
	"periscope/sonar/radio"
)

// View is everything one phone may know. Spectators (and the table screen)
// get Seat -1, no crew and no Own state.
type View struct {
	Game   string           `json:"game"`
	Seat   int              `json:"seat"`
	Crew   *sonar.Crew      `json:"crew,omitempty"`
	Roles  []sonar.Role     `json:"roles"`
	Chart  Chart            `json:"chart"`
	Public sonar.PublicView `json:"public"`
	Own    *sonar.CrewView  `json:"own,omitempty"`
	// Log is every announcement this seat's crew heard, oldest first.
	Log []Line `json:"log"`
	// Enemy lists the enemy's own announcements, for the Radio Operator's
	// overlay: courses, silences, surfacing, mine drops.
	Enemy []Line `json:"enemy,omitempty"`
	// Radio is the tracker's picture, for the Radio Operator with radio
	// assist on.
	Radio *RadioView `json:"radio,omitempty"`
	// Hints are teaching-mode tips about what this seat does now.
	Hints []string `json:"hints,omitempty"`
	// Reveal shows both submarines once the match is over.
	Reveal *Reveal `json:"reveal,omitempty"`
}

// Chart is the map as the pages draw it.
type Chart struct {
	Name    string       `json:"name"`
	Size    int          `json:"size"`
	Sectors int          `json:"sectors"`
	Islands []chart.Cell `json:"islands"`
	Archer  []chart.Cell `json:"archer,omitempty"`
}

// Line is one announcement in a log.
type Line struct {
	Kind    sonar.Kind  `json:"kind"`
	Crew    sonar.Crew  `json:"crew"`
	Text    string      `json:"text"`
	Private bool        `json:"private,omitempty"`
	Dir     *chart.Dir  `json:"dir,omitempty"`
	Cell    *chart.Cell `json:"cell,omitempty"`
	Sector  int         `json:"sector,omitempty"`
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

// View builds what seat may see.
func (g *Game) View(seat int) any { return g.view(seat) }

func (g *Game) view(seat int) View {
	m := g.match.Chart()
	v := View{
		Game:   Definition.Name,
		Seat:   games.Spectator,
		Roles:  []sonar.Role{},
		Public: g.match.Public(),
		Chart: Chart{Name: m.Name, Size: m.Size, Sectors: m.Sectors(),
			Islands: islands(m), Archer: m.ArcherMines()},
	}
	var crew *sonar.Crew
	if seat >= 0 && seat < len(g.seats) {
		s := g.seats[seat]
		v.Seat, v.Crew, v.Roles = seat, &s.crew, slices.Clone(s.roles)
		crew = &s.crew
		own := g.match.Crew(s.crew)
		v.Own = &own
	}
	v.Log = []Line{}
	for _, e := range g.log {
		if crew == nil && !e.Public() || crew != nil && !e.VisibleTo(*crew) {
			continue
		}
		l := line(e)
		v.Log = append(v.Log, l)
		if crew != nil && e.Public() && e.Crew == crew.Other() && overlayKinds[e.Kind] {
			v.Enemy = append(v.Enemy, l)
		}
	}
	if crew != nil && slices.Contains(v.Roles, sonar.RadioOperator) && g.trackers[*crew] != nil {
		rv := &RadioView{Mode: g.opts.Radio, Lost: g.lost[*crew], Snapshot: g.trackers[*crew].Snapshot()}
		if rv.Mode != RadioHeat {
			rv.Heat = nil
		}
		v.Radio = rv
	}
	if g.opts.Teaching && v.Own != nil {
		v.Hints = hints(v)
	}
	if g.match.Over() {
		v.Reveal = g.reveal()
	}
	return v
}

// overlayKinds are the enemy announcements the Radio Operator plots.
var overlayKinds = map[sonar.Kind]bool{
	sonar.KindCourse: true, sonar.KindSilence: true, sonar.KindSurface: true,
	sonar.KindMineDropped: true, sonar.KindDived: true,
}

func line(e sonar.Event) Line {
	return Line{Kind: e.Kind, Crew: e.Crew, Text: e.Text, Private: !e.Public(),
		Dir: e.Dir, Cell: e.Cell, Sector: e.Sector}
}

func islands(m *chart.Map) []chart.Cell {
	out := []chart.Cell{}
	for i := 0; i < m.Cells(); i++ {
		if c := m.At(i); m.Island(c) {
			out = append(out, c)
		}
	}
	return out
}

// reveal rebuilds each submarine's voyage from its crew's own events.
func (g *Game) reveal() *Reveal {
	r := &Reveal{}
	for _, c := range sonar.Crews {
		own := g.match.Crew(c)
		rc := RevealCrew{Crew: c, Track: []chart.Cell{}, Position: own.Position, Mines: own.Mines}
		var at chart.Cell
		placed := false
		for _, e := range g.log {
			if e.Crew != c {
				continue
			}
			switch {
			case e.Kind == sonar.KindStartCell && e.Cell != nil:
				at, placed = *e.Cell, true
				rc.Track = append(rc.Track, at)
			case e.Kind == sonar.KindCourse && placed && e.Dir != nil:
				at = at.Add(*e.Dir)
				rc.Track = append(rc.Track, at)
			case e.Kind == sonar.KindSilentRun && placed && e.Dir != nil && e.Distance != nil:
				for i := 0; i < *e.Distance; i++ {
					at = at.Add(*e.Dir)
					rc.Track = append(rc.Track, at)
				}
			}
		}
		r.Crews[c] = rc
	}
	return r
}
