package pocketsub

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"periscope/games"
)

func TestOptions(t *testing.T) {
	o, err := ParseOptions(nil)
	if err != nil || o != (Options{Players: 2, Setup: SetupIntro, FirstPlayer: FirstRed, RunningDeep: RunDeepAny, MineSupply: MinesBox, StrongCurrent: CurrentAllows, Shelter: ShelterAll, BotLevel: games.BotCrew}) {
		t.Fatalf("defaults %+v %v", o, err)
	}
	o, err = ParseOptions(json.RawMessage(`{"players":4,"setup":"standard","captain":true,"first_player":"random","running_deep":"adjacent","mine_supply":"unlimited","strong_current":"forces","shelter":"encounters","bot_level":"veteran"}`))
	if err != nil || o != (Options{Players: 4, Setup: SetupStandard, Captain: true, FirstPlayer: FirstRandom, RunningDeep: RunDeepAdjacent, MineSupply: MinesUnlimited, StrongCurrent: CurrentForces, Shelter: ShelterEncounters, BotLevel: games.BotVeteran}) {
		t.Fatalf("%+v %v", o, err)
	}
	for _, bad := range []string{`{"players":5}`, `{"players":1}`, `{"setup":"quick"}`, `{"first_player":"blue"}`,
		`{"running_deep":"far"}`, `{"mine_supply":"3"}`, `{"strong_current":"never"}`, `{"shelter":"none"}`, `{"bot_level":"admiral"}`, `{"colour":"red"}`, `{"players":"two"}`, `[1]`, `{} {}`, `{`} {
		if _, err := ParseOptions(json.RawMessage(bad)); err == nil {
			t.Fatalf("%s accepted", bad)
		}
	}
	// Every option the lobby offers is one the game reads, with its default.
	def, _ := ParseOptions(nil)
	dj, _ := json.Marshal(struct {
		Players     int    `json:"players"`
		Setup       string `json:"setup"`
		Captain     bool   `json:"captain"`
		FirstPlayer string `json:"first_player"`
		RunningDeep string `json:"running_deep"`
		MineSupply  string `json:"mine_supply"`
		Current     string `json:"strong_current"`
		Shelter     string `json:"shelter"`
		BotLevel    string `json:"bot_level"`
		Guided      bool   `json:"guided"`
	}{def.Players, def.Setup, def.Captain, def.FirstPlayer, def.RunningDeep, def.MineSupply, def.StrongCurrent, def.Shelter, def.BotLevel, def.Guided})
	var defaults map[string]any
	_ = json.Unmarshal(dj, &defaults)
	for _, opt := range Definition.Options {
		want, ok := defaults[opt.Key]
		if !ok {
			t.Fatalf("the lobby offers %q, which the game does not read", opt.Key)
		}
		got, _ := json.Marshal(opt.Default)
		wj, _ := json.Marshal(want)
		if string(got) != string(wj) {
			t.Fatalf("%s defaults to %s in the lobby, %s in the game", opt.Key, got, wj)
		}
	}
}

func TestSeats(t *testing.T) {
	for _, c := range []struct {
		players int
		labels  []string
		teams   []int
		subs    int
	}{
		{2, []string{"Red", "Blue"}, []int{0, 1}, 3},
		{3, []string{"Red", "White", "Blue"}, []int{0, 1, 2}, 3},
		{4, []string{"Red (with Blue)", "White (with Black)", "Blue (with Red)", "Black (with White)"}, []int{0, 1, 0, 1}, 2},
	} {
		g, err := Definition.New(json.RawMessage(`{"players":`+string(rune('0'+c.players))+`}`), 1)
		if err != nil {
			t.Fatal(err)
		}
		var labels []string
		var teams []int
		for _, s := range g.Seats() {
			labels = append(labels, s.Label)
			teams = append(teams, s.Team)
		}
		if !slices.Equal(labels, c.labels) || !slices.Equal(teams, c.teams) {
			t.Fatalf("%d players: seats %v teams %v", c.players, labels, teams)
		}
		v := g.View(0).(View)
		// Mines come from the layout data in turn order (Red first here),
		// never more than the box's 12 of a colour.
		for i, p := range v.Players {
			if p.Subs != c.subs || p.Mines != layouts[c.players].Mines[i] || p.Mines > MinesEach {
				t.Fatalf("%d players: %+v", c.players, p)
			}
		}
	}
}

// The introductory setup starts play at once, Red first.
func TestIntroductorySetup(t *testing.T) {
	for n := MinPlayers; n <= MaxPlayers; n++ {
		g := started(t, Options{Players: n}, 7)
		v := g.view(0)
		if v.Phase != "playing" || v.Turn != 0 || !v.HouseLayout || len(v.Moves) == 0 || len(v.Centres) != n {
			t.Fatalf("%d players: phase %s turn %d house %v, %d moves, %d Command Centres", n, v.Phase, v.Turn, v.HouseLayout, len(v.Moves), len(v.Centres))
		}
		// No first move of the introductory layouts sinks anything.
		for _, m := range v.Moves {
			if len(m.Kills) > 0 {
				t.Fatalf("%d players: Red's first move %v already sinks a Sub", n, m.Path)
			}
		}
	}
}

// Standard setup: each player in turn, clockwise from the first, places a
// Command Centre on an empty deep region; then Subs one at a time on empty
// shallow or rocky regions or in a Command Centre of their side.
func TestStandardSetup(t *testing.T) {
	g := started(t, Options{Players: 4, Setup: SetupStandard}, 3)
	var deep []string
	for r := Region(0); int(r) < g.board.regions(); r++ {
		if g.board.terrain(r) == Deep {
			deep = append(deep, g.board.name(r))
		}
	}
	var shallow string
	for r := Region(0); int(r) < g.board.regions(); r++ {
		if g.board.terrain(r) == Shallow && r.centre() {
			shallow = g.board.name(r)
			break
		}
	}
	if v := g.view(0); v.Phase != "setup" || v.Turn != 0 || len(v.Legal) != len(deep) {
		t.Fatalf("phase %s, turn %d, %d legal places for %d deep regions", v.Phase, v.Turn, len(v.Legal), len(deep))
	}
	refused(t, g, 0, `{"type":"place_sub","at":"A1"}`, "wrong_step")
	refused(t, g, 0, `{"type":"place_cc","at":"`+shallow+`"}`, "cc_not_deep")
	refused(t, g, 1, `{"type":"place_cc","at":"`+deep[0]+`"}`, "not_your_turn")
	refused(t, g, 0, `{"type":"move","sub":"red1","path":["A1"]}`, "wrong_step")
	for s := range 4 {
		mustApply(t, g, s, `{"type":"place_cc","at":"`+deep[s]+`"}`)
		if s == 0 {
			refused(t, g, 1, `{"type":"place_cc","at":"`+deep[0]+`"}`, "region_taken")
		}
	}
	// Red's Sub in Red's own Command Centre, White's next to it; then
	// Blue in Red's (its team-mate's) Command Centre.
	var edge string
	for _, n := range g.board.adj[region(t, g, deep[0])] {
		if g.board.terrain(n) != Deep {
			edge = g.board.name(n)
			break
		}
	}
	mustApply(t, g, 0, `{"type":"place_sub","at":"`+deep[0]+`"}`)
	refused(t, g, 1, `{"type":"place_sub","at":"`+deep[0]+`"}`, "enemy_cc")
	refused(t, g, 1, `{"type":"place_sub","at":"`+deep[4]+`"}`, "sub_not_deep")
	mustApply(t, g, 1, `{"type":"place_sub","at":"`+edge+`"}`)
	refused(t, g, 2, `{"type":"place_sub","at":"`+edge+`"}`, "region_taken")
	mustApply(t, g, 2, `{"type":"place_sub","at":"`+deep[0]+`"}`)
	if at(g, deep[0]) != "cc:R red1 blue1" {
		t.Fatalf("%s holds %q", deep[0], at(g, deep[0]))
	}
	for g.phase == deploying {
		v := g.view(g.turn)
		c := v.Legal[len(v.Legal)-1]
		mustApply(t, g, g.turn, string(c.Encode()))
	}
	if v := g.view(0); v.Phase != "playing" || v.Turn != 0 || v.Round != 1 {
		t.Fatalf("after setup: phase %s, turn %d, round %d", v.Phase, v.Turn, v.Round)
	}
	for _, p := range g.view(-1).Players {
		if p.Subs != 2 || p.Placed != 2 {
			t.Fatalf("%+v", p)
		}
	}
	invariants(t, g)
}

// A random first player is drawn from the seed, and setup and play begin
// with them; the turn then goes clockwise.
func TestRandomFirstPlayer(t *testing.T) {
	firsts := map[int]bool{}
	for seed := range uint64(30) {
		g := started(t, Options{Players: 3, Setup: SetupStandard, FirstPlayer: FirstRandom}, seed)
		firsts[g.first] = true
		if g.turn != g.first {
			t.Fatalf("seed %d: first %d, turn %d", seed, g.first, g.turn)
		}
		v := g.view(g.turn)
		mustApply(t, g, g.turn, string(v.Legal[0].Encode()))
		if g.turn != (g.first+1)%3 {
			t.Fatalf("seed %d: after %d, %d places", seed, g.first, g.turn)
		}
	}
	if len(firsts) != 3 {
		t.Fatalf("first players over 30 seeds: %v", firsts)
	}
}

// The Captain's expansion: the second player places a Whirlpool and picks
// its spin, the first player places the other on another centre without a
// Command Centre.
func TestWhirlpoolPlacement(t *testing.T) {
	g := started(t, Options{Players: 2, Captain: true}, 1)
	if v := g.view(1); v.Phase != "whirlpools" || v.Turn != 1 || len(v.Legal) != 6 {
		t.Fatalf("phase %s, turn %d, legal %v; want Blue to choose among B0, C0, D0 either way", v.Phase, v.Turn, v.Legal)
	}
	refused(t, g, 0, `{"type":"place_whirlpool","at":"C0","spin":"cw"}`, "not_your_turn")
	refused(t, g, 1, `{"type":"place_whirlpool","at":"C3","spin":"cw"}`, "whirlpool_not_centre")
	refused(t, g, 1, `{"type":"place_whirlpool","at":"A0","spin":"cw"}`, "whirlpool_on_cc")
	refused(t, g, 1, `{"type":"place_whirlpool","at":"C0"}`, "malformed")
	refused(t, g, 1, `{"type":"move","sub":"blue1","path":["C4"]}`, "wrong_step")
	mustApply(t, g, 1, `{"type":"place_whirlpool","at":"C0","spin":"ccw"}`)
	refused(t, g, 0, `{"type":"place_whirlpool","at":"C0","spin":"cw"}`, "whirlpool_same_tile")
	refused(t, g, 0, `{"type":"place_whirlpool","at":"B0","spin":"ccw"}`, "whirlpool_spin_taken")
	if v := g.view(0); len(v.Legal) != 2 || v.Legal[0].Spin != SpinCW {
		t.Fatalf("Red may place %v; want the clockwise one on B0 or D0", v.Legal)
	}
	evs := mustApply(t, g, 0, `{"type":"place_whirlpool","at":"B0","spin":"cw"}`)
	if v := g.view(0); v.Phase != "playing" || v.Turn != 0 || len(v.Whirlpools) != 2 {
		t.Fatalf("phase %s, turn %d, whirlpools %v", v.Phase, v.Turn, v.Whirlpools)
	}
	if !strings.Contains(texts(evs)[0], "Red places the clockwise Whirlpool on tile B. Red moves first.") {
		t.Fatalf("events %q", texts(evs))
	}
}

// At the end of each round (once every player has had a turn, counted from
// the first player), each tile with a Whirlpool turns 60 degrees its way
// with everything on it.
func TestWhirlpoolsTurnTiles(t *testing.T) {
	g := build(t, scen{captain: true, pieces: []string{"red1 A4", "red2 C3", "blue1 B1", "mine:B B2", "blue2 C1"}})
	g.whirls = []whirl{{at: region(t, g, "B0"), spin: 1}, {at: region(t, g, "C0"), spin: -1}}
	before := g.view(-1).Tiles
	mustApply(t, g, 0, `{"type":"move","sub":"red1","path":["A5","A6","A1"],"mine":"A4"}`)
	if g.board.tiles[1].rot != 0 || at(g, "B1") != "blue1" {
		t.Fatal("a tile turned before the end of the round")
	}
	evs := mustApply(t, g, 1, `{"type":"move","sub":"blue2","path":["C0","C6","C5"],"mine":"C6"}`)
	if g.board.tiles[1].rot != 1 || g.board.tiles[2].rot != 5 || g.board.tiles[0].rot != 0 {
		t.Fatalf("rotations %d %d %d", g.board.tiles[0].rot, g.board.tiles[1].rot, g.board.tiles[2].rot)
	}
	// B turned clockwise: B1 -> B2, B2 -> B3; its rocky B4 is now B5.
	// C turned counter-clockwise: C3 -> C2, C5 -> C4, C6 -> C5.
	want := map[string]string{"B1": "", "B2": "blue1", "B3": "mine:B", "C3": "", "C2": "red2", "C4": "blue2", "C5": "mine:B", "C6": "", "A1": "red1"}
	for r, w := range want {
		if got := at(g, r); got != w {
			t.Errorf("%s holds %q; want %q", r, got, w)
		}
	}
	after := g.view(-1).Tiles
	if before[1].Terrain[4] != "rocky" || after[1].Terrain[5] != "rocky" || after[1].Terrain[4] != "shallow" {
		t.Fatalf("B's terrain before %v after %v", before[1].Terrain, after[1].Terrain)
	}
	text := strings.Join(texts(evs), " ")
	if !strings.Contains(text, "End of round 1: the Whirlpool turns tile B clockwise (Blue 1 B1 → B2, Blue's Mine B2 → B3)") ||
		!strings.Contains(text, "the Whirlpool turns tile C counter-clockwise") {
		t.Fatalf("events %q", text)
	}
	if g.round != 2 || g.turn != 0 {
		t.Fatalf("round %d, turn %d", g.round, g.turn)
	}
	invariants(t, g)
}

// A round ends when the turn comes back round past the first player, even
// when the first player is out of the match.
func TestRoundsWithTheFirstPlayerOut(t *testing.T) {
	g := build(t, scen{players: 3, captain: true, turn: 1, pieces: []string{"white1 A4", "blue1 C1", "blue2 C3"}})
	g.whirls = []whirl{{at: region(t, g, "B0"), spin: 1}}
	mustApply(t, g, 1, `{"type":"move","sub":"white1","path":["A5","A6","A1"],"mine":"A4"}`)
	if g.round != 1 || g.turn != 2 {
		t.Fatalf("round %d turn %d", g.round, g.turn)
	}
	mustApply(t, g, 2, `{"type":"move","sub":"blue1","path":["C2","C0","C6"],"mine":"C1"}`)
	if g.round != 2 || g.turn != 1 || g.board.tiles[1].rot != 1 {
		t.Fatalf("round %d turn %d rot %d; the round should have ended with Red out", g.round, g.turn, g.board.tiles[1].rot)
	}
}

func TestTokens(t *testing.T) {
	g := build(t, scen{captain: true, pieces: []string{"red1 A4", "red2 C3", "blue1 C1", "blue2 C2"}})
	mustApply(t, g, 0, `{"type":"move","sub":"red1","path":["A5","A6","A1","A0"],"mine":"A6","tokens":["current"]}`)
	if v := g.view(0); !slices.Equal(v.Players[0].Tokens, []string{TokenIntel, TokenMap}) || !slices.Equal(v.Players[1].Tokens, tokenNames) {
		t.Fatalf("tokens %v / %v", v.Players[0].Tokens, v.Players[1].Tokens)
	}
	mustApply(t, g, 1, `{"type":"move","sub":"blue1","path":["C0","C6","C5"],"mine":"C1"}`)
	refused(t, g, 0, `{"type":"move","sub":"red1","path":["A3","B6","B0","B1"],"mine":"A3","tokens":["current"]}`, "token_used")
	// Moves listed for Red no longer need the Strong Current.
	for _, m := range g.view(0).Moves {
		if slices.Contains(m.Tokens, TokenCurrent) {
			t.Fatalf("Red is offered %v with the spent Strong Current", m.Path)
		}
	}
	// A token may be used though the path does not need it; it is spent.
	mustApply(t, g, 0, `{"type":"move","sub":"red2","path":["C4","C0","C6"],"mine":"C4","tokens":["map"]}`)
	if slices.Contains(g.tokens[0].names(), TokenMap) {
		t.Fatal("the Map is still Red's")
	}
	// With the Intelligence Report, a Hero Sub passes an enemy Sub without
	// sinking it.
	g = build(t, scen{captain: true, pieces: []string{"red1 A4", "blue1 A5", "blue2 C2"}})
	mustApply(t, g, 0, `{"type":"move","sub":"red1","path":["A5","A6","A1"],"mine":"A4","tokens":["intel"]}`)
	if at(g, "A5") != "blue1" || at(g, "A1") != "red1" {
		t.Fatalf("A5 %q A1 %q", at(g, "A5"), at(g, "A1"))
	}
}

// Events are public: everyone at the table sees every move.
func TestEventsArePublic(t *testing.T) {
	g := started(t, Options{Players: 3, Setup: SetupStandard, Captain: true}, 5)
	for i := 0; i < 40 && g.Outcome() == nil; i++ {
		body, _ := g.BotCommand(g.turn)
		evs, err := g.Apply(games.Command{Seat: g.turn, Body: body})
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range evs {
			if e.Seats != nil || e.Text == "" || e.Kind == "" {
				t.Fatalf("event %+v", e)
			}
		}
	}
}

// The catalogue entry: what the lobby shows and opens.
func TestDefinition(t *testing.T) {
	d := Definition
	if d.Name != "pocketsub" || d.Page != "/pocketsub.html" || !d.Bots || d.MinPlayers != 1 || d.MaxPlayers != 4 || d.Summary == "" || len(d.House) == 0 {
		t.Fatalf("%+v", d)
	}
	houses := 0
	for _, o := range d.Options {
		for _, c := range o.Choices {
			if c.House {
				houses++
			}
		}
	}
	if houses < 3 {
		t.Fatalf("%d house choices are labelled; want the introductory layout, running deep and the Mine supply", houses)
	}
	if _, err := d.New(json.RawMessage(`{"players":9}`), 1); err == nil {
		t.Fatal("9 players accepted")
	}
	g, err := d.New(nil, 1)
	if err != nil || len(g.Seats()) != 2 {
		t.Fatalf("%v %v", g, err)
	}
}

// The Mine supplies follow the turn order, not the colour: with the first
// player drawn at random, whoever moves first gets the first supply, and
// the standard setup has its own.
func TestMineSuppliesFollowTurnOrder(t *testing.T) {
	for seed := range uint64(12) {
		for _, setup := range []string{SetupIntro, SetupStandard} {
			o, _ := Options{Players: 3, FirstPlayer: FirstRandom, Setup: setup}.withDefaults()
			g := New(o, seed)
			want := layouts[3].Mines
			if setup == SetupStandard {
				want = layouts[3].StandardMines
			}
			for place := range 3 {
				if got := g.mines[(g.first+place)%3]; got != want[place] {
					t.Fatalf("seed %d %s: the player %d places after the first has %d Mines; want %d", seed, setup, place, got, want[place])
				}
			}
		}
	}
}
