package roles

import (
	"periscope/sonar"
	"periscope/sonar/radio"
)

// track feeds each crew's tracker with what the enemy announced in evs.
// Only public events are used: the tracker knows what a Radio Operator at
// the table hears, nothing more.
//
// It reports which crews' trackers heard something: the other's Radio
// Operator's picture is the last version's.
func (g *Game) track(evs []sonar.Event) (heard [2]bool) {
	for _, c := range sonar.Crews {
		// The last such event, copied once (a pointer to the range
		// variable would put every event on the heap).
		for i := len(evs) - 1; i >= 0; i-- {
			if _, ok := observation(c, evs[i]); ok {
				e := evs[i]
				g.news[c] = &e
				break
			}
		}
	}
	for _, c := range sonar.Crews {
		t := g.trackers[c]
		if t == nil || g.lost[c] {
			continue
		}
		for _, e := range evs {
			o, ok := observation(c, e)
			if !ok {
				continue
			}
			heard[c] = true
			if err := t.Observe(o); err != nil {
				// The engine accepted what the tracker calls impossible:
				// stop rather than show a wrong picture.
				g.lost[c] = true
				break
			}
		}
	}
	return heard
}

// observation is what crew c's Radio Operator learns from e about the enemy.
func observation(c sonar.Crew, e sonar.Event) (radio.Observation, bool) {
	if !e.Public() {
		return radio.Observation{}, false
	}
	enemy := c.Other()
	switch e.Kind {
	case sonar.KindCourse:
		if e.Crew == enemy && e.Dir != nil {
			return radio.Observation{Kind: radio.Course, Dir: *e.Dir}, true
		}
	case sonar.KindSilence:
		if e.Crew == enemy {
			return radio.Observation{Kind: radio.Silence}, true
		}
	case sonar.KindSurface:
		if e.Crew == enemy {
			return radio.Observation{Kind: radio.Surface, Sector: e.Sector}, true
		}
	case sonar.KindMineDropped:
		if e.Crew == enemy {
			return radio.Observation{Kind: radio.EnemyDrop}, true
		}
	case sonar.KindDrone:
		if e.Crew == c && e.Yes != nil {
			return radio.Observation{Kind: radio.Drone, Sector: e.Sector, Yes: *e.Yes}, true
		}
	case sonar.KindSonarAnswer:
		if e.Crew == enemy && len(e.Facts) == 2 {
			return radio.Observation{Kind: radio.Sonar, Facts: [2]radio.Fact{fact(e.Facts[0]), fact(e.Facts[1])}}, true
		}
	case sonar.KindTorpedo, sonar.KindTrigger, sonar.KindArcher:
		if e.Cell == nil {
			return radio.Observation{}, false
		}
		if e.Crew == c {
			// Our own impact: the enemy's result places it.
			if r, ok := result(e.Hits, enemy); ok {
				return radio.Observation{Kind: radio.Hit, Cell: *e.Cell, Result: r}, true
			}
			return radio.Observation{}, false
		}
		kind := map[sonar.Kind]radio.Kind{
			sonar.KindTorpedo: radio.EnemyTorpedo,
			sonar.KindTrigger: radio.EnemyTrigger,
			sonar.KindArcher:  radio.EnemyArcher,
		}[e.Kind]
		o := radio.Observation{Kind: kind, Cell: *e.Cell}
		if r, ok := result(e.Hits, enemy); ok {
			o.Result = r
		}
		return o, true
	}
	return radio.Observation{}, false
}

func result(hits []sonar.Hit, crew sonar.Crew) (radio.Result, bool) {
	for _, h := range hits {
		if h.Crew == crew {
			switch h.Result {
			case sonar.Direct:
				return radio.Direct, true
			case sonar.Indirect:
				return radio.Indirect, true
			default:
				return radio.Clear, true
			}
		}
	}
	return "", false
}

// fact converts a sonar fact (0-based rows and columns) to the tracker's
// (everything counted from 1, as printed on the sheet).
func fact(f sonar.Fact) radio.Fact {
	switch f.Type {
	case sonar.FactRow:
		return radio.Fact{Type: radio.Row, Value: f.Value + 1}
	case sonar.FactColumn:
		return radio.Fact{Type: radio.Column, Value: f.Value + 1}
	}
	return radio.Fact{Type: radio.Sector, Value: f.Value}
}
