package load

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"

	"periscope/roles"
	"periscope/rooms"
	"periscope/sonar"
	"periscope/sonar/chart"
)

// order is one command a seat may send, with how often it should be
// picked among the others.
type order struct {
	seat   int
	body   string
	weight float64
}

// crewSeats maps each crew's roles to the seat that plays them, from the
// lobby: a seat's team is its crew.
type crewSeats [2]map[sonar.Role]int

func seatsOf(seats []rooms.LobbySeat) (crewSeats, error) {
	cs := crewSeats{{}, {}}
	for _, s := range seats {
		if s.Team < 0 || s.Team > 1 {
			return cs, fmt.Errorf("seat %d has team %d", s.Seat, s.Team)
		}
		for _, r := range s.Roles {
			var role sonar.Role
			if err := role.UnmarshalText([]byte(r)); err != nil {
				return cs, err
			}
			cs[s.Team][role] = s.Seat
		}
	}
	return cs, nil
}

// orders lists what the crew of view v may do now, as its phones would
// offer it: read from the crew's own view (the Captain's seat holds all of
// it), so nearly every order is legal. Weights favour the orders that move
// the match on (courses, the First Mate's and Engineer's duties, end of
// turn) over systems, so matches run to a winner like real ones.
func orders(v *roles.View, seats map[sonar.Role]int, rng *rand.Rand) []order {
	own := v.Own
	if own == nil {
		return nil
	}
	var out []order
	add := func(role sonar.Role, w float64, format string, args ...any) {
		seat, ok := seats[role]
		if !ok {
			return
		}
		out = append(out, order{seat: seat, body: fmt.Sprintf(format, args...), weight: w})
	}
	if !own.Placed {
		// A start cell at random; an island is refused, which phones do too.
		c := randomWater(v, rng)
		add(sonar.Captain, 10, `{"type":"place","cell":"%s"}`, c)
		return out
	}
	if len(own.SonarAnswers) > 0 {
		b, _ := json.Marshal(map[string]any{"type": "sonar_answer", "facts": own.SonarAnswers[rng.IntN(len(own.SonarAnswers))]})
		add(sonar.Captain, 20, "%s", b)
	}
	if own.Inspect != nil {
		add(sonar.Engineer, 20, `{"type":"inspect","ok":true}`)
	}
	if own.Surfacing != nil {
		for i, r := range sonar.Roles {
			// Sections are secured in real time only.
			if own.Turn == nil && own.Surfacing.Sections[i] == nil {
				add(r, 5, `{"type":"secure","section":%d,"trace":%s}`, i+1, trace(rng))
			}
		}
		if own.Turn == nil {
			add(sonar.Captain, 2, `{"type":"dive"}`)
		}
		return out
	}
	if own.Duties.FirstMate {
		for _, g := range own.Gauges {
			if g.Marks < g.Size {
				b, _ := g.System.MarshalText()
				add(sonar.FirstMate, 5, `{"type":"charge","system":"%s"}`, b)
			}
		}
	}
	if own.Duties.Engineer && own.Duties.Panel != nil {
		for _, s := range own.Sheet {
			if s.Panel == *own.Duties.Panel && !s.Marked {
				add(sonar.Engineer, 5, `{"type":"mark","panel":"%s","symbol":%d}`, s.Panel, s.Index)
			}
		}
	}
	duties := own.Duties.FirstMate || own.Duties.Engineer
	myTurn := own.Turn == nil || own.Turn.Current
	moved := own.Turn != nil && own.Turn.Moved
	if myTurn && !duties && !moved {
		legal := 0
		for _, c := range own.Courses {
			if c.Legal {
				legal++
				add(sonar.Captain, 12, `{"type":"course","dir":"%s"}`, c.Dir)
			}
		}
		if legal == 0 && own.SurfaceBlocked == "" {
			add(sonar.Captain, 10, `{"type":"surface"}`)
		}
	}
	if myTurn && !duties && (own.Turn == nil || !own.Turn.UsedSystem) {
		ready := map[string]bool{}
		for _, g := range own.Gauges {
			if g.Ready {
				b, _ := g.System.MarshalText()
				ready[string(b)] = true
			}
		}
		if ready["torpedo"] && len(own.TorpedoTargets) > 0 {
			add(sonar.Captain, 2, `{"type":"torpedo","cell":"%s"}`, own.TorpedoTargets[rng.IntN(len(own.TorpedoTargets))])
		}
		if ready["mine"] && len(own.MineCells) > 0 {
			add(sonar.Captain, 1, `{"type":"mine","cell":"%s"}`, own.MineCells[rng.IntN(len(own.MineCells))])
		}
		if len(own.Triggers) > 0 {
			add(sonar.Captain, 1, `{"type":"trigger","cell":"%s"}`, own.Triggers[rng.IntN(len(own.Triggers))])
		}
		if ready["drone"] && v.Chart.Sectors > 0 {
			add(sonar.Captain, 1, `{"type":"drone","sector":%d}`, 1+rng.IntN(v.Chart.Sectors))
		}
		if ready["sonar"] && v.Public.SonarPending == nil {
			add(sonar.Captain, 1, `{"type":"sonar"}`)
		}
		if ready["silence"] {
			for _, s := range own.Silences {
				if s.Reason == "" {
					add(sonar.Captain, 0.5, `{"type":"silence","dir":"%s","distance":%d}`, s.Dir, s.Min+rng.IntN(s.Max-s.Min+1))
				}
			}
		}
	}
	if own.Turn != nil && own.Turn.Current && moved && !duties {
		add(sonar.Captain, 8, `{"type":"end_turn"}`)
	}
	return out
}

// pick draws one order by weight.
func pick(os []order, rng *rand.Rand) (order, bool) {
	total := 0.0
	for _, o := range os {
		total += o.weight
	}
	if total <= 0 {
		return order{}, false
	}
	x := rng.Float64() * total
	for _, o := range os {
		if x -= o.weight; x < 0 {
			return o, true
		}
	}
	return os[len(os)-1], true
}

// randomWater is a cell of the map that is not an island.
func randomWater(v *roles.View, rng *rand.Rand) chart.Cell {
	islands := make(map[chart.Cell]bool, len(v.Chart.Islands))
	for _, c := range v.Chart.Islands {
		islands[c] = true
	}
	for {
		c := chart.Cell{Col: rng.IntN(v.Chart.Size), Row: rng.IntN(v.Chart.Size)}
		if !islands[c] {
			return c
		}
	}
}

// trace is a short line round a section, as a finger draws it on the page.
func trace(rng *rand.Rand) string {
	var b strings.Builder
	b.WriteByte('[')
	for i := range 12 {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "[%d,%d]", 20+rng.IntN(260), 20+rng.IntN(140))
	}
	b.WriteByte(']')
	return b.String()
}
