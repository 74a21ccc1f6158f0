package sonar

import (
	"encoding/json"
	"errors"
	"fmt"
	"testing"
)

// Every drill loads, plays as a room's option, and means what it says:
// each answer is accepted and costs the crew nothing once its First Mate
// and Engineer have done their step; each wrong order is refused or costs
// a damage.
func TestDrills(t *testing.T) {
	names := Drills()
	if len(names) < 2 {
		t.Fatalf("drills %v", names)
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			d, err := LoadDrill(name)
			if err != nil {
				t.Fatal(err)
			}
			if d.Title == "" || d.Question == "" || d.Answer == "" || len(d.Orders) == 0 {
				t.Fatalf("drill %+v lacks a title, question, answer or order", d)
			}
			raw := fmt.Sprintf(`{"map":%q,"mode":%q,"drill":%q}`, d.Position.Options.Map, d.Position.Options.Mode, name)
			o, err := ParseOptions([]byte(raw))
			if err != nil {
				t.Fatalf("%s: %v", raw, err)
			}
			stored, _ := json.Marshal(o)
			if o2, err := ParseOptions(stored); err != nil || o2.Drill != name {
				t.Fatalf("stored options %s: %v", stored, err)
			}
			m, err := New(o, 3)
			if err != nil {
				t.Fatal(err)
			}
			do(t, m, `{"type":"start"}`)
			try := func(cmd Command) (int, error) {
				c := m.Clone()
				before := c.crews[cmd.Crew].damage
				if _, err := c.Apply(cmd); err != nil {
					return 0, err
				}
				chores(t, c, cmd.Crew)
				return c.crews[cmd.Crew].damage - before, nil
			}
			for _, cmd := range d.Orders {
				if cost, err := try(cmd); err != nil || cost != 0 {
					t.Errorf("answer %+v: refused %v or cost %d damage", cmd, err, cost)
				}
			}
			for _, cmd := range d.Wrong {
				if cost, err := try(cmd); err == nil && cost == 0 {
					t.Errorf("wrong order %+v costs nothing", cmd)
				}
			}
		})
	}
	var pe *PositionError
	if _, err := ParseOptions([]byte(`{"drill":"nap"}`)); !errors.As(err, &pe) || pe.Code != "no_such_drill" {
		t.Errorf("unknown drill: %v", err)
	}
	if _, err := ParseOptions([]byte(`{"map":"bravo","mode":"turnbased","drill":"breakdown"}`)); !errors.As(err, &pe) || pe.Code != "drill_options" {
		t.Errorf("drill on another map: %v", err)
	}
}
