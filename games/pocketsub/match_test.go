package pocketsub

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"periscope/games"
	"periscope/games/gamestest"
)

// player chooses a seat's next command.
type player func(g *Game, seat int) json.RawMessage

func botPlayer(g *Game, seat int) json.RawMessage {
	body, ok := g.BotCommand(seat)
	if !ok {
		panic(fmt.Sprintf("the bot of seat %d has nothing to do in %s", seat, g.phase))
	}
	return body
}

// randomPlayer picks uniformly among the seat's legal commands and Mines:
// a careless player who often sails into trouble.
func randomPlayer(rng *rand.Rand) player {
	return func(g *Game, seat int) json.RawMessage {
		v := g.view(seat)
		if len(v.Legal) > 0 {
			return v.Legal[rng.IntN(len(v.Legal))].Encode()
		}
		m := v.Moves[rng.IntN(len(v.Moves))]
		c := Command{Type: TypeMove, Sub: m.Sub, Path: m.Path, Tokens: m.Tokens}
		if len(m.Mines) > 0 {
			c.Mine = m.Mines[rng.IntN(len(m.Mines))]
		}
		return c.Encode()
	}
}

type played struct {
	game   *Game
	log    []games.Command
	events [][]games.Event
}

// play runs a match to its end (or limit commands) from the start command.
func play(o Options, seed uint64, players []player, limit int) (played, error) {
	o, err := o.withDefaults()
	if err != nil {
		return played{}, err
	}
	p := played{game: New(o, seed)}
	apply := func(cmd games.Command) error {
		evs, err := p.game.Apply(cmd)
		if err != nil {
			return fmt.Errorf("command %d (seat %d) %s refused: %w", len(p.log), cmd.Seat, cmd.Body, err)
		}
		p.log = append(p.log, cmd)
		p.events = append(p.events, evs)
		return nil
	}
	now := clock
	if err := apply(games.Command{Seat: games.System, Body: games.StartBody, Time: now}); err != nil {
		return p, err
	}
	for p.game.Outcome() == nil {
		if len(p.log) > limit {
			return p, fmt.Errorf("no result after %d commands", limit)
		}
		seat := p.game.turn
		now = now.Add(7 * time.Second)
		if err := apply(games.Command{Seat: seat, Body: players[seat](p.game, seat), Time: now}); err != nil {
			return p, err
		}
	}
	return p, nil
}

func bots(n int) []player {
	out := make([]player, n)
	for i := range out {
		out[i] = botPlayer
	}
	return out
}

var optionSets = []Options{
	{Players: 2}, {Players: 3}, {Players: 4},
	{Players: 2, Setup: SetupStandard}, {Players: 3, Setup: SetupStandard, Captain: true},
	{Players: 4, Setup: SetupStandard, Captain: true, FirstPlayer: FirstRandom},
	{Players: 2, Captain: true, RunningDeep: RunDeepAdjacent},
	{Players: 3, MineSupply: MinesUnlimited},
}

// The same options, seed and command log rebuild the same match: every
// command is accepted again with the same events, the bot chooses the same
// commands again, and state and views end up identical.
func TestReplay(t *testing.T) {
	for i, o := range optionSets {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i), 9))
			players := bots(MaxPlayers)
			players[1] = randomPlayer(rng)
			p, err := play(o, 42, players, 2000)
			if err != nil {
				t.Fatal(err)
			}
			// Seat 1 plays at random; the bots of the others must choose
			// their commands again.
			gamestest.Replay(t, New(p.game.opts, 42), &gamestest.Match{Game: p.game, Log: p.log, Events: p.events},
				func(cmd games.Command) bool { return cmd.Seat != 1 && cmd.Seat >= 0 })
		})
	}
}

// The room rebuilds a match from what it stores: the options as the lobby
// sent them (only what differs from the defaults), the seed and the log,
// through the catalogue entry. The rebuilt match has the same views.
func TestDefinitionRebuildsTheMatch(t *testing.T) {
	for _, stored := range []string{`{"players":3,"setup":"standard","captain":true}`, `{"players":4}`, ``} {
		o, err := ParseOptions(json.RawMessage(stored))
		if err != nil {
			t.Fatal(err)
		}
		p, err := play(o, 99, bots(MaxPlayers), 2000)
		if err != nil {
			t.Fatal(err)
		}
		g, err := Definition.New(json.RawMessage(stored), 99)
		if err != nil {
			t.Fatal(err)
		}
		for _, cmd := range p.log {
			if _, err := g.Apply(cmd); err != nil {
				t.Fatalf("%s: %s refused on rebuild: %v", stored, cmd.Body, err)
			}
		}
		for s := -1; s < o.Players; s++ {
			a, _ := json.Marshal(g.View(s))
			b, _ := json.Marshal(p.game.View(s))
			if !bytes.Equal(a, b) {
				t.Fatalf("%s: seat %d's view differs after the rebuild", stored, s)
			}
		}
		if !reflect.DeepEqual(g.Outcome(), p.game.Outcome()) {
			t.Fatalf("%s: outcome %+v, was %+v", stored, g.Outcome(), p.game.Outcome())
		}
	}
}

// Matches between bots and careless players always end, whatever the
// options; after every command the invariants hold, and every refused
// command (a random one, most of the time) changes nothing.
func TestRandomMatchesEnd(t *testing.T) {
	seeds := uint64(40)
	if testing.Short() {
		seeds = 8
	}
	for i, o := range optionSets {
		for seed := range seeds {
			rng := rand.New(rand.NewPCG(seed, uint64(i)))
			players := make([]player, MaxPlayers)
			for s := range players {
				if rng.IntN(2) == 0 {
					players[s] = botPlayer
				} else {
					players[s] = randomPlayer(rng)
				}
			}
			p, err := play(o, seed, players, 1000)
			if err != nil {
				t.Fatalf("options %d seed %d: %v", i, seed, err)
			}
			invariants(t, p.game)
		}
	}
}

// Refused commands change nothing, at every step of a whole match: before
// each real command, a few wrong ones are tried.
func TestRefusalsChangeNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	wrong := []string{
		`{"type":"move","sub":"red1","path":["A1","A2","A3"],"mine":"A1"}`,
		`{"type":"move","sub":"blue2","path":["E4"]}`,
		`{"type":"place_cc","at":"C0"}`,
		`{"type":"place_sub","at":"C3"}`,
		`{"type":"place_whirlpool","at":"C0","spin":"cw"}`,
		`{"type":"move","sub":"white1","path":["B0","B1"],"tokens":["map","intel"]}`,
		`{"type":"move"}`, `{}`, `null`, `[]`, `{"type":"start"}`,
	}
	for _, o := range optionSets {
		g := started(t, o, 11)
		for steps := 0; g.Outcome() == nil; steps++ {
			if steps > 500 {
				t.Fatal("no result after 500 commands")
			}
			for range 4 {
				seat := rng.IntN(g.opts.Players+2) - 2
				body := wrong[rng.IntN(len(wrong))]
				before := snapshot(g)
				if _, err := g.Apply(games.Command{Seat: seat, Body: json.RawMessage(body)}); err != nil {
					if games.RuleOf(err) == "" {
						t.Fatalf("%s refused without a rule code: %v", body, err)
					}
					if snapshot(g) != before {
						t.Fatalf("refused %s changed the match", body)
					}
				} else {
					// Rarely, a wrong guess is a legal move: fine.
					invariants(t, g)
				}
			}
			if g.Outcome() != nil {
				break
			}
			mustApply(t, g, g.turn, string(botPlayer(g, g.turn)))
			invariants(t, g)
		}
	}
}

// The views of a fresh match, as golden files: what the pages read.
func TestGoldenViews(t *testing.T) {
	for _, c := range []struct {
		file string
		o    Options
		seat int
	}{
		{"view-2p-red.json", Options{Players: 2}, 0},
		{"view-2p-spectator.json", Options{Players: 2}, games.Spectator},
		{"view-4p-standard-setup.json", Options{Players: 4, Setup: SetupStandard, Captain: true}, 0},
	} {
		gamestest.Golden(t, c.file, started(t, c.o, 5).View(c.seat))
	}
}
