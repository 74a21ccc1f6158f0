package saga

import (
	"strings"
	"testing"
)

// The house factions follow the rulebook's model and the design notes:
// 100 points, combat abilities 0-3, 11 units in a 3/2/2/2/1/1 mix; the bag
// holds 20 tiles.
func TestHouseContent(t *testing.T) {
	s := HouseSet()
	if len(s.Factions) < 2 {
		t.Fatal("fewer than two factions")
	}
	for _, f := range s.Factions {
		if !f.House {
			t.Errorf("%s is not labelled as house content", f.ID)
		}
		if f.Points() != FactionPoints {
			t.Errorf("%s: %d points", f.ID, f.Points())
		}
		var mix []int
		n := 0
		for _, c := range f.Units {
			mix = append(mix, c.Count)
			n += c.Count
		}
		if n != 11 || mix[0] != 3 {
			t.Errorf("%s: %d units %v; want 11 in a 3/2/2/2/1/1 mix", f.ID, n, mix)
		}
	}
	if got := len(s.tiles()); got != 20 {
		t.Fatalf("the bag holds %d tiles; want 20", got)
	}
	if !s.BagHouse {
		t.Fatal("the bag is not labelled as house content")
	}
	// Every hook the engine knows is used by some house card, so each has
	// its test against real data.
	used := map[string]bool{}
	for _, f := range s.Factions {
		for _, c := range f.Units {
			for _, a := range c.Abilities {
				used[a.Hook] = true
			}
		}
	}
	for h := range hooks {
		if !used[h] {
			t.Errorf("hook %s is used by no house card", h)
		}
	}
}

// LoadSet refuses content outside the rulebook's model.
func TestLoadSetRefuses(t *testing.T) {
	card := func(extra string) string {
		return `{"factions":[{"id":"f","name":"F","house":true,"base":"B","units":[{"id":"u","name":"U","type":"t","count":1,"cost":100,` +
			`"melee":[1,1],"ballistics":[0,0],"arcane":[0,0],"terrain":["forest"],"abilities":[]` + extra + `}]}]}`
	}
	good := card("")
	if _, err := LoadSet([]byte(good), terrainJSON); err != nil {
		t.Fatalf("a valid set is refused: %v", err)
	}
	cases := []struct{ name, factions, want string }{
		{"99 points", strings.Replace(good, `"cost":100`, `"cost":99`, 1), "points"},
		{"4 dice", strings.Replace(good, `"melee":[1,1]`, `"melee":[4,1]`, 1), "outside 0-3"},
		{"unknown terrain", strings.Replace(good, `"forest"`, `"lava"`, 1), "unknown terrain"},
		{"unknown hook", strings.Replace(good, `"abilities":[]`, `"abilities":[{"id":"x","name":"X","text":"","hook":"fly"}]`, 1), "unknown hook"},
		{"range of 1", strings.Replace(good, `"abilities":[]`, `"abilities":[{"id":"x","name":"X","text":"","hook":"extended_range","value":1,"combat":["arcane"]}]`, 1), "reach"},
		{"melee at range", strings.Replace(good, `"abilities":[]`, `"abilities":[{"id":"x","name":"X","text":"","hook":"extended_range","value":2,"combat":["melee"]}]`, 1), "ranged"},
		{"re-roll when", strings.Replace(good, `"abilities":[]`, `"abilities":[{"id":"x","name":"X","text":"","hook":"ability_reroll","value":1,"when":"never"}]`, 1), "when"},
		{"return on 7", strings.Replace(good, `"abilities":[]`, `"abilities":[{"id":"x","name":"X","text":"","hook":"return_on_capture","value":7}]`, 1), "die result"},
		{"unknown field", strings.Replace(good, `"count":1`, `"count":1,"speed":3`, 1), "unknown field"},
		{"no factions", `{"factions":[]}`, "no factions"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := LoadSet([]byte(tc.factions), terrainJSON)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("error %v; want one about %q", err, tc.want)
			}
		})
	}
}

func TestOptions(t *testing.T) {
	cases := []struct {
		in   string
		want Options
		err  bool
	}{
		{``, Options{RavenFaction: "aesir_host", WolfFaction: "jotnar_horde", Rerolls: RerollChoose, BotLevel: "crew"}, false},
		{`null`, Options{RavenFaction: "aesir_host", WolfFaction: "jotnar_horde", Rerolls: RerollChoose, BotLevel: "crew"}, false},
		{`{"raven_faction":"jotnar_horde","rerolls":"auto"}`, Options{RavenFaction: "jotnar_horde", WolfFaction: "jotnar_horde", Rerolls: RerollAuto, BotLevel: "crew"}, false},
		{`{"reroll_seconds":30}`, Options{RavenFaction: "aesir_host", WolfFaction: "jotnar_horde", Rerolls: RerollChoose, RerollSeconds: 30, BotLevel: "crew"}, false},
		{`{"bot_level":"veteran"}`, Options{RavenFaction: "aesir_host", WolfFaction: "jotnar_horde", Rerolls: RerollChoose, BotLevel: "veteran"}, false},
		{`{"bot_level":"admiral"}`, Options{}, true},
		{`{"reroll_seconds":3}`, Options{}, true},
		{`{"raven_faction":"vanir"}`, Options{}, true},
		{`{"rerolls":"sometimes"}`, Options{}, true},
		{`{"ravenFaction":"aesir_host"}`, Options{}, true},
		{`[1]`, Options{}, true},
	}
	for _, tc := range cases {
		o, err := ParseOptions([]byte(tc.in))
		if (err != nil) != tc.err || (!tc.err && o != tc.want) {
			t.Errorf("%s: %+v, %v", tc.in, o, err)
		}
	}
	for _, opt := range Definition.Options {
		if opt.Default == nil {
			t.Errorf("option %s has no default", opt.Key)
		}
	}
	g, err := Definition.New(nil, 1)
	if err != nil || len(g.Seats()) != 2 || g.Seats()[1].Team != Wolf {
		t.Fatalf("Definition.New: %v", err)
	}
	if _, err := Definition.New([]byte(`{"wolf_faction":"x"}`), 1); err == nil {
		t.Fatal("Definition.New accepts an unknown faction")
	}
}
