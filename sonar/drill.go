package sonar

import (
	"embed"
	"encoding/json"
	"fmt"
	"path"
	"slices"
	"strings"
)

// Drill is a short teaching situation a crew replays until it gets it
// right: a position, the question the table is asked, and the orders that
// answer it. A room plays one through the "drill" option (docs/positions.md;
// the list is in docs/rules-decisions.md).
type Drill struct {
	Name     string    `json:"-"` // the file's name: the option's value
	Title    string    `json:"title"`
	Question string    `json:"question"`
	Answer   string    `json:"answer"`          // why, in words, for after the try
	Orders   []Command `json:"orders"`          // each one answers the question
	Wrong    []Command `json:"wrong,omitempty"` // tempting orders that cost the crew
	Position Position  `json:"position"`        // with its options (map and mode)
}

//go:embed drills/*.json
var drillFiles embed.FS

// Drills lists the drills by name.
func Drills() []string {
	entries, _ := drillFiles.ReadDir("drills")
	var out []string
	for _, e := range entries {
		out = append(out, strings.TrimSuffix(e.Name(), ".json"))
	}
	slices.Sort(out)
	return out
}

// LoadDrill reads a drill by name and checks its position.
func LoadDrill(name string) (*Drill, error) {
	if !slices.Contains(Drills(), name) {
		return nil, impossible("no_such_drill", "there is no drill %q (drills: %s)", name, strings.Join(Drills(), ", "))
	}
	b, err := drillFiles.ReadFile(path.Join("drills", name+".json"))
	if err != nil {
		return nil, err
	}
	var d Drill
	if err := json.Unmarshal(b, &d); err != nil {
		return nil, fmt.Errorf("drill %s: %w", name, err)
	}
	d.Name = name
	if d.Position.Options == nil {
		return nil, fmt.Errorf("drill %s: its position gives no options", name)
	}
	o := d.Position.Options.Defaults()
	d.Position.Options = &o
	if err := d.Position.Validate(o); err != nil {
		return nil, fmt.Errorf("drill %s: %w", name, err)
	}
	return &d, nil
}

// drillPosition is the position a room's drill option starts from; the
// room's map and mode must be the drill's.
func (o Options) drillPosition() (*Position, error) {
	d, err := LoadDrill(o.Drill)
	if err != nil {
		return nil, err
	}
	if o.Position != nil {
		return nil, impossible("position_nested", "a room plays a drill or a position, not both")
	}
	if want := d.Position.Options; want.Map != o.Map || want.Mode != o.Mode {
		return nil, impossible("drill_options", "the drill %s plays on %s, %s", d.Name, want.Map, want.Mode)
	}
	p := d.Position
	p.Options = nil
	return &p, nil
}
