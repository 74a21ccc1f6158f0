package battles

import (
	"encoding/json"
	"strings"
	"testing"

	"periscope/games"
)

var (
	_ games.Game          = (*Game)(nil)
	_ games.Botter        = (*Game)(nil)
	_ games.LeveledBotter = (*Game)(nil)
	_ games.Starter       = (*Game)(nil)
)

// The catalogue entry: the lobby's options with their defaults, a match
// from options JSON, options refused with a reason.
func TestDefinition(t *testing.T) {
	d := Definition
	if d.Name != "battles" || d.Page != "/battles.html" || !d.Bots || d.MinPlayers != 1 || d.MaxPlayers != 2 || len(d.House) == 0 {
		t.Fatalf("definition %+v", d)
	}
	defaults := map[string]any{}
	for _, o := range d.Options {
		defaults[o.Key] = o.Default
	}
	b, _ := json.Marshal(defaults)
	o, err := ParseOptions(b)
	if err != nil || o != (Options{Size: 50, ArmyA: "confederacy", ArmyB: "union", RoundLimit: DefaultRoundLimit, Stacks: StacksTop, PassToken: PassSpent, BotLevel: games.BotCrew}) {
		t.Fatalf("the lobby's defaults %s give %+v, %v", b, o, err)
	}
	g, err := d.New(json.RawMessage(`{"size":70,"army_a":"union"}`), 3)
	if err != nil {
		t.Fatal(err)
	}
	seats := g.Seats()
	if len(seats) != 2 || seats[0].Team != 0 || seats[1].Team != 1 || seats[0].Label != "Union A" {
		t.Fatalf("seats %+v", seats)
	}
	if g.(*Game).sides[0].tokens != 7 {
		t.Fatal("a 70-point battle gives 7 tokens")
	}
	for _, c := range []struct{ opts, want string }{
		{`{"size":55}`, "multiple of 10"},
		{`{"size":120}`, "multiple of 10"},
		{`{"army_b":"elves"}`, "no army"},
		{`{"round_limit":99}`, "round_limit"},
		{`{"hidden_stacks":"all"}`, "hidden_stacks"},
		{`{"pass_token":"lost"}`, "pass_token"},
		{`{"bot_level":"admiral"}`, "bot_level"},
		{`{"colour":"red"}`, "unknown field"},
		{`[1]`, "options"},
	} {
		if _, err := d.New(json.RawMessage(c.opts), 1); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("options %s: %v; want an error about %q", c.opts, err, c.want)
		}
	}
	if _, err := d.New(nil, 1); err != nil {
		t.Fatal(err)
	}
}

// Malformed and hostile commands are refused with "malformed", never a
// panic; a refusal leaves the battle as it was.
func TestMalformed(t *testing.T) {
	g := s1(t)
	for _, body := range []string{
		`{}`, `[]`, `null`, `"pass"`, `{"type":"fly"}`, `{"type":"pass","unit":"a1"}`, `{"type":"move","unit":"a1"}`,
		`{"type":"move","unit":"a1","to":"left_front","extra":1}`, `{"type":"charge","unit":7}`, `{"type":"pass"} {"type":"pass"}`,
		`{"type":"add_unit","tiles":["a","b","c","d","e","f","g","h","i","j","k","l","m","n","o","p","q","r","s","t","u","v","w","x","y","z","1","2","3","4","5"]}`,
		strings.Repeat(" ", 5000) + `{"type":"pass"}`,
	} {
		refused(t, g, SeatA, body, "malformed")
	}
}
