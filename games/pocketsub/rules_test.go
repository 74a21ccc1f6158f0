package pocketsub

import (
	"strings"
	"testing"

	"periscope/games"
)

// The board of most rule tests: three tiles in a row down to the right.
// A (deep centre, A2 rocky) touches B through A3-B6; B (shallow centre, B5
// rocky) touches C through B3-C6; C has a deep centre and no rocky edge.
var row = []string{"0,0 D srssss", "1,0 S sssrss", "2,0 D ssssss"}

type ruleCase struct {
	name    string
	scen    scen
	seat    int
	body    string
	refusal string            // the rule code, or "" when accepted
	say     string            // in the refusal, or in the events
	after   map[string]string // region -> what stands there (see at)
	winner  *int              // the winning team when the move ends the match
}

func team(n int) *int { return &n }

func runRuleCases(t *testing.T, cases []ruleCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if c.scen.tiles == nil {
				c.scen.tiles = row
			}
			g := build(t, c.scen)
			if c.refusal != "" {
				msg := refused(t, g, c.seat, c.body, c.refusal)
				if !strings.Contains(msg, c.say) {
					t.Fatalf("refusal %q does not say %q", msg, c.say)
				}
				return
			}
			evs := mustApply(t, g, c.seat, c.body)
			if text := strings.Join(texts(evs), " "); !strings.Contains(text, c.say) {
				t.Fatalf("events %q do not say %q", text, c.say)
			}
			for r, want := range c.after {
				if got := at(g, r); got != want {
					t.Errorf("%s holds %q; want %q", r, got, want)
				}
			}
			switch o := g.Outcome(); {
			case c.winner == nil && o != nil:
				t.Fatalf("the match ended: %+v", o)
			case c.winner != nil && (o == nil || len(o.Winners) != 1 || o.Winners[0] != *c.winner):
				t.Fatalf("outcome %+v; want team %d to win", o, *c.winner)
			}
			invariants(t, g)
		})
	}
}

func TestMovement(t *testing.T) {
	two := []string{"red2 C5", "blue1 C3", "blue2 C4"}
	p := func(extra ...string) []string { return append(extra, two...) }
	runRuleCases(t, []ruleCase{
		{name: "shallow costs 1", scen: scen{pieces: p("red1 A4")},
			body: `{"type":"move","sub":"red1","path":["A5","A6","A1"],"mine":"A4"}`, say: "Red 1 moves A4 → A5 → A6 → A1 and lays a Mine on A4",
			after: map[string]string{"A1": "red1", "A4": "mine:R", "A5": "", "A6": ""}},
		{name: "deep costs 1", scen: scen{pieces: p("red1 A4")},
			body: `{"type":"move","sub":"red1","path":["A0","A6","A5"],"mine":"A6"}`, after: map[string]string{"A5": "red1", "A6": "mine:R"}},
		{name: "rocky costs 2", scen: scen{pieces: p("red1 A1")},
			body: `{"type":"move","sub":"red1","path":["A2","A3"],"mine":"A2"}`, after: map[string]string{"A3": "red1", "A2": "mine:R"}},
		{name: "rocky with 1 point left", scen: scen{pieces: p("red1 A4")},
			body: `{"type":"move","sub":"red1","path":["A5","A0","A2"],"mine":"A5"}`, refusal: "not_enough_points", say: "A2 is rocky: 2 points, you have 1 left"},
		{name: "run deep costs 2", scen: scen{pieces: p("red1 A4")},
			body: `{"type":"move","sub":"red1","path":["A0","C0"],"mine":"A4"}`, after: map[string]string{"C0": "red1", "A4": "mine:R"}},
		{name: "run deep to any tile", scen: scen{pieces: p("red1 A0", "mine:R A6")},
			body: `{"type":"move","sub":"red1","path":["C0","C1"]}`, say: "nowhere to lay its Mine", after: map[string]string{"C0": "", "C1": ""}},
		{name: "run deep with 1 point left", scen: scen{pieces: p("red1 A4")},
			body: `{"type":"move","sub":"red1","path":["A5","A0","C0"],"mine":"A4"}`, refusal: "not_enough_points", say: "C0 is a run deep: 2 points, you have 1 left"},
		{name: "run deep only to a neighbouring tile", scen: scen{deep: RunDeepAdjacent, pieces: p("red1 A4")},
			body: `{"type":"move","sub":"red1","path":["A0","C0"],"mine":"A4"}`, refusal: "run_deep_too_far", say: "running deep reaches only a neighbouring tile"},
		{name: "run deep from a shallow region", scen: scen{pieces: p("red1 A4")},
			body: `{"type":"move","sub":"red1","path":["C0"]}`, refusal: "run_deep_from_shallow", say: "A4 is shallow: running deep to C0 starts from a deep region"},
		{name: "not next to it", scen: scen{pieces: p("red1 A4")},
			body: `{"type":"move","sub":"red1","path":["A6"]}`, refusal: "not_adjacent", say: "A6 is not next to A4"},
		{name: "no region twice", scen: scen{pieces: p("red1 A4")},
			body: `{"type":"move","sub":"red1","path":["A5","A0","A5"]}`, refusal: "region_twice", say: "already entered A5"},
		{name: "never back to the start", scen: scen{pieces: p("red1 A4")},
			body: `{"type":"move","sub":"red1","path":["A5","A4"]}`, refusal: "back_to_start", say: "started this turn on A4"},
		{name: "every point is used", scen: scen{pieces: p("red1 A4")},
			body: `{"type":"move","sub":"red1","path":["A5","A6"],"mine":"A4"}`, refusal: "path_short", say: "1 movement point left on A6"},
		{name: "no path at all", scen: scen{pieces: p("red1 A4")},
			body: `{"type":"move","sub":"red1"}`, refusal: "path_short", say: "3 movement points left on A4"},
		{name: "across to the next tile", scen: scen{pieces: p("red1 A3")},
			body: `{"type":"move","sub":"red1","path":["B6","B0","B1"],"mine":"B6"}`, after: map[string]string{"B1": "red1", "B6": "mine:R"}},
		{name: "stuck with a point it cannot use", scen: scen{tiles: []string{"0,0 S rrrrrr", "2,0 S ssssss"}, pieces: []string{"red1 A0", "red2 B1", "blue1 B3", "blue2 B5"}},
			body: `{"type":"move","sub":"red1","path":["A1"],"mine":"A0"}`, say: "Red 1 cannot use all its movement points on A1 and is destroyed",
			after: map[string]string{"A1": "", "A0": "mine:R"}},
		{name: "a region that is not on the board", scen: scen{pieces: p("red1 A4")},
			body: `{"type":"move","sub":"red1","path":["Z9"]}`, refusal: "unknown_region", say: `"Z9" is not a region of this board`},
	})
}

func TestEncounters(t *testing.T) {
	runRuleCases(t, []ruleCase{
		{name: "through your own Mine", scen: scen{pieces: []string{"red1 A4", "red2 C3", "mine:R A5", "blue1 C1", "blue2 C2"}},
			body: `{"type":"move","sub":"red1","path":["A5","A6","A1"],"mine":"A4"}`, after: map[string]string{"A5": "mine:R", "A1": "red1"}},
		{name: "ending on your own Mine", scen: scen{pieces: []string{"red1 A4", "red2 C3", "mine:R A1", "blue1 C1", "blue2 C2"}},
			body: `{"type":"move","sub":"red1","path":["A5","A6","A1"],"mine":"A5"}`, say: "Red 1 ends its move on a friendly Mine (Red's) on A1: both are destroyed",
			after: map[string]string{"A1": "", "A5": "mine:R"}},
		{name: "through your own Sub", scen: scen{pieces: []string{"red1 A4", "red2 A5", "blue1 C1", "blue2 C2"}},
			body: `{"type":"move","sub":"red1","path":["A5","A6","A1"],"mine":"A4"}`, after: map[string]string{"A5": "red2", "A1": "red1"}},
		{name: "ending on your own Sub", scen: scen{pieces: []string{"red1 A4", "red2 A1", "red3 C5", "blue1 C1", "blue2 C2"}},
			body: `{"type":"move","sub":"red1","path":["A5","A6","A1"],"mine":"A5"}`, say: "Red 1 ends its move on Red 2 on A1: both are destroyed",
			after: map[string]string{"A1": "", "C5": "red3"}},
		{name: "your Command Centre keeps your Subs safe", scen: scen{pieces: []string{"cc:R A0", "red1 A4", "red2 A0", "blue1 C1", "blue2 C2"}},
			body: `{"type":"move","sub":"red1","path":["A5","A6","A0"],"mine":"A5"}`, after: map[string]string{"A0": "cc:R red1 red2"}},
		// The rulebook: "While one of your Subs is in the region with your
		// own Command Centre, the Sub cannot be destroyed." Not by the rule
		// that every point is used, nor by the one that a Mine is laid.
		{name: "in your Command Centre a Sub that cannot use its points is not destroyed", scen: scen{tiles: []string{"0,0 D ssrrrr", "2,0 S ssssss"}, pieces: []string{"cc:R A0", "red1 A1", "red2 B1", "blue1 B3", "blue2 B5"}},
			body: `{"type":"move","sub":"red1","path":["A2","A0"],"mine":"A2"}`, say: "Red 1 cannot use all its movement points, but in its own Command Centre it cannot be destroyed",
			after: map[string]string{"A0": "cc:R red1", "A2": "mine:R", "A1": ""}},
		{name: "in your Command Centre a Sub with nowhere to lay its Mine is not destroyed", scen: scen{tiles: []string{"0,0 D ssssss", "1,0 D ssssss"}, pieces: []string{"cc:R B0", "red1 A0", "mine:R A3", "mine:R B6", "red2 A5", "blue1 B2", "blue2 B4"}},
			body: `{"type":"move","sub":"red1","path":["A3","B6","B0"]}`, say: "Red 1 has nowhere to lay its Mine, but in its own Command Centre it cannot be destroyed",
			after: map[string]string{"B0": "cc:R red1", "A3": "mine:R", "B6": "mine:R", "A0": ""}},
		{name: "in your Command Centre a Sub is not destroyed when its player has no Mines left", scen: scen{pieces: []string{"cc:R A0", "red1 A4", "red2 C3", "blue1 C1", "blue2 C2"}, mines: []int{0, 5}},
			body: `{"type":"move","sub":"red1","path":["A5","A6","A0"]}`, say: "Red has no Mines left to lay, but in its own Command Centre Red 1 cannot be destroyed",
			after: map[string]string{"A0": "cc:R red1", "A4": ""}},
		// House reading, an option: the Command Centre shelters a Sub from
		// encounters, not from the rules that every point is used and a
		// Mine laid.
		{name: "house shelter: your Command Centre does not save a Sub that cannot use its points", scen: scen{shelter: ShelterEncounters, tiles: []string{"0,0 D ssrrrr", "2,0 S ssssss"}, pieces: []string{"cc:R A0", "red1 A1", "red2 B1", "blue1 B3", "blue2 B5"}},
			body: `{"type":"move","sub":"red1","path":["A2","A0"],"mine":"A2"}`, say: "Red 1 cannot use all its movement points on A0 and is destroyed",
			after: map[string]string{"A0": "cc:R", "A2": "mine:R", "A1": ""}},
		{name: "house shelter: your Command Centre does not save a Sub with nowhere to lay its Mine", scen: scen{shelter: ShelterEncounters, tiles: []string{"0,0 D ssssss", "1,0 D ssssss"}, pieces: []string{"cc:R B0", "red1 A0", "mine:R A3", "mine:R B6", "red2 A5", "blue1 B2", "blue2 B4"}},
			body: `{"type":"move","sub":"red1","path":["A3","B6","B0"]}`, say: "Red 1 has nowhere to lay its Mine and is destroyed",
			after: map[string]string{"B0": "cc:R", "A0": ""}},
		{name: "an enemy Mine", scen: scen{pieces: []string{"red1 A4", "red2 C3", "mine:B A5", "blue1 C1", "blue2 C2"}},
			body: `{"type":"move","sub":"red1","path":["A5"],"mine":"A4"}`, say: "Red 1 hits Blue's Mine on A5: both are destroyed",
			after: map[string]string{"A5": "", "A4": "mine:R"}},
		{name: "the move ends where the Sub is destroyed", scen: scen{pieces: []string{"red1 A4", "red2 C3", "mine:B A5", "blue1 C1", "blue2 C2"}},
			body: `{"type":"move","sub":"red1","path":["A5","A6","A1"],"mine":"A4"}`, refusal: "path_after_loss", say: "Red 1 is destroyed on A5"},
		{name: "an enemy Sub", scen: scen{pieces: []string{"red1 A4", "red2 C3", "blue1 A5", "blue2 C2"}},
			body: `{"type":"move","sub":"red1","path":["A5"],"mine":"A4"}`, say: "Red 1 rams Blue 1 on A5: both are destroyed",
			after: map[string]string{"A5": "", "C3": "red2", "C2": "blue2"}},
		{name: "an enemy Command Centre", scen: scen{pieces: []string{"red1 A4", "red2 C3", "cc:B A0", "blue1 A0", "blue2 C2"}},
			body: `{"type":"move","sub":"red1","path":["A5","A0"],"mine":"A4"}`, say: "Red 1 enters Blue's Command Centre on A0 and is destroyed",
			after: map[string]string{"A0": "cc:B blue1", "A4": "mine:R"}},
		{name: "a Hero Sub sinks an enemy Sub and sails on", scen: scen{pieces: []string{"red1 A4", "blue1 A5", "blue2 C2"}},
			body: `{"type":"move","sub":"red1","path":["A5","A6","A1"],"mine":"A5"}`, say: "Hero Sub Red 1 destroys Blue 1 on A5 and sails on",
			after: map[string]string{"A1": "red1", "A5": "mine:R", "C2": "blue2"}},
		{name: "a Sub that rams a Hero Sub sinks", scen: scen{pieces: []string{"red1 A4", "red2 C3", "blue1 A5"}},
			body: `{"type":"move","sub":"red1","path":["A5"],"mine":"A4"}`, say: "Red 1 attacks Hero Sub Blue 1 on A5 and is destroyed",
			after: map[string]string{"A5": "blue1", "C3": "red2"}},
		{name: "a Hero Sub that rams a Hero Sub wins", scen: scen{pieces: []string{"red1 A4", "blue1 A5"}},
			body: `{"type":"move","sub":"red1","path":["A5"]}`, say: "Red has the last Subs in play and wins",
			after: map[string]string{"A5": "red1", "A4": ""}, winner: team(0)},
		{name: "the match is won mid-move: the move stops", scen: scen{pieces: []string{"red1 A4", "blue1 A5"}},
			body: `{"type":"move","sub":"red1","path":["A5","A6","A1"]}`, refusal: "path_after_win", say: "The match is won on A5"},
		{name: "no Mine once the match is won", scen: scen{pieces: []string{"red1 A4", "blue1 A5"}},
			body: `{"type":"move","sub":"red1","path":["A5"],"mine":"A4"}`, refusal: "mine_after_end", say: "no Mine is laid"},
		{name: "a Hero Sub still sinks on a Mine", scen: scen{pieces: []string{"red1 A4", "mine:B A5", "blue1 C2"}},
			body: `{"type":"move","sub":"red1","path":["A5"]}`, say: "Blue has the last Subs in play and wins", winner: team(1)},
		{name: "a Hero Sub still sinks in a Command Centre", scen: scen{pieces: []string{"red1 A4", "cc:B A0", "blue1 C2", "blue2 C3"}},
			body: `{"type":"move","sub":"red1","path":["A0"]}`, say: "Red 1 enters Blue's Command Centre on A0 and is destroyed", winner: team(1)},
		{name: "losing your last Sub on your own Mine", scen: scen{pieces: []string{"red1 A4", "mine:R A1", "blue1 C2"}},
			body: `{"type":"move","sub":"red1","path":["A5","A6","A1"]}`, say: "Blue has the last Subs in play and wins", winner: team(1)},
	})
}

func TestTeams(t *testing.T) {
	// Seats: Red 0, White 1, Blue 2, Black 3; Red and Blue are team 0.
	four := func(pieces ...string) scen { return scen{players: 4, pieces: pieces} }
	runRuleCases(t, []ruleCase{
		{name: "through a team-mate's Mine", scen: four("red1 A4", "red2 C1", "mine:B A5", "white1 C2", "black1 C3", "blue1 C4"),
			body: `{"type":"move","sub":"red1","path":["A5","A6","A1"],"mine":"A4"}`, after: map[string]string{"A5": "mine:B", "A1": "red1"}},
		{name: "ending on a team-mate's Mine", scen: four("red1 A4", "red2 C1", "mine:B A1", "white1 C2", "black1 C3", "blue1 C4"),
			body: `{"type":"move","sub":"red1","path":["A5","A6","A1"],"mine":"A5"}`, say: "friendly Mine (Blue's) on A1: both are destroyed", after: map[string]string{"A1": ""}},
		{name: "ending on a team-mate's Sub", scen: four("red1 A4", "red2 C1", "blue1 A1", "blue2 C4", "white1 C2", "black1 C3"),
			body: `{"type":"move","sub":"red1","path":["A5","A6","A1"],"mine":"A5"}`, say: "Red 1 ends its move on Blue 1 on A1: both are destroyed", after: map[string]string{"A1": ""}},
		{name: "a team-mate's Command Centre is safe", scen: four("red1 A4", "red2 C1", "cc:B A0", "blue1 A0", "white1 C2", "black1 C3"),
			body: `{"type":"move","sub":"red1","path":["A5","A6","A0"],"mine":"A5"}`, after: map[string]string{"A0": "cc:B red1 blue1"}},
		{name: "you move only your own Subs", scen: four("red1 A4", "blue1 A1", "white1 C2", "black1 C3"),
			body: `{"type":"move","sub":"blue1","path":["A2","A3"],"mine":"A2"}`, refusal: "teammate_sub", say: "Blue 1 is your team-mate's Sub"},
		{name: "an enemy's Sub", scen: four("red1 A4", "blue1 A1", "white1 C2", "black1 C3"),
			body: `{"type":"move","sub":"white1","path":["C1"]}`, refusal: "not_your_sub", say: "White 1 is White's Sub"},
		{name: "a team wins though one of its players has no Sub", scen: four("red1 A4", "white1 A5"),
			body: `{"type":"move","sub":"red1","path":["A5"]}`, say: "Red and Blue have the last Subs in play and win", winner: team(0)},
	})
}

func TestMines(t *testing.T) {
	base := []string{"red2 C3", "blue1 C1", "blue2 C2"}
	p := func(extra ...string) []string { return append(extra, base...) }
	runRuleCases(t, []ruleCase{
		{name: "a Mine is required", scen: scen{pieces: p("red1 A4")},
			body: `{"type":"move","sub":"red1","path":["A5","A6","A1"]}`, refusal: "mine_required", say: "Lay a Mine: Red 1 may take one on A4 or A5 or A6"},
		{name: "not in a deep region", scen: scen{pieces: p("red1 A4")},
			body: `{"type":"move","sub":"red1","path":["A0","A6","A5"],"mine":"A0"}`, refusal: "mine_deep", say: "A0 is deep"},
		{name: "not on a piece", scen: scen{pieces: p("red1 A4", "red3 A5")},
			body: `{"type":"move","sub":"red1","path":["A5","A6","A1"],"mine":"A5"}`, refusal: "mine_occupied", say: "A5 holds Red 3"},
		{name: "not on another Mine", scen: scen{pieces: p("red1 A4", "mine:R A5")},
			body: `{"type":"move","sub":"red1","path":["A5","A6","A1"],"mine":"A5"}`, refusal: "mine_occupied", say: "A5 holds your Mine"},
		{name: "not where the Sub stopped", scen: scen{pieces: p("red1 A4")},
			body: `{"type":"move","sub":"red1","path":["A5","A6","A1"],"mine":"A1"}`, refusal: "mine_not_on_path", say: "Red 1 stopped on A1"},
		{name: "only on the path", scen: scen{pieces: p("red1 A4")},
			body: `{"type":"move","sub":"red1","path":["A5","A6","A1"],"mine":"B2"}`, refusal: "mine_not_on_path", say: "did not move out of B2"},
		{name: "nowhere to lay it", scen: scen{pieces: p("red1 A0", "mine:R A5", "red3 A6")},
			body: `{"type":"move","sub":"red1","path":["A5","A6","A1"]}`, say: "Red 1 has nowhere to lay its Mine and is destroyed",
			after: map[string]string{"A1": "", "A6": "red3"}},
		{name: "a Sub destroyed on the way still lays its Mine", scen: scen{pieces: p("red1 A4", "mine:B A6")},
			body: `{"type":"move","sub":"red1","path":["A5","A6"]}`, refusal: "mine_required", say: "A4 or A5"},
		{name: "where an enemy Sub was sunk on the way", scen: scen{pieces: []string{"red1 A4", "blue1 A5", "blue2 C2"}},
			body: `{"type":"move","sub":"red1","path":["A5","A6","A1"],"mine":"A5"}`, after: map[string]string{"A5": "mine:R", "A1": "red1"}},
	})
}

func TestMineSupply(t *testing.T) {
	g := build(t, scen{pieces: []string{"red1 A4", "red2 C3", "blue1 C1", "blue2 C2"}})
	g.mines[0] = 0
	m, ok := moveOf(g, "red1", "A5", "A6", "A1")
	if !ok || m.Lost != "no_mines_left" || len(m.Mines) != 0 {
		t.Fatalf("listed as %+v %v; want the Sub lost for want of a Mine", m, ok)
	}
	refused(t, g, 0, `{"type":"move","sub":"red1","path":["A5","A6","A1"],"mine":"A4"}`, "no_mines_left")
	evs := mustApply(t, g, 0, `{"type":"move","sub":"red1","path":["A5","A6","A1"]}`)
	if g.subs[0].alive || !strings.Contains(strings.Join(texts(evs), " "), "Red has no Mines left to lay: Red 1 is destroyed") {
		t.Fatalf("Red 1 alive %v; events %q", g.subs[0].alive, texts(evs))
	}
}

// With the unlimited supply, Mines never run out.
func TestUnlimitedMines(t *testing.T) {
	g := build(t, scen{pieces: []string{"red1 A4", "red2 C3", "blue1 C1", "blue2 C2"}})
	g.opts.MineSupply = MinesUnlimited
	g.mines = []int{unlimited, unlimited}
	mustApply(t, g, 0, `{"type":"move","sub":"red1","path":["A5","A6","A1"],"mine":"A4"}`)
	if g.mines[0] != unlimited || g.view(0).Players[0].Mines != -1 || at(g, "A4") != "mine:R" {
		t.Fatalf("Red's supply %d after laying a Mine", g.mines[0])
	}
}

func TestTurnRefusals(t *testing.T) {
	g := build(t, scen{pieces: []string{"red1 A4", "red2 C3", "blue1 C1", "blue2 C2"}})
	move := `{"type":"move","sub":"red1","path":["A5","A6","A1"],"mine":"A4"}`
	refused(t, g, 1, `{"type":"move","sub":"blue1","path":["C0","C6","C5"],"mine":"C1"}`, "not_your_turn")
	refused(t, g, games.Spectator, move, "spectator")
	refused(t, g, 5, move, "no_such_seat")
	refused(t, g, games.System, move, "room_command")
	refused(t, g, games.System, string(games.StartBody), "already_started")
	refused(t, g, 0, `{"type":"place_cc","at":"A0"}`, "wrong_step")
	refused(t, g, 0, `{"type":"move","sub":"red9","path":["A5"]}`, "unknown_sub")
	refused(t, g, 0, `{"type":"move","sub":"red3","path":["A5"]}`, "sub_destroyed")
	refused(t, g, 0, `{"type":"move","sub":"red1","path":["A5","A6","A1"],"mine":"A4","tokens":["map"]}`, "no_expansion")
	refused(t, g, 0, `{"type":"move","sub":"red1","path":"A5"}`, "malformed")
	refused(t, g, 0, `{"type":"jump"}`, "malformed")
	// A Sub is named by its id or by its label, in any case.
	mustApply(t, g, 0, `{"type":"move","sub":"Red 1","path":["A5","A6","A1"],"mine":"A4"}`)
	if g.turn != 1 {
		t.Fatalf("turn %d after Red's move", g.turn)
	}

	w := New(Options{Players: 2}, 1)
	refused(t, w, 0, move, "not_started")
	refused(t, w, 0, string(games.StartBody), "room_only")

	g = build(t, scen{pieces: []string{"red1 A4", "blue1 A5"}})
	mustApply(t, g, 0, `{"type":"move","sub":"red1","path":["A5"]}`)
	refused(t, g, 1, `{"type":"move","sub":"blue1","path":["A6"]}`, "match_over")
}

// A player with no Subs left is skipped; the turn goes on clockwise.
func TestTurnOrderSkipsPlayersOut(t *testing.T) {
	g := build(t, scen{players: 3, pieces: []string{"red1 A4", "red2 C3", "blue1 C1", "blue2 C5"}})
	mustApply(t, g, 0, `{"type":"move","sub":"red1","path":["A5","A6","A1"],"mine":"A4"}`)
	if g.turn != 2 {
		t.Fatalf("after Red, seat %d plays; want Blue (2): White has no Subs", g.turn)
	}
	mustApply(t, g, 2, `{"type":"move","sub":"blue1","path":["C2","C3"],"mine":"C1"}`)
	if g.turn != 0 || g.Outcome() != nil {
		t.Fatalf("turn %d, outcome %v", g.turn, g.Outcome())
	}
}
