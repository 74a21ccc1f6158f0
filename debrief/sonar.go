package debrief

import (
	"encoding/json"
	"slices"
	"strings"

	"periscope/games"
	"periscope/rooms"
)

// Sonar is Captain Sonar's debrief: one entry per crew (blue, red, the
// teams 0 and 1) and the match's turning points.
type Sonar struct {
	Crews   []Crew   `json:"crews"`
	Moments []Moment `json:"moments"`
}

// Crew is what one submarine did and suffered.
type Crew struct {
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

type sonarTally struct {
	crews   []Crew
	radio   []int // the Radio Operator's seat of each crew, or -1
	moments []Moment
	hit     bool // a hit has happened
}

func newSonarTally(specs []games.SeatSpec) *sonarTally {
	t := &sonarTally{radio: []int{-1, -1}}
	for _, n := range crewNames {
		t.crews = append(t.crews, Crew{Crew: n, TakenBy: map[string]int{}, DealtBy: map[string]int{},
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

func (t *sonarTally) step(g games.Game, c rooms.CommandRecord, events []games.Event) {
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
			t.impact(c.Version, ci, "torpedo", e, ev.Text)
		case "trigger":
			cr.Systems["trigger"]++
			t.impact(c.Version, ci, "mine", e, ev.Text)
		case "archer":
			t.impact(c.Version, -1, "archer mine", e, ev.Text)
		case "surface":
			cr.Surfacings++
			t.moments = append(t.moments, Moment{V: c.Version, Kind: "surface", Crew: e.Crew, Text: ev.Text})
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
			t.moment(c.Version, e.Crew, ev.Text)
		case "destroyed", "over":
			t.moments = append(t.moments, Moment{V: c.Version, Kind: e.Kind, Crew: e.Crew, Text: ev.Text})
		}
	}
	for ci, kind := range heard {
		if kind == "" || t.radio[ci] < 0 {
			continue
		}
		var v struct {
			Radio *struct {
				Cells []json.RawMessage `json:"cells"`
				Lost  bool              `json:"lost"`
			} `json:"radio"`
		}
		if viewOf(g, t.radio[ci], &v) != nil || v.Radio == nil || v.Radio.Lost {
			continue
		}
		t.crews[ci].Radio = append(t.crews[ci].Radio, RadioPoint{V: c.Version, Cells: len(v.Radio.Cells), Kind: kind})
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

func (t *sonarTally) result() *Sonar {
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
	return &Sonar{Crews: t.crews, Moments: t.moments}
}

// credit gives each seat its crew's counts, by the roles it played: every
// member shares the crew's hits and torpedoes; each role its own work.
func (t *sonarTally) credit(players []Player) {
	for i := range players {
		p := &players[i]
		if p.Team < 0 || p.Team >= len(t.crews) || p.Result == "" {
			continue
		}
		c := t.crews[p.Team]
		ex := map[string]int{"hits": c.DamageDealt, "torpedoes": c.Systems["torpedo"]}
		for _, r := range p.Roles {
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
			p.Extras = ex
		}
	}
}
