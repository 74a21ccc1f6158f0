package gridtactics

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"periscope/games"
)

// optionsFor varies the options over seeds so every variant gets played.
func optionsFor(seed uint64) Options {
	return Options{SmallBoard: seed%3 == 1, HiddenSetup: seed%2 == 1}
}

// Whole bot matches (that they end, that no bot puts a unit in reach for
// nothing, the strengths and fairness) are in table_test.go.

func TestBotBeatsRandom(t *testing.T) {
	const games = 200
	wins := 0
	for seed := range uint64(games) {
		botSeat := int(seed % 2)
		var players [2]player
		players[botSeat] = botPlayer
		players[1-botSeat] = randomPlayer(rand.New(rand.NewPCG(seed, 7)))
		p, err := play(optionsFor(seed), seed, players, 20000)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if o := p.game.Outcome(); o != nil && len(o.Winners) == 1 && o.Winners[0] == botSeat {
			wins++
		}
	}
	t.Logf("bot won %d of %d", wins, games)
	if wins < games*80/100 {
		t.Errorf("bot won %d of %d games against a random player; want at least 80%%", wins, games)
	}
}

func TestBotChoices(t *testing.T) {
	cases := []struct {
		name   string
		layout []string
		setup  []string // commands by Red before asking the bot
		want   Command
		level  string // the room's bot_level; "" is crew
	}{
		{"better odds first: an open tank, not a shielded soldier",
			[]string{"rS C3", "bS D4", "bS E4", "bT B4"}, nil,
			Command{Type: TypeAttack, Unit: "C3", Target: "B4"}, ""},
		{"strikes the soldier threatening its artillery before a tank",
			[]string{"rA A1", "rS C3", "bS B2", "bT D4", "bS H8"}, nil,
			Command{Type: TypeAttack, Unit: "C3", Target: "B2"}, ""},
		{"strikes the tank when the artillery is safe",
			[]string{"rA A1", "rS C3", "bS B3", "bT D4", "bS H8"}, nil,
			Command{Type: TypeAttack, Unit: "C3", Target: "D4"}, ""},
		{"veteran artillery steps out of reach and fires",
			[]string{"rA D4", "bS D5", "bT H8"}, nil,
			Command{Type: TypeArtillery, Unit: "D4", To: "D3", Target: "D5"}, games.BotVeteran},
		{"crew artillery steps out of reach first",
			[]string{"rA D4", "bS D5", "bT H8"}, nil,
			Command{Type: TypeMove, Unit: "D4", To: "D3"}, ""},
		// Behind on units a veteran loses on the turn limit by waiting, so
		// it steps beside the enemy soldier to trade; level, it stops
		// just out of its reach.
		{"veteran behind on units steps in to trade",
			[]string{"rS D2", "bS D6", "bT H8"}, nil,
			Command{Type: TypeMove, Unit: "D2", To: "E5"}, games.BotVeteran},
		{"veteran level on units stays out of reach",
			[]string{"rS D2", "bS D6"}, nil,
			Command{Type: TypeMove, Unit: "D2", To: "D4"}, games.BotVeteran},
		{"ends the turn when every unit has acted",
			[]string{"rS A1", "bS H8"}, []string{`{"type":"move","unit":"A1","to":"B2"}`},
			Command{Type: TypeEndTurn}, ""},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := layout(t, Options{BotLevel: tc.level}, 1, Red, tc.layout...)
			for _, body := range tc.setup {
				mustApply(t, g, Red, body)
			}
			got, ok := botPlayer(g, Red)
			if !ok || !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("bot plays %+v; want %+v", got, tc.want)
			}
			if _, ok := g.BotCommand(Blue); ok {
				t.Fatal("the bot plays out of turn")
			}
		})
	}
	t.Run("always fires the second shot", func(t *testing.T) {
		build := func(seed uint64) *Game { return layout(t, Options{}, seed, Red, "rA C3", "bT E3", "bS H8") }
		fire := `{"type":"attack","unit":"C3","target":"E3"}`
		g := build(seedWhere(t, build, Red, fire, missed))
		mustApply(t, g, Red, fire)
		if got, _ := botPlayer(g, Red); got.Type != TypeSecondAttack {
			t.Fatalf("bot plays %+v after a miss; want the second attack", got)
		}
	})
	t.Run("sets up legally on both boards", func(t *testing.T) {
		for _, o := range []Options{{}, {SmallBoard: true}} {
			for seed := range uint64(20) {
				g := started(t, o, seed)
				for seat := range 2 {
					body, ok := g.BotCommand(seat)
					if !ok {
						t.Fatalf("no setup for seat %d", seat)
					}
					mustApply(t, g, seat, string(body))
				}
			}
		}
	})
}
