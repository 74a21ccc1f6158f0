package saga

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"periscope/games"
)

// Bot-vs-bot matches always end, whatever the seed and factions.
func TestBotMatchesEnd(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 15
	}
	wins := [3]int{}
	turns := 0
	for seed := range uint64(n) {
		o := Options{}
		if seed%3 == 1 {
			o = Options{RavenFaction: "jotnar_horde", WolfFaction: "aesir_host"}
		}
		if seed%3 == 2 {
			o.Rerolls = RerollAuto
		}
		p, err := play(o, seed, [2]player{botPlayer, botPlayer}, 5000)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		out := p.game.Outcome()
		if len(out.Winners) == 1 {
			wins[out.Winners[0]]++
		} else {
			wins[2]++
		}
		turns += p.game.turns
	}
	t.Logf("Raven %d, Wolf %d, draws %d; %.1f turns a match", wins[0], wins[1], wins[2], float64(turns)/float64(n))
}

// The bot beats a player that picks uniformly among legal commands.
func TestBotBeatsRandom(t *testing.T) {
	won, n := botWins(t, randomPlayer)
	if won*10 < n*8 {
		t.Fatalf("the bot won %d of %d matches against random play; want at least 80%%", won, n)
	}
	t.Logf("the bot won %d of %d", won, n)
}

// The bot protects its base: a player who marches on it and assaults it
// at every chance rarely gets through.
func TestBotHoldsOffARush(t *testing.T) {
	won, n := botWins(t, rushPlayer)
	if won*4 < n*3 {
		t.Fatalf("the bot held off %d of %d rushes on its base; want at least 75%%", won, n)
	}
	t.Logf("the bot held off %d of %d rushes", won, n)
}

// botWins plays the bot against opponent over n seeds (40, or 12 with
// -short), the bot's seat alternating, and counts the bot's wins.
func botWins(t *testing.T, opponent func(*rand.Rand) player) (won, n int) {
	t.Helper()
	n = 40
	if testing.Short() {
		n = 12
	}
	for seed := range uint64(n) {
		botSeat := int(seed % 2)
		var players [2]player
		players[botSeat] = botPlayer
		players[1-botSeat] = opponent(rand.New(rand.NewPCG(seed, 7)))
		p, err := play(Options{}, seed, players, 20000)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if w := p.game.Outcome().Winners; len(w) == 1 && w[0] == botSeat {
			won++
		}
	}
	return won, n
}

// botSays is the command the bot sends for seat.
func botSays(t *testing.T, g *Game, seat int) Command {
	t.Helper()
	body, ok := g.BotCommand(seat)
	if !ok {
		t.Fatalf("the bot of seat %d has nothing to send", seat)
	}
	return mustDecode(t, string(body))
}

// The bot plays a sensible game: it takes the assault it is likely to win,
// declines one it is likely to lose, and answers a threat to its base.
func TestBotJudgement(t *testing.T) {
	cases := []struct {
		name  string
		units []string
		ok    func(c Command) bool
		want  string
	}{
		{"a likely win over a long shot",
			// Shieldmaiden (Melee 3/3) between an Ice Slinger (Melee 1/1)
			// and a Frost Giant (Melee 3/3).
			[]string{"shieldmaiden_1 0,-2", "ice_slinger_1 0,-3", "frost_giant_1 1,-3"},
			func(c Command) bool { return c.Type == TypeCloseAssault && c.Target == "0,-3" && c.Combat == Melee },
			"a Melee close assault on the Ice Slinger"},
		{"no hopeless assault",
			// Einherjar (Melee 2/2) next to a Frost Giant (Melee 3/3).
			[]string{"einherjar_1 0,-2", "frost_giant_1 0,-3"},
			func(c Command) bool { return c.Type != TypeCloseAssault && c.Type != TypeRangedAssault },
			"anything but an assault on the Frost Giant"},
		{"a Troll at the gate",
			// The Einherjar is far away; the Troll stands next to Raven's base.
			[]string{"einherjar_1 2,-3", "troll_1 0,-1"},
			func(c Command) bool {
				return c.Type == TypeSummon || (c.Type == TypeCloseAssault || c.Type == TypeRangedAssault) && c.Target == "0,-1"
			},
			"a summon next to the base or an assault on the Troll"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			for _, level := range games.BotLevels {
				for seed := range uint64(5) {
					g := arrangeSeed(t, Options{BotLevel: level}, seed, field, tc.units)
					g.turns = 4
					if c := botSays(t, g, Raven); !tc.ok(c) {
						t.Errorf("%s, seed %d: the bot sends %s; want %s", level, seed, c.Encode(), tc.want)
					}
				}
			}
		})
	}
}

// The bot uses its re-rolls where they help: on a failing strike it
// re-rolls an OFF die; with the strike already through it re-rolls a die
// that cannot hurt while the defender may still re-roll (a pass would be
// final and leave the defender the last word), and keeps its dice once the
// defender has nothing left; the defender facing a strike that succeeds
// re-rolls a DEF die. Every strength plays these the same.
func TestBotRerolls(t *testing.T) {
	units := []string{"berserker_1 0,-1", "spear_thegn_1 1,-2", "troll_1 0,-2", "draugr_1 -1,-2"}
	cases := []struct {
		name string
		seat int
		d    [2]dice
		want string
		// defenderDone: the defender has passed its last round.
		defenderDone bool
	}{
		{"attacker, failing strike", Raven, [2]dice{{Off: []int{2, 1, 3}, Def: []int{6}}, {Off: []int{1, 1, 1}, Def: []int{5, 4}}},
			`{"type":"reroll","dice":"off"}`, false},
		{"attacker, strike through, defender to re-roll", Raven, [2]dice{{Off: []int{6, 1, 1}, Def: []int{6}}, {Off: []int{1, 1, 1}, Def: []int{4, 2}}},
			`{"type":"reroll","dice":"off"}`, false},
		{"attacker, strike through, defender done", Raven, [2]dice{{Off: []int{6, 1, 1}, Def: []int{6}}, {Off: []int{1, 1, 1}, Def: []int{4, 2}}},
			`{"type":"pass"}`, true},
		{"defender, strike through", Wolf, [2]dice{{Off: []int{6, 1, 1}, Def: []int{6}}, {Off: []int{1, 1, 1}, Def: []int{4, 2}}},
			`{"type":"reroll","dice":"def"}`, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			g := arrange(t, Options{}, field, units)
			mustApply(t, g, Raven, `{"type":"close_assault","unit":"berserker_1","target":"0,-2","combat":"melee"}`)
			g.fight.dice = tc.d
			g.fight.actor = attackerSide
			if tc.seat == Wolf {
				g.fight.actor = defenderSide
			}
			if tc.defenderDone {
				g.fight.stage = stageSituational
				g.fight.passed[defenderSide] = true
			}
			// Any die of the wanted kind will do: several may help as much.
			var want Command
			json.Unmarshal([]byte(tc.want), &want)
			for _, level := range games.BotLevels {
				body, _ := g.BotCommandAt(tc.seat, level)
				if c := mustDecode(t, string(body)); c.Type != want.Type || c.Dice != want.Dice {
					t.Fatalf("the %s bot sends %s; want %s", level, c.Encode(), tc.want)
				}
				if want.Type == TypeReroll && want.Dice == "off" && tc.d[0].Off[*mustDecode(t, string(body)).Index] == 6 && !strings.Contains(tc.name, "failing") {
					t.Fatalf("the %s bot re-rolls the 6 that wins the strike", level)
				}
			}
		})
	}
}
