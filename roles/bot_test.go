package roles

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"periscope/games"
	"periscope/sonar"
	"periscope/sonar/chart"
)

// botRoom plays a match as the room runtime does: after every accepted
// command each bot seat is asked for its next order until none has one;
// then the clock jumps to the game's deadline and the room ticks.
type botRoom struct {
	t    testing.TB
	g    *Game
	bot  []bool
	now  time.Time
	log  []games.Command
	cmds int // commands applied
	// applied, if set, runs after every accepted command.
	applied func()
}

func newBotRoom(t testing.TB, o Options, seed uint64, bot []bool) *botRoom {
	t.Helper()
	g, err := New(o, seed)
	if err != nil {
		t.Fatal(err)
	}
	if bot == nil {
		bot = make([]bool, len(g.seats))
		for i := range bot {
			bot[i] = true
		}
	}
	r := &botRoom{t: t, g: g, bot: bot, now: time.Unix(1_700_000_000, 0).UTC()}
	r.apply(games.System, games.StartBody)
	return r
}

func (r *botRoom) apply(seat int, body json.RawMessage) {
	r.t.Helper()
	// A bot seat's commands come from its bot, as the room sends them.
	bot := seat >= 0 && seat < len(r.bot) && r.bot[seat]
	cmd := games.Command{Seat: seat, Body: body, Time: r.now, Bot: bot}
	if _, err := r.g.Apply(cmd); err != nil {
		r.t.Fatalf("seat %d: %s refused: %v", seat, body, err)
	}
	r.log = append(r.log, cmd)
	r.cmds++
	if r.applied != nil {
		r.applied()
	}
}

// settle lets the bots play until none has anything to do; every bot
// order must be accepted.
func (r *botRoom) settle(limit int) {
	r.t.Helper()
	for moved := true; moved && r.g.Outcome() == nil; {
		moved = false
		for seat, b := range r.bot {
			if !b || r.g.Outcome() != nil {
				continue
			}
			body, ok := r.g.BotCommand(seat)
			if !ok {
				continue
			}
			if r.cmds > limit {
				r.t.Fatalf("over %d commands without an end", limit)
			}
			r.apply(seat, body)
			moved = true
		}
	}
}

// run plays until the end, ticking at each deadline; false if the bots
// stop with no deadline ahead (stuck).
func (r *botRoom) run(limit int) bool {
	r.t.Helper()
	for r.g.Outcome() == nil {
		r.settle(limit)
		if r.g.Outcome() == nil && !r.tick() {
			return false
		}
	}
	return true
}

// checkReplay rebuilds the match from the room's log, as a restart does:
// every logged command is accepted again, and the rebuilt match ends as
// this one, with the same view for seat 0.
func (r *botRoom) checkReplay() {
	r.t.Helper()
	seed := r.g.bots.seed
	g, err := New(r.g.opts, seed)
	if err != nil {
		r.t.Fatal(err)
	}
	for i, c := range r.log {
		if _, err := g.Apply(c); err != nil {
			r.t.Fatalf("seed %d: replay of command %d (%s): %v", seed, i, c.Body, err)
		}
	}
	if !jsonEqual(g.Outcome(), r.g.Outcome()) || !jsonEqual(g.view(0), r.g.view(0)) {
		r.t.Fatalf("seed %d: the replay ends %+v, the match %+v", seed, g.Outcome(), r.g.Outcome())
	}
}

// tick moves the clock on to the match's next deadline, if it is ahead,
// and ticks; false if there is no deadline.
func (r *botRoom) tick() bool {
	r.t.Helper()
	at, ok := r.g.Deadline()
	if !ok {
		return false
	}
	if at.After(r.now) {
		r.now = at
	}
	r.apply(games.System, games.TickBody)
	return true
}

func botOptions(t testing.TB, js string) Options {
	t.Helper()
	o, err := ParseOptions([]byte(js))
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func TestEightBotsFinishInBothModes(t *testing.T) {
	for _, mode := range []string{"turnbased", "realtime"} {
		for _, m := range []string{"alpha", "bravo", "charlie", "echo"} {
			t.Run(mode+"/"+m, func(t *testing.T) {
				seeds := 6
				if testing.Short() {
					seeds = 2
				}
				for seed := range uint64(seeds) {
					r := newBotRoom(t, botOptions(t, fmt.Sprintf(`{"map":%q,"mode":%q}`, m, mode)), seed, nil)
					if !r.run(20000) {
						t.Fatalf("seed %d: stuck after %d commands:\n%+v", seed, r.cmds, r.g.view(0).Own)
					}
				}
			})
		}
	}
}

// duel plays n seeded turn-based matches on each map between bots of
// levels a and b, each crew colour to each level in turn, and counts a's
// wins, b's wins and draws.
func duel(t testing.TB, maps []string, a, b string, n int) [3]int {
	t.Helper()
	var wins [3]int
	for _, m := range maps {
		for seed := range uint64(n) {
			r := newBotRoom(t, botOptions(t, fmt.Sprintf(`{"map":%q,"mode":"turnbased"}`, m)), seed, nil)
			blueA := int(seed % 2)
			r.g.bots.levels[blueA], r.g.bots.levels[1-blueA] = levels[a], levels[b]
			if !r.run(20000) {
				t.Fatalf("%s seed %d stuck", m, seed)
			}
			switch o := r.g.Outcome(); {
			case len(o.Winners) == 0:
				wins[2]++
			case o.Winners[0] == blueA:
				wins[0]++
			default:
				wins[1]++
			}
		}
	}
	return wins
}

func TestStrongerBotsWinMore(t *testing.T) {
	n := 30
	if testing.Short() {
		n = 8
	}
	for _, p := range [][2]string{{BotCrew, BotLearner}, {BotVeteran, BotCrew}, {BotVeteran, BotLearner}} {
		if testing.Short() && p[1] != BotLearner {
			// Veteran against crew is close (about 55-60%): 16 matches
			// cannot tell it; the full run's 60 can.
			continue
		}
		w := duel(t, []string{"alpha", "bravo"}, p[0], p[1], n)
		t.Logf("%s against %s: %d won, %d lost, %d drawn", p[0], p[1], w[0], w[1], w[2])
		if w[0] <= w[1] {
			t.Errorf("%s won %d of %d matches against %s", p[0], w[0], w[0]+w[1]+w[2], p[1])
		}
	}
}

// TestBotStrengthTable prints the table of docs/benchmarks.md:
// PERISCOPE_BOT_TABLE=100 go test -run TestBotStrengthTable -v ./roles/
func TestBotStrengthTable(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("PERISCOPE_BOT_TABLE"))
	if n <= 0 {
		t.Skip("set PERISCOPE_BOT_TABLE to the number of seeds per map")
	}
	names := []string{BotLearner, BotCrew, BotVeteran}
	for _, m := range []string{"alpha", "bravo"} {
		fmt.Printf("\n%s, %d matches per pairing (row's wins %%, draws)\n\n| | learner | crew | veteran |\n|---|---|---|---|\n", m, n)
		for _, a := range names {
			fmt.Printf("| %s |", a)
			for _, b := range names {
				w := duel(t, []string{m}, a, b, n)
				fmt.Printf(" %.0f%% (%d) |", 100*float64(w[0])/float64(n), w[2])
			}
			fmt.Println()
		}
	}
}

func TestBotMatchesAreDeterministicAndReplay(t *testing.T) {
	for _, js := range []string{`{"mode":"turnbased","map":"bravo"}`, `{"mode":"realtime","map":"alpha"}`, `{"mode":"realtime","blue_crew":2,"red_crew":3}`} {
		t.Run(js, func(t *testing.T) {
			a := newBotRoom(t, botOptions(t, js), 42, nil)
			b := newBotRoom(t, botOptions(t, js), 42, nil)
			a.run(20000)
			b.run(20000)
			if len(a.log) != len(b.log) {
				t.Fatalf("same seed, %d and %d commands", len(a.log), len(b.log))
			}
			for i := range a.log {
				if string(a.log[i].Body) != string(b.log[i].Body) || !a.log[i].Time.Equal(b.log[i].Time) || a.log[i].Seat != b.log[i].Seat {
					t.Fatalf("command %d differs: %s at %v, %s at %v", i, a.log[i].Body, a.log[i].Time, b.log[i].Body, b.log[i].Time)
				}
			}
			// A restart replays the log, the bots' declarations and the
			// clock's ticks included, to the same match.
			a.checkReplay()
		})
	}
}

// hidden is one thing Blue cannot know about Red, changed: vary gives the
// orders Red's seat sends instead of c, best first (none: c as logged).
type hidden struct {
	name string
	vary func(c sonar.Command, g *Game) []sonar.Command
}

var redSecrets = []hidden{
	{"start", func(c sonar.Command, _ *Game) []sonar.Command {
		// The whole route shifted: one cell east, west, south or north.
		if c.Type != sonar.TypePlace {
			return nil
		}
		var out []sonar.Command
		for _, d := range chart.Dirs {
			v := c
			v.Cell = c.Cell.Add(d)
			out = append(out, v)
		}
		return out
	}},
	{"gauges", func(c sonar.Command, _ *Game) []sonar.Command {
		// The First Mate charges another gauge.
		if c.Type != sonar.TypeCharge {
			return nil
		}
		var out []sonar.Command
		for _, sys := range []sonar.System{sonar.Sonar, sonar.Drone, sonar.Silence, sonar.Mine, sonar.Torpedo} {
			if sys != c.System {
				v := c
				v.System = sys
				out = append(out, v)
			}
		}
		return out
	}},
	{"sheet", func(c sonar.Command, g *Game) []sonar.Command {
		// The Engineer crosses out another symbol of the same panel.
		if c.Type != sonar.TypeMark {
			return nil
		}
		var out []sonar.Command
		for _, s := range g.crewView(sonar.Red).Sheet {
			if s.Panel == c.Panel && !s.Marked && s.Index != c.Symbol {
				v := c
				v.Symbol = s.Index
				out = append(out, v)
			}
		}
		return out
	}},
}

// TestBotSeesOnlyItsSeat plays matches again with one of Red's secrets
// changed (its hidden start, the gauges its First Mate charges, the symbols
// its Engineer crosses out): every Blue bot must give the same orders as
// long as Blue's table heard the same things.
func TestBotSeesOnlyItsSeat(t *testing.T) {
	compared := map[string]int{}
	for seed := range uint64(6) {
		for _, js := range []string{`{"mode":"turnbased","map":"bravo"}`, `{"mode":"realtime","map":"alpha","blue_crew":3}`,
			`{"mode":"turnbased","map":"alpha","blue_crew":1,"red_crew":2,"bot_level":"veteran"}`} {
			a := newBotRoom(t, botOptions(t, js), seed, nil)
			a.run(20000)
			for _, h := range redSecrets {
				compared[h.name] += blindReplay(t, a, h)
			}
		}
	}
	for _, h := range redSecrets {
		if compared[h.name] < 300 {
			t.Errorf("with Red's %s changed, only %d orders compared", h.name, compared[h.name])
		}
	}
	t.Logf("orders compared: %v", compared)
}

// blindReplay replays a's log twice, once as logged and once with Red's
// orders varied by h, asking every Blue bot seat for its order at each step
// in both matches; it stops where Blue's table first hears something
// different (or Red's logged orders no longer fit), and returns how many
// orders it compared.
func blindReplay(t *testing.T, a *botRoom, h hidden) int {
	t.Helper()
	ga, _ := New(a.g.opts, a.g.bots.seed)
	gb, _ := New(a.g.opts, a.g.bots.seed)
	n := 0
	for i, c := range a.log {
		ea, err := ga.Apply(c)
		if err != nil {
			t.Fatalf("replay %d: %v", i, err)
		}
		var eb []games.Event
		applied := false
		if c.Seat >= 0 && gb.seats[c.Seat].crew == sonar.Red {
			if o, err := sonar.ParseOrder(c.Body); err == nil {
				o.Crew = sonar.Red
				for _, v := range h.vary(o.Command, gb) {
					cb := c
					cb.Body, _ = json.Marshal(v)
					if eb, err = gb.Apply(cb); err == nil {
						applied = true
						break
					}
				}
			}
		}
		if !applied {
			if eb, err = gb.Apply(c); err != nil {
				return n // Red's logged order does not fit its changed state
			}
		}
		for seat, s := range ga.seats {
			if s.crew != sonar.Blue || !ga.bots.seats[seat] {
				continue
			}
			ba, oka := ga.BotCommand(seat)
			bb, okb := gb.BotCommand(seat)
			if oka != okb || string(ba) != string(bb) {
				t.Fatalf("Red's %s changed: after %s, Blue seat %d orders %s in one match and %s in the other", h.name, c.Body, seat, ba, bb)
			}
			n++
		}
		if !sameHeard(ea, eb, sonar.Blue, ga) {
			return n
		}
	}
	return n
}

// sameHeard reports whether crew c learns the same from two event lists.
func sameHeard(a, b []games.Event, c sonar.Crew, g *Game) bool {
	seat := g.crewSeats(c)[0]
	var ta, tb []string
	for _, e := range a {
		if e.VisibleTo(seat) {
			ta = append(ta, string(e.Data))
		}
	}
	for _, e := range b {
		if e.VisibleTo(seat) {
			tb = append(tb, string(e.Data))
		}
	}
	return slices.Equal(ta, tb)
}

func TestBotsKeepAHumanPaceInRealTime(t *testing.T) {
	for seed := range uint64(4) {
		r := newBotRoom(t, botOptions(t, `{"mode":"realtime","bot_level":"veteran"}`), seed, nil)
		r.run(20000)
		var last [2]time.Time
		for _, c := range r.log {
			if c.Seat < 0 {
				continue
			}
			o, err := sonar.ParseOrder(c.Body)
			if err != nil || !paced(o.Type) {
				continue
			}
			crew := r.g.seats[c.Seat].crew
			if !last[crew].IsZero() && c.Time.Sub(last[crew]) < levels[BotVeteran].pace {
				t.Fatalf("seed %d: %s %s only %v after the crew's last order", seed, crew, c.Body, c.Time.Sub(last[crew]))
			}
			last[crew] = c.Time
		}
	}
}

func TestBotsNeverHurtThemselves(t *testing.T) {
	for _, lvl := range []string{BotCrew, BotVeteran} {
		for seed := range uint64(10) {
			for _, mode := range []string{"turnbased", "realtime"} {
				r := newBotRoom(t, botOptions(t, fmt.Sprintf(`{"mode":%q,"map":"charlie","bot_level":%q}`, mode, lvl)), seed, nil)
				r.run(20000)
				g, _ := New(r.g.opts, seed)
				for _, c := range r.log {
					evs, _ := g.Apply(c)
					for _, e := range evs {
						var se sonar.Event
						json.Unmarshal(e.Data, &se)
						if se.Kind == sonar.KindOverload {
							t.Errorf("%s seed %d %s: %s", lvl, seed, mode, e.Text)
						}
						for _, h := range se.Hits {
							if h.Crew == se.Crew && h.Result != sonar.Clear {
								t.Errorf("%s seed %d %s: own impact: %s", lvl, seed, mode, e.Text)
							}
						}
					}
				}
			}
		}
	}
}

func TestBotsFillAnySeats(t *testing.T) {
	for _, js := range []string{`{"mode":"turnbased","blue_crew":1,"red_crew":1}`, `{"mode":"turnbased","blue_crew":2,"red_crew":4,"map":"echo"}`,
		`{"mode":"realtime","blue_crew":3,"red_crew":2,"map":"delta"}`, `{"mode":"realtime","blue_crew":1,"red_crew":4,"radio":"heat","bot_level":"learner"}`} {
		for seed := range uint64(4) {
			r := newBotRoom(t, botOptions(t, js), seed, nil)
			if !r.run(20000) {
				t.Fatalf("%s seed %d: stuck", js, seed)
			}
		}
	}
}

// BenchmarkBotCommand times one bot decision (BotCommand for one seat) over
// positions taken every 20 commands of a seeded 8-bot match, each seat in
// turn, with the views built afresh as after a new command; p99-ns is the
// 99th percentile of single decisions.
func BenchmarkBotCommand(b *testing.B) {
	for _, lvl := range []string{BotLearner, BotCrew, BotVeteran} {
		for _, mode := range []string{"turnbased", "realtime"} {
			b.Run(lvl+"/"+mode, func(b *testing.B) {
				opts := botOptions(b, fmt.Sprintf(`{"mode":%q,"bot_level":%q}`, mode, lvl))
				r := newBotRoom(b, opts, 7, nil)
				r.run(20000)
				var states []*Game
				for n := 20; n < len(r.log); n += 20 {
					g, _ := New(opts, 7)
					for _, c := range r.log[:n] {
						if _, err := g.Apply(c); err != nil {
							b.Fatal(err)
						}
					}
					states = append(states, g)
				}
				times := make([]time.Duration, 0, b.N)
				b.ResetTimer()
				for i := range b.N {
					g := states[i%len(states)]
					g.views = viewCache{} // cold: as after a new command
					t0 := time.Now()
					g.BotCommand(i / len(states) % len(g.seats))
					times = append(times, time.Since(t0))
				}
				b.StopTimer()
				slices.Sort(times)
				b.ReportMetric(float64(times[len(times)*99/100].Nanoseconds()), "p99-ns")
			})
		}
	}
}

// A human Captain with a bot Radio Operator hears where the enemy may be:
// a line on every other phone of the crew, from a tracker that never
// loses the enemy.
func TestBotRadioOperatorTellsItsCrew(t *testing.T) {
	o := botOptions(t, `{"mode":"turnbased","map":"bravo"}`)
	bot := []bool{false, true, true, true, true, true, true, true}
	r := newBotRoom(t, o, 3, bot)
	heard := 0
	for step := 0; step < 400 && r.g.Outcome() == nil; step++ {
		r.settle(20000)
		v := r.g.view(0)
		report := ""
		for _, h := range v.Hints {
			if strings.HasPrefix(h, "Radio Operator (bot)") {
				report = h
			}
		}
		if v.Public.Playing && report == "" {
			t.Fatalf("the Captain hears nothing from the bot Radio Operator: %q", v.Hints)
		}
		if report != "" {
			heard++
			// The report is read from the crew's tracker, which never
			// loses the true cell.
			enemy := trueCell(r.g, sonar.Red)
			if in := r.g.bots.intel[sonar.Blue]; !slices.Contains(in.enemy.Cells(), enemy) {
				t.Fatalf("the report %q comes from a tracker without the enemy's cell %s", report, enemy)
			}
		}
		if slices.ContainsFunc(r.g.view(1).Hints, func(h string) bool { return strings.HasPrefix(h, "Radio Operator (bot)") }) != (report != "") {
			t.Fatal("the First Mate does not hear what the Captain hears")
		}
		// The human Captain: the bot's own choice, sent as a player would.
		d := r.g.botsReady()
		d.seats[0] = true
		body, ok := r.g.BotCommand(0)
		d.seats[0] = false
		if !ok {
			continue
		}
		r.apply(0, body)
	}
	if heard < 20 {
		t.Fatalf("only %d reports", heard)
	}
}

// A bot that takes a seat mid-match (a player left, the host seated a bot)
// picks up from what its crew heard so far and plays to the end.
func TestBotTakesOverMidMatch(t *testing.T) {
	took := 0
	for _, js := range []string{`{"mode":"turnbased"}`, `{"mode":"realtime","map":"bravo"}`} {
		for seed := range uint64(4) {
			o := botOptions(t, js)
			bot := []bool{false, false, false, false, true, true, true, true}
			r := newBotRoom(t, o, seed, bot)
			// Blue's players, for 60 orders: each plays as a bot would,
			// giving its orders itself (no declaration, no pace, no tracker).
			for n := 0; n < 60 && r.g.Outcome() == nil; {
				r.settle(20000)
				if r.g.Outcome() != nil {
					break
				}
				acted := false
				for seat := range 4 {
					r.g.bots.seats[seat] = true
					body, ok := r.g.BotCommand(seat)
					r.g.bots.seats[seat] = false
					if ok {
						r.apply(seat, body)
						acted, n = true, n+1
					}
				}
				if !acted {
					at, ok := r.g.Deadline()
					if !ok {
						v := r.g.view(0)
						t.Fatalf("%s seed %d: stuck before the takeover: %+v %+v %+v", js, seed, v.Public, v.Own.Turn, v.Own.Duties)
					}
					r.now = at
					r.apply(games.System, games.TickBody)
				}
			}
			if r.g.Outcome() != nil {
				continue
			}
			took++
			for seat := range 4 {
				r.bot[seat] = true
			}
			if !r.run(20000) {
				t.Fatalf("%s seed %d: stuck after the takeover", js, seed)
			}
			in := r.g.bots.intel[sonar.Blue]
			if in == nil || in.fed[0] != len(r.g.bots.heard[sonar.Blue]) {
				t.Fatalf("%s seed %d: Blue's tracker did not take in what the crew heard before", js, seed)
			}
		}
	}
	if took < 4 {
		t.Fatalf("only %d takeovers", took)
	}
}

// A human Captain's bot First Mate and Engineer answer each course at once:
// the room's clock has nothing to tick for them.
func TestBotCrewMatesNeedNoClock(t *testing.T) {
	bot := []bool{false, true, true, false, false, false, false, false}
	r := newBotRoom(t, botOptions(t, `{"mode":"realtime","map":"bravo"}`), 5, bot)
	r.settle(100)
	r.apply(0, json.RawMessage(`{"type":"place","cell":"H8"}`))
	r.apply(4, json.RawMessage(`{"type":"place","cell":"B2"}`))
	for _, dir := range []string{"NORTH", "NORTH", "WEST"} {
		r.now = r.now.Add(2 * time.Second)
		r.apply(0, json.RawMessage(`{"type":"course","dir":"`+dir+`"}`))
		r.settle(100)
		if d := r.g.view(0).Own.Duties; d.FirstMate || d.Engineer {
			t.Fatalf("after %s the bots still owe %+v", dir, d)
		}
		if at, ok := r.g.Deadline(); ok {
			t.Fatalf("a deadline at %v for bots that need none", at)
		}
	}
}
