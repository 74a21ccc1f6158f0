package roles

import (
	"encoding/json"
	"slices"
	"testing"
	"time"

	"periscope/games"
	"periscope/sonar"
	"periscope/sonar/chart"
)

func commandAt(seat int, body string, at time.Time) games.Command {
	return games.Command{Seat: seat, Body: json.RawMessage(body), Time: at}
}

// TestTeachingHintsMatchWhatTheEngineAccepts walks teaching matches through
// every state a seat meets (placing, courses, duties, systems, the enemy's
// turns, sonar questions, surfacing in both modes, the inspection) and
// checks that every seat has a hint at every moment, and that every order
// a hint suggests is one the engine accepts right then, from that seat.
func TestTeachingHintsMatchWhatTheEngineAccepts(t *testing.T) {
	common := []string{"captain place", "captain course", "captain surface", "captain sonar_answer", "captain torpedo",
		"first_mate charge", "engineer mark", "radio_operator "}
	configs := []struct {
		name string
		opts Options
		want []string // hints the walk must meet besides the common ones
	}{
		{"turn-based 4v4", Options{Rules: sonar.Options{Mode: sonar.TurnBased}, Crews: [2]int{4, 4}, Radio: RadioHeat, Teaching: true},
			[]string{"captain end_turn", "first_mate drone"}},
		{"real time 4v4", Options{Rules: sonar.Options{Map: "bravo"}, Crews: [2]int{4, 4}, Radio: RadioHeat, Teaching: true},
			[]string{"engineer secure", "first_mate secure", "radio_operator secure", "captain secure", "engineer inspect", "captain dive"}},
		{"real time 2v3", Options{Rules: sonar.Options{Map: "charlie"}, Crews: [2]int{2, 3}, Radio: RadioOff, Teaching: true},
			[]string{"engineer secure", "engineer inspect", "captain dive"}},
		{"real time 2v3, the sheet passed hand to hand", Options{Rules: sonar.Options{Map: "alpha", SurfaceOrder: sonar.SurfaceSheet}, Crews: [2]int{2, 3}, Radio: RadioOff, Teaching: true},
			[]string{"engineer secure", "first_mate secure", "captain secure", "radio_operator secure", "engineer inspect", "captain dive"}},
		{"turn-based echo 1v2", Options{Rules: sonar.Options{Map: "echo", Mode: sonar.TurnBased}, Crews: [2]int{1, 2}, Radio: RadioCells, Teaching: true},
			[]string{"captain archer", "captain end_turn"}},
	}
	// 600 steps take about a second for all five walks; fewer miss the
	// sonar question in the 2v3 walk, so -short runs them whole too.
	steps := 600
	for _, cfg := range configs {
		t.Run(cfg.name, func(t *testing.T) {
			seen := map[string]bool{}
			for seed := uint64(1); seed <= 2; seed++ {
				p := newPlayer(t, cfg.opts, seed)
				check := func() {
					for seat := range p.g.seats {
						v := p.g.view(seat)
						hs := p.g.hintsFor(v)
						if p.g.Outcome() != nil {
							if len(hs) != 0 {
								t.Fatalf("hints after the end: %v", hs)
							}
							continue
						}
						if len(hs) == 0 {
							t.Fatalf("seat %d (%v) has no hint; own %+v", seat, v.Roles, v.Own.Duties)
						}
						for _, h := range hs {
							seen[h.role.String()+" "+string(h.order)] = true
							if h.order == "" {
								continue
							}
							body := suggested(t, v, h)
							probe := &Game{opts: p.g.opts, match: p.g.match.Clone(), seats: p.g.seats, chart: p.g.chart}
							if _, err := probe.Apply(commandAt(seat, body, p.now)); err != nil {
								t.Fatalf("seat %d: the hint %q suggests %s, refused: %v", seat, h.text, body, err)
							}
						}
					}
				}
				check()
				for range steps {
					if p.g.Outcome() != nil {
						break
					}
					if !p.step() {
						t.Fatalf("stuck:\n%s", p.dump())
					}
					check()
				}
			}
			t.Logf("hints seen: %v", seen)
			for _, want := range append(common, cfg.want...) {
				if !seen[want] {
					t.Errorf("never hinted %q", want)
				}
			}
		})
	}
}

// suggested is a concrete order for a hint, as the seat's page would send it.
func suggested(t *testing.T, v View, h hint) string {
	t.Helper()
	own := v.Own
	cmd := map[string]any{"type": h.order, "role": h.role}
	first := func(name string, n int) {
		if n == 0 {
			t.Fatalf("the hint %q suggests %s with no %s", h.text, h.order, name)
		}
	}
	switch h.order {
	case sonar.TypePlace:
		for i := range v.Chart.Size * v.Chart.Size {
			c := chart.Cell{Col: i % v.Chart.Size, Row: i / v.Chart.Size}
			if !slices.Contains(v.Chart.Islands, c) {
				cmd["cell"] = c
				break
			}
		}
	case sonar.TypeCourse:
		legal := 0
		for _, o := range own.Courses {
			if o.Legal {
				cmd["dir"] = o.Dir
				legal++
			}
		}
		first("legal heading", legal)
	case sonar.TypeSilence:
		for _, o := range own.Silences {
			if o.Reason == "" {
				cmd["dir"], cmd["distance"] = o.Dir, o.Min
				break
			}
		}
	case sonar.TypeTorpedo:
		first("target", len(own.TorpedoTargets))
		cmd["cell"] = own.TorpedoTargets[0]
	case sonar.TypeMine:
		first("cell", len(own.MineCells))
		cmd["cell"] = own.MineCells[0]
	case sonar.TypeTrigger:
		first("mine", len(own.Triggers))
		cmd["cell"] = own.Triggers[0]
	case sonar.TypeArcher:
		first("Archer mine", len(own.ArcherTargets))
		cmd["cell"] = own.ArcherTargets[0]
	case sonar.TypeDrone:
		cmd["sector"] = 1
	case sonar.TypeSonarAnswer:
		first("answer", len(own.SonarAnswers))
		cmd["facts"] = own.SonarAnswers[0]
	case sonar.TypeCharge:
		for _, g := range own.Gauges {
			if g.Marks < g.Size {
				cmd["system"] = g.System
				break
			}
		}
	case sonar.TypeMark:
		for _, s := range own.Sheet {
			if s.Panel == *own.Duties.Panel && !s.Marked {
				cmd["panel"], cmd["symbol"] = s.Panel, s.Index
				break
			}
		}
	case sonar.TypeInspect:
		cmd["ok"] = true
	case sonar.TypeSecure:
		cmd["section"] = h.section
		cmd["trace"] = [][2]int{{40, 90}, {95, 40}}
	}
	b, err := json.Marshal(cmd)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
