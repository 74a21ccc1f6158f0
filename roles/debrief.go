package roles

import (
	"encoding/json"
	"slices"
	"strings"

	"periscope/games"
)

// Debrief is Captain Sonar's part of a finished match's debrief (package
// debrief keeps it under "sonar"): one entry per crew (blue, red, the teams
// 0 and 1) and the match's turning points.
type Debrief struct {
	Crews   []CrewDebrief `json:"crews"`
	Moments []Moment      `json:"moments"`
}

// CrewDebrief is what one submarine did and suffered.
type CrewDebrief struct {
	Crew        string         `json:"crew"`
	DamageTaken int            `json:"damage_taken"`
	TakenBy     map[string]int `json:"taken_by"` // torpedo, mine, own torpedo, own mine, archer mine, breakdown, ice
	DamageDealt int            `json:"damage_dealt"`
	DealtBy     map[string]int `json:"dealt_by"` // torpedo, mine
	Moves       int            `json:"moves"`
	Surfacings  int            `json:"surfacings"`
	// Systems the Captain used: torpedo, mine (dropped), trigger, drone,
	// sonar, silence.
	Systems map[string]int `json:"systems"`
	// Charges the First Mate marked, by system.
	Charges map[string]int `json:"charges"`
	// The Engineer's sheet: symbols crossed out, circuits repaired,
	// overloads that cost damage.
	Marks     int `json:"marks"`
	Repairs   int `json:"repairs"`
	Overloads int `json:"overloads"`
	// Radio is the Radio Operator's tracker picture after each version in
	// which the enemy announced something; empty without radio assist.
	Radio []RadioPoint `json:"radio,omitempty"`
}

// RadioPoint is the size of the Radio Operator's picture after version V.
type RadioPoint struct {
	V     int64  `json:"v"`
	Cells int    `json:"cells"`
	Kind  string `json:"kind"`
}

// Moment is a turning point: the first hit, every hit, each surfacing, the
// winning shot, the end.
type Moment struct {
	V    int64  `json:"v"`
	Kind string `json:"kind"` // first_hit, hit, surface, winning_shot, destroyed, over
	Crew string `json:"crew"`
	Text string `json:"text"`
}

// sonarEvent is the part of a Captain Sonar event (sonar.Event) the
// debrief reads.
type sonarEvent struct {
	Kind   string `json:"kind"`
	Crew   string `json:"crew"`
	System string `json:"system"`
	Damage int    `json:"damage"`
	Hits   []struct {
		Crew   string `json:"crew"`
		Damage int    `json:"damage"`
	} `json:"hits"`
}

var crewNames = []string{"blue", "red"}

// announcements are the public events a Radio Operator follows.
var announcements = []string{"course", "silence", "surface", "torpedo", "mine_dropped", "trigger", "drone", "sonar_answer"}

// Debrief starts the tally of a match this new game is about to replay
// (games.Debriefer): the damage dealt and taken and by what, the systems
// each role used, the turning points and how many cells the Radio
// Operator's picture held after each enemy announcement, read from the
// public events and the Radio Operators' views.
func (g *Game) Debrief() games.Tally { return newSonarTally(g) }

var _ games.Debriefer = (*Game)(nil)

type sonarTally struct {
	g       *Game
	specs   []games.SeatSpec
	crews   []CrewDebrief
	radio   []int // the Radio Operator's seat of each crew, or -1
	moments []Moment
	hit     bool // a hit has happened
}

func newSonarTally(g *Game) *sonarTally {
	specs := g.Seats()
	t := &sonarTally{g: g, specs: specs, radio: []int{-1, -1}}
	for _, n := range crewNames {
		t.crews = append(t.crews, CrewDebrief{Crew: n, TakenBy: map[string]int{}, DealtBy: map[string]int{},
			Systems: map[string]int{}, Charges: map[string]int{}})
	}
	for i, sp := range specs {
		if sp.Team >= 0 && sp.Team < 2 && slices.Contains(sp.Roles, "radio_operator") {
			t.radio[sp.Team] = i
		}
	}
	return t
}

func crewIndex(name string) int { return slices.Index(crewNames, name) }

// Step tallies the events of the command logged at version v.
func (t *sonarTally) Step(v int64, events []games.Event) {
	heard := [2]string{} // an enemy announcement each crew's radio heard
	for _, ev := range events {
		var e sonarEvent
		if len(ev.Data) == 0 || json.Unmarshal(ev.Data, &e) != nil {
			continue
		}
		ci := crewIndex(e.Crew)
		if ci < 0 {
			continue
		}
		cr := &t.crews[ci]
		if ev.Seats == nil && slices.Contains(announcements, e.Kind) {
			for other := range heard {
				if other != ci || e.Kind == "drone" || e.Kind == "sonar_answer" {
					heard[other] = e.Kind
				}
			}
		}
		switch e.Kind {
		case "course":
			cr.Moves++
		case "silence", "drone", "sonar":
			cr.Systems[e.Kind]++
		case "mine_dropped":
			cr.Systems["mine"]++
		case "torpedo":
			cr.Systems["torpedo"]++
			t.impact(v, ci, "torpedo", e, ev.Text)
		case "trigger":
			cr.Systems["trigger"]++
			t.impact(v, ci, "mine", e, ev.Text)
		case "archer":
			t.impact(v, -1, "archer mine", e, ev.Text)
		case "surface":
			cr.Surfacings++
			t.moments = append(t.moments, Moment{V: v, Kind: "surface", Crew: e.Crew, Text: ev.Text})
		case "charge":
			if e.System != "" {
				cr.Charges[e.System]++
			}
		case "mark":
			cr.Marks++
		case "repair":
			cr.Repairs++
		case "overload":
			cr.Overloads++
		case "damage":
			why := "breakdown"
			if strings.Contains(ev.Text, "ICE") {
				why = "ice"
			}
			cr.DamageTaken += e.Damage
			cr.TakenBy[why] += e.Damage
			t.moment(v, e.Crew, ev.Text)
		case "destroyed", "over":
			t.moments = append(t.moments, Moment{V: v, Kind: e.Kind, Crew: e.Crew, Text: ev.Text})
		}
	}
	for ci, kind := range heard {
		if kind == "" || t.radio[ci] < 0 {
			continue
		}
		var rv struct {
			Radio *struct {
				Cells []json.RawMessage `json:"cells"`
				Lost  bool              `json:"lost"`
			} `json:"radio"`
		}
		if viewOf(t.g, t.radio[ci], &rv) != nil || rv.Radio == nil || rv.Radio.Lost {
			continue
		}
		t.crews[ci].Radio = append(t.crews[ci].Radio, RadioPoint{V: v, Cells: len(rv.Radio.Cells), Kind: kind})
	}
}

// impact counts the damage of a torpedo or mine fired by crew by (-1 for
// the map's own Archer mines).
func (t *sonarTally) impact(v int64, by int, weapon string, e sonarEvent, text string) {
	hurt := false
	for _, h := range e.Hits {
		ti := crewIndex(h.Crew)
		if ti < 0 || h.Damage == 0 {
			continue
		}
		hurt = true
		what := weapon
		if ti == by {
			what = "own " + weapon
		}
		t.crews[ti].DamageTaken += h.Damage
		t.crews[ti].TakenBy[what] += h.Damage
		if by >= 0 && ti != by {
			t.crews[by].DamageDealt += h.Damage
			t.crews[by].DealtBy[weapon] += h.Damage
		}
	}
	if hurt {
		t.moment(v, e.Crew, text)
	}
}

// moment records a damaging event: the first one is the first hit.
func (t *sonarTally) moment(v int64, crew, text string) {
	kind := "hit"
	if !t.hit {
		kind, t.hit = "first_hit", true
	}
	t.moments = append(t.moments, Moment{V: v, Kind: kind, Crew: crew, Text: text})
}

// Result is the Debrief and each seat's counts (credit).
func (t *sonarTally) Result() (any, []map[string]int) {
	// The last damage before a submarine is destroyed is the winning shot.
	if i := slices.IndexFunc(t.moments, func(m Moment) bool { return m.Kind == "destroyed" }); i > 0 {
		for j := i - 1; j >= 0; j-- {
			if m := &t.moments[j]; m.Kind == "hit" || m.Kind == "first_hit" {
				m.Kind = "winning_shot"
				break
			}
		}
	}
	if t.moments == nil {
		t.moments = []Moment{}
	}
	return &Debrief{Crews: t.crews, Moments: t.moments}, t.credit()
}

// credit gives each seat its crew's counts, by the roles it played: every
// member shares the crew's hits and torpedoes; each role its own work.
// (The debrief keeps them only for seats someone held.)
func (t *sonarTally) credit() []map[string]int {
	out := make([]map[string]int, len(t.specs))
	for i, sp := range t.specs {
		if sp.Team < 0 || sp.Team >= len(t.crews) {
			continue
		}
		c := t.crews[sp.Team]
		ex := map[string]int{"hits": c.DamageDealt, "torpedoes": c.Systems["torpedo"]}
		for _, r := range sp.Roles {
			switch r {
			case "captain":
				for sys, n := range c.Systems {
					ex["captain."+sys] = n
				}
			case "first_mate":
				for _, n := range c.Charges {
					ex["first_mate.charges"] += n
				}
			case "engineer":
				ex["engineer.marks"], ex["engineer.repairs"], ex["engineer.overloads"] = c.Marks, c.Repairs, c.Overloads
			case "radio_operator":
				ex["radio_operator.announcements"] = len(c.Radio)
			}
		}
		for k, n := range ex {
			if n == 0 {
				delete(ex, k)
			}
		}
		if len(ex) > 0 {
			out[i] = ex
		}
	}
	return out
}

// viewOf is seat's view as JSON, read into v: the debrief reads what the
// wire carries.
func viewOf(g games.Game, seat int, v any) error {
	b, err := json.Marshal(g.View(seat))
	if err != nil {
		return err
	}
	return json.Unmarshal(b, v)
}
