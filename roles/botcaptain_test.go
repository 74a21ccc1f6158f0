package roles

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"periscope/games"
	"periscope/sonar"
)

// firstCaptainOrder lets the bots play from the start until Blue's Captain
// gives an order of its own (not a duty, not the declaration) and returns it
// unapplied.
func firstCaptainOrder(t *testing.T, r *botRoom) sonar.Command {
	t.Helper()
	for range 200 {
		moved := false
		for seat, s := range r.g.seats {
			body, ok := r.g.BotCommand(seat)
			if !ok {
				continue
			}
			if s.crew == sonar.Blue && s.has(sonar.Captain) && !isBotDeclaration(body) {
				var c sonar.Command
				if err := json.Unmarshal(body, &c); err != nil {
					t.Fatal(err)
				}
				if c.Role == sonar.Captain {
					return c
				}
			}
			r.apply(seat, body)
			moved = true
		}
		if !moved {
			break
		}
	}
	t.Fatal("Blue's bot Captain gave no order")
	return sonar.Command{}
}

// Captains read the situation from a described position: a heading that
// would fill the Engineer's last free symbol of a panel is not taken (the
// drill's answer); a planner surfaces rather than sail into a dead end,
// where a learner sails in; a mine goes where it walls nothing off.
func TestBotCaptainFromAPosition(t *testing.T) {
	breakdown, err := sonar.LoadDrill("breakdown")
	if err != nil {
		t.Fatal(err)
	}
	var safe, unsafe []string
	for _, o := range breakdown.Orders {
		safe = append(safe, string(o.Type)+" "+o.Dir.String())
	}
	for _, o := range breakdown.Wrong {
		unsafe = append(unsafe, string(o.Type)+" "+o.Dir.String())
	}
	// Blue on A1 of Alpha, its route closing A2 off: south is a one-cell
	// dead end, east its own route.
	const cornered = `{"map":"alpha","mode":"turnbased","bot_level":%q,"position":{"turn":"blue",
		"blue":{"route":["A3","B3","B2","B1","A1"]},"red":{"route":["J10"]}}}`
	const pocket = `{"map":"alpha","mode":"realtime","bot_level":%q,"position":{
		"blue":{"route":["N3","O3","O2","O1"],"gauges":{"mine":3}},"red":{"route":["J10"]}}}`
	for _, tc := range []struct {
		name, options string
		want          []string // any of these
		never         []string
	}{
		{"breakdown/learner", `{"drill":"breakdown","map":"alpha","mode":"turnbased","bot_level":"learner"}`, safe, unsafe},
		{"breakdown/crew", `{"drill":"breakdown","map":"alpha","mode":"turnbased","bot_level":"crew"}`, safe, unsafe},
		{"breakdown/veteran", `{"drill":"breakdown","map":"alpha","mode":"turnbased","bot_level":"veteran"}`, safe, unsafe},
		{"cornered/learner", fmt.Sprintf(cornered, BotLearner), []string{"course SOUTH"}, nil},
		{"cornered/crew", fmt.Sprintf(cornered, BotCrew), []string{"surface"}, []string{"course SOUTH"}},
		{"cornered/veteran", fmt.Sprintf(cornered, BotVeteran), []string{"surface"}, []string{"course SOUTH"}},
		// Blue in the corner O1 with a mine ready, in real time, hemmed in
		// by its route and the island N2: N1, the only cell it may mine,
		// is its only way out. It sails out rather than wall itself in.
		{"mine/crew", fmt.Sprintf(pocket, BotCrew), []string{"course WEST"}, []string{"mine N1"}},
		{"mine/veteran", fmt.Sprintf(pocket, BotVeteran), []string{"course WEST"}, []string{"mine N1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for seed := range uint64(8) {
				r := newBotRoom(t, botOptions(t, tc.options), seed, nil)
				c := firstCaptainOrder(t, r)
				got := string(c.Type)
				switch c.Type {
				case sonar.TypeCourse:
					got += " " + c.Dir.String()
				case sonar.TypeMine:
					got += " " + c.Cell.String()
				}
				if !slices.Contains(tc.want, got) || slices.Contains(tc.never, got) {
					t.Fatalf("seed %d: the Captain orders %q, want one of %q", seed, got, tc.want)
				}
				// The order is legal, and the bots play on to the end.
				r.apply(r.g.crewSeats(sonar.Blue)[0], mustJSON(t, c))
				if !r.run(20000) {
					t.Fatalf("seed %d: stuck after %q", seed, got)
				}
			}
		})
	}
}

// Every drill is also a match the bots can play on from, in its own mode.
func TestBotsPlayOnFromEveryDrill(t *testing.T) {
	for _, name := range sonar.Drills() {
		d, err := sonar.LoadDrill(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, lvl := range []string{BotLearner, BotVeteran} {
			js := fmt.Sprintf(`{"drill":%q,"map":%q,"mode":%q,"bot_level":%q}`, name, d.Position.Options.Map, d.Position.Options.Mode, lvl)
			for seed := range uint64(3) {
				if r := newBotRoom(t, botOptions(t, js), seed, nil); !r.run(20000) {
					t.Fatalf("%s seed %d: stuck after %d commands", js, seed, r.cmds)
				}
			}
		}
	}
}

// captainStats is what one level's crews did over seeded matches, as the
// table heard it.
type captainStats struct {
	matches, torpedoes, aimed, mines, triggers, silences, drones, sonars, surfacings, marks, repairs int
	// before and after sum, over the silences, the cells where the enemy
	// may believe the silent crew is, just before and just after.
	before, after int
}

// levelStats plays n seeded 8-bot matches on each map with every bot at
// lvl and counts both crews' deeds; the enemy's picture of a crew is its
// tracker fed with the crew's public announcements (what a perfect enemy
// Radio Operator knows).
func levelStats(t *testing.T, lvl, mode string, maps []string, n int) captainStats {
	t.Helper()
	var s captainStats
	for _, m := range maps {
		for seed := range uint64(n) {
			o := botOptions(t, fmt.Sprintf(`{"map":%q,"mode":%q,"bot_level":%q}`, m, mode, lvl))
			r := newBotRoom(t, o, seed, nil)
			if !r.run(20000) {
				t.Fatalf("%s %s seed %d: stuck", lvl, m, seed)
			}
			s.matches++
			g, _ := New(o, seed)
			for _, c := range r.log {
				seen := map[sonar.Crew]int{}
				if g.bots != nil {
					for _, crew := range sonar.Crews {
						if in := g.bots.intel[crew]; in != nil {
							seen[crew] = len(in.self.Cells())
						}
					}
				}
				evs, err := g.Apply(c)
				if err != nil {
					t.Fatal(err)
				}
				s.count(g, evs, seen)
			}
		}
	}
	return s
}

func (s *captainStats) count(g *Game, evs []games.Event, before map[sonar.Crew]int) {
	for _, e := range evs {
		var se sonar.Event
		if err := json.Unmarshal(e.Data, &se); err != nil {
			continue
		}
		enemyHit := slices.ContainsFunc(se.Hits, func(h sonar.Hit) bool { return h.Crew != se.Crew && h.Result != sonar.Clear })
		switch se.Kind {
		case sonar.KindTorpedo:
			s.torpedoes++
			if enemyHit {
				s.aimed++
			}
		case sonar.KindTrigger:
			s.triggers++
		case sonar.KindMineDropped:
			s.mines++
		case sonar.KindDrone:
			s.drones++
		case sonar.KindSonar:
			s.sonars++
		case sonar.KindSurface:
			s.surfacings++
		case sonar.KindMark:
			s.marks++
		case sonar.KindRepair:
			s.repairs++
		case sonar.KindSilence:
			if in := g.bots.intel[se.Crew]; in != nil && before[se.Crew] > 0 {
				s.silences++
				s.before += before[se.Crew]
				s.after += len(in.self.Cells())
			}
		}
	}
}

// Each level plays as its description says, in a way a table notices: the
// learner only sails and shoots when sure; the crew and the veteran lay and
// set off mines, hide with silence, and their Engineers plan the sheet.
// A silence blurs the enemy's picture of the crew; most torpedoes hit.
func TestBotLevelsPlayTheirPart(t *testing.T) {
	n := 6
	if testing.Short() {
		n = 3
	}
	for _, tc := range []struct {
		lvl, mode string
		planner   bool    // mines, circuits closed on purpose
		hides     bool    // silences, often
		detects   bool    // may launch drones and sonar
		aim       float64 // the least share of torpedoes that hit the enemy
	}{
		{lvl: BotLearner, mode: "turnbased", aim: 0.9},
		{lvl: BotCrew, mode: "turnbased", planner: true, hides: true, aim: 0.6},
		{lvl: BotCrew, mode: "realtime", planner: true, hides: true, aim: 0.5},
		// The veteran's First Mate keeps torpedo and mine charged before
		// the silence, and two veterans sink one another in about 35
		// marks a crew: its silence is seldom ready.
		{lvl: BotVeteran, mode: "turnbased", planner: true, detects: true, aim: 0.6},
		{lvl: BotVeteran, mode: "realtime", planner: true, detects: true, aim: 0.5},
	} {
		t.Run(tc.lvl+"/"+tc.mode, func(t *testing.T) {
			s := levelStats(t, tc.lvl, tc.mode, []string{"alpha", "bravo"}, n)
			t.Logf("%+v", s)
			if s.torpedoes < s.matches || float64(s.aimed) < tc.aim*float64(s.torpedoes) {
				t.Errorf("%d of %d torpedoes hit the enemy in %d matches, want %.0f%%", s.aimed, s.torpedoes, s.matches, 100*tc.aim)
			}
			if s.surfacings == 0 {
				t.Error("no crew ever surfaced")
			}
			if !tc.detects && s.drones+s.sonars > 0 {
				t.Errorf("%d drones and %d sonars", s.drones, s.sonars)
			}
			if !tc.planner {
				if s.mines+s.silences > 0 {
					t.Errorf("a learner used %d mines and %d silences", s.mines, s.silences)
				}
				return
			}
			if s.mines < s.matches || s.triggers == 0 {
				t.Errorf("%d mines laid, %d set off in %d matches", s.mines, s.triggers, s.matches)
			}
			// A silence when the enemy may be close: its picture widens.
			if s.after < 3*s.before || tc.hides && 2*s.silences < s.matches {
				t.Errorf("%d silences in %d matches, the enemy's picture went from %d to %d cells", s.silences, s.matches, s.before, s.after)
			}
			// Four marks close a circuit: a planner's Engineer closes one
			// every 6 to 9 marks, a learner's every 13.
			if s.repairs*10 < s.marks {
				t.Errorf("%d circuits closed in %d marks", s.repairs, s.marks)
			}
		})
	}
}

// The bot Engineer from a described position: the human Captain heads
// north with the torpedo loaded; the NORTH panel offers a red symbol of a
// circuit not yet closing (it would break the loaded torpedo until the
// circuit clears), a green one, another red and the reactor's radiation.
// A planner keeps the torpedo whole; every level avoids what damages.
func TestBotEngineerFromAPosition(t *testing.T) {
	const js = `{"map":"alpha","mode":"turnbased","bot_level":%q,"position":{"turn":"blue",
		"blue":{"route":["B7","B6"],"gauges":{"torpedo":3},"breakdowns":{"north":[0,2]}},"red":{"route":["J10"]}}}`
	for _, tc := range []struct {
		lvl  string
		want []int // the NORTH symbols it may cross out
	}{
		{BotLearner, []int{1, 3, 4, 5}},
		{BotCrew, []int{3}},
		{BotVeteran, []int{3}},
	} {
		t.Run(tc.lvl, func(t *testing.T) {
			for seed := range uint64(8) {
				bot := []bool{false, true, true, true, true, true, true, true}
				r := newBotRoom(t, botOptions(t, fmt.Sprintf(js, tc.lvl)), seed, bot)
				r.settle(100)
				r.apply(0, json.RawMessage(`{"type":"course","dir":"NORTH"}`))
				r.settle(100)
				sheet := r.g.view(0).Own.Sheet
				var marked []int
				for _, s := range sheet {
					if s.Panel.String() == "NORTH" && s.Marked && s.Index != 0 && s.Index != 2 {
						marked = append(marked, s.Index)
					}
				}
				if len(marked) != 1 || !slices.Contains(tc.want, marked[0]) {
					t.Fatalf("seed %d: the Engineer crossed out NORTH %v, want one of %v", seed, marked, tc.want)
				}
			}
		})
	}
}

// A mine laid before a described position's start goes off: nobody heard
// it dropped, so it fits no position on the bot Radio Operator's sheet.
// Like a person, it starts a new sheet from the next announcement on, which
// still holds the enemy, instead of giving up the track for the match.
func TestBotRadioOperatorStartsANewSheet(t *testing.T) {
	o := botOptions(t, `{"map":"alpha","mode":"turnbased","position":{"turn":"red",
		"blue":{"route":["B6","B5"]},"red":{"route":["H8","H7"],"mines":["B4"]}}}`)
	bot := []bool{true, true, true, true, false, true, true, true}
	r := newBotRoom(t, o, 1, bot)
	r.settle(100)
	r.apply(4, json.RawMessage(`{"type":"trigger","cell":"B4"}`))
	r.apply(4, json.RawMessage(`{"type":"course","dir":"NORTH"}`))
	r.settle(100)
	r.apply(4, json.RawMessage(`{"type":"end_turn"}`))
	r.settle(100)
	in := r.g.bots.intel[sonar.Blue]
	// The sheet holds what was heard after the trigger it could not fit.
	if obs, heard := in.enemy.Observations(), r.g.bots.heard[sonar.Blue]; len(heard) != 2 || !jsonEqual(obs, heard[1:]) {
		t.Fatalf("Blue's sheet holds %v of what it heard, %v", obs, heard)
	}
	if !slices.Contains(in.enemy.Cells(), trueCell(r.g, sonar.Red)) {
		t.Fatalf("Blue's sheet has cells %v, Red on %s", in.enemy.Cells(), trueCell(r.g, sonar.Red))
	}
	for _, h := range r.g.view(0).Hints {
		if strings.Contains(h, "lost") {
			t.Fatalf("the Captain hears %q", h)
		}
	}
	// Red's players hand over to bots; the match plays to the end.
	for seat := 4; seat < 8; seat++ {
		r.bot[seat] = true
	}
	if !r.run(20000) {
		t.Fatal("stuck")
	}
}

// playPeople plays until the end: the bots as the room asks them, and the
// people's seats (not bots) giving, a second apart, the order a bot would
// give in their place, without declaring a bot. False if nobody can act and no
// deadline is ahead (stuck).
func (r *botRoom) playPeople(limit int) bool {
	r.t.Helper()
	for r.g.Outcome() == nil {
		r.settle(limit)
		acted := false
		for seat, b := range r.bot {
			if b || r.g.Outcome() != nil {
				continue
			}
			if body, ok := r.g.seatOrder(seat); ok {
				if r.cmds > limit {
					r.t.Fatalf("over %d commands without an end", limit)
				}
				r.apply(seat, body)
				// People take a second an order: time passes for the
				// bots' pace in real time.
				r.now = r.now.Add(time.Second)
				acted = true
			}
		}
		if !acted && r.g.Outcome() == nil && !r.tick() {
			return false
		}
	}
	return true
}

// Bots take any subset of the seats, people the rest, in both modes: every
// subset of a table of two and three phones, and a selection of the
// eight-seat table's (each seat alone, each crew, every other seat, and
// seeded draws).
func TestBotsFillAnySubsetOfSeats(t *testing.T) {
	type table struct {
		js    string
		masks []uint
	}
	// Every subset but the empty one: people who play as the bots do
	// but without a Radio Operator's tracker never fire, and two such
	// crews would sail on for ever.
	var all5 []uint
	for m := uint(1); m < 1<<5; m++ {
		all5 = append(all5, m)
	}
	some8 := []uint{0x0f, 0xf0, 0x55, 0xaa}
	for i := range 8 {
		some8 = append(some8, 1<<i, 0xff&^(1<<i))
	}
	for x := uint(12345); len(some8) < 24; {
		x = x*1103515245 + 12345
		if m := (x >> 16) & 0xff; m != 0 {
			some8 = append(some8, m)
		}
	}
	for _, mode := range []string{"turnbased", "realtime"} {
		for _, tb := range []table{
			{fmt.Sprintf(`{"mode":%q,"map":"bravo","blue_crew":2,"red_crew":3}`, mode), all5},
			{fmt.Sprintf(`{"mode":%q,"map":"alpha"}`, mode), some8},
		} {
			o := botOptions(t, tb.js)
			masks := tb.masks
			if testing.Short() {
				// Every fourth subset: bots alone, people alone and mixed
				// crews of both sizes still come up.
				masks = nil
				for i := 0; i < len(tb.masks); i += 4 {
					masks = append(masks, tb.masks[i])
				}
			}
			for _, m := range masks {
				n := o.Crews[0] + o.Crews[1]
				bot := make([]bool, n)
				for i := range bot {
					bot[i] = m&(1<<i) != 0
				}
				r := newBotRoom(t, o, uint64(m), bot)
				if !r.playPeople(20000) {
					t.Fatalf("%s, bots on %v: stuck after %d commands", tb.js, bot, r.cmds)
				}
				for seat, b := range bot {
					if b != r.g.bots.seats[seat] {
						t.Fatalf("%s: seat %d a bot %v, declared %v", tb.js, seat, b, r.g.bots.seats[seat])
					}
				}
			}
		}
	}
}

// The strengths as a new crew meets them: a crew that does what the first
// dive's coach says (a crew that never played) beats the learner bots
// (TestFollowingTheCoachBeatsTheLearner; 59 of 60 seeds) and loses to the
// veteran bots most of the time (it won 7 of these 60).
func TestANewCrewLosesToTheVeteran(t *testing.T) {
	wins, n := 0, 60
	if testing.Short() {
		n = 20
	}
	for seed := uint64(1); seed <= uint64(n); seed++ {
		r := firstDive(t, seed, 1)
		r.g.bots.levels[sonar.Red] = levels[BotVeteran]
		for i := 0; r.g.Outcome() == nil && i < 3000; i++ {
			r.follow(0, r.lesson(0))
		}
		o := r.g.Outcome()
		if o == nil {
			t.Fatalf("seed %d: no end", seed)
		}
		if slices.Contains(o.Winners, 0) {
			wins++
		}
	}
	t.Logf("the coached crew won %d of %d against the veteran", wins, n)
	if wins*2 >= n {
		t.Errorf("the coached crew won %d of %d against the veteran", wins, n)
	}
}
