package gridtactics

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"periscope/games"
)

// The tests of this file are what a table needs to trust the game: every
// turn and match ends within a stated bound, the bots never put a unit in
// reach for nothing, each strength beats the one below, and the default
// game is fair between the sides and to the first player.

// allOptions is every combination of the room options that change play.
func allOptions() []Options {
	var out []Options
	for bits := range 32 {
		out = append(out, Options{SmallBoard: bits&1 != 0, HiddenSetup: bits&2 != 0, TimeLimit: bits&4 != 0,
			TankAttackInPlace: bits&8 != 0, TankAttacksStraight: bits&16 != 0})
	}
	return out
}

// busyPlayer plays long random-legal sequences: it picks uniformly among
// the legal commands other than ending the turn, and ends the turn only
// rarely or when nothing else is legal, so turns run as long as the rules
// let them.
func busyPlayer(r *rand.Rand) player {
	return func(g *Game, seat int) (Command, bool) {
		switch {
		case g.phase == placing && !g.placed[seat]:
			return randomSetup(g, seat, r), true
		case g.phase == playing && g.turn == seat:
			var cs []Command
			canEnd := false
			for _, c := range g.legal(seat) {
				if c.Type == TypeEndTurn {
					canEnd = true
				} else {
					cs = append(cs, c)
				}
			}
			if canEnd && (len(cs) == 0 || r.IntN(40) == 0) {
				return Command{Type: TypeEndTurn}, true
			}
			return cs[r.IntN(len(cs))], true
		}
		return Command{}, false
	}
}

// Every turn ends within MaxTurnCommands accepted commands and every match
// within TurnLimit turns (MaxMatchCommands commands), whatever the options,
// under long random-legal play: the rules end them, not the players' goodwill.
func TestEveryTurnAndMatchEnds(t *testing.T) {
	seeds := 12
	if testing.Short() {
		seeds = 2
	}
	longest, turnsMax := 0, 0
	for _, o := range allOptions() {
		for seed := range uint64(seeds) {
			r := rand.New(rand.NewPCG(seed, 99))
			players := [2]player{busyPlayer(r), randomPlayer(r)}
			if seed%2 == 1 {
				players[0] = randomPlayer(r)
				players[1] = busyPlayer(r)
			}
			p, err := play(o, seed, players, MaxMatchCommands+1)
			if err != nil {
				t.Fatalf("%+v seed %d: %v", o, seed, err)
			}
			if p.game.Outcome() == nil {
				t.Fatalf("%+v seed %d: no result after %d commands (turn %d); the bound is %d",
					o, seed, len(p.log), p.game.turns, MaxMatchCommands)
			}
			if p.game.turns > TurnLimit {
				t.Fatalf("%+v seed %d: %d turns, more than the limit %d", o, seed, p.game.turns, TurnLimit)
			}
			turn := 0
			for i, evs := range p.events {
				if p.log[i].Seat == games.System {
					continue
				}
				turn++
				if turn > MaxTurnCommands {
					t.Fatalf("%+v seed %d: a turn took more than %d commands", o, seed, MaxTurnCommands)
				}
				longest = max(longest, turn)
				for _, e := range evs {
					if e.Kind == "turn" || e.Kind == "first_roll" || e.Kind == "setup" {
						turn = 0
					}
				}
			}
			turnsMax = max(turnsMax, p.game.turns)
		}
	}
	t.Logf("%d option sets x %d seeds: longest turn %d commands (bound %d), longest match %d turns (bound %d)",
		len(allOptions()), seeds, longest, MaxTurnCommands, turnsMax, TurnLimit)
	if longest < MaxTurnCommands-2 {
		t.Errorf("the longest turn took only %d commands: the players do not test the bound %d", longest, MaxTurnCommands)
	}
}

// reachOf is the squares a unit of kind k on from could attack on its next
// turn, with occupied the squares taken: where it stands, or after the
// 1-square orthogonal step of a tank's or artillery's action.
func reachOf(k Kind, straightTank bool, from Square, size int, occupied map[Square]bool) map[Square]bool {
	out := map[Square]bool{}
	spots := []Square{from}
	if k != Soldier {
		for _, d := range orthogonal {
			if n := from.add(d); n.on(size) && !occupied[n] {
				spots = append(spots, n)
			}
		}
	}
	for _, s := range spots {
		for f := range size {
			for r := range size {
				if sq := (Square{f, r}); reaches(k, straightTank, s, sq) {
					out[sq] = true
				}
			}
		}
	}
	return out
}

// piece is a unit as a seat's view shows it.
type seen struct {
	owner int
	kinds []Kind // every kind it may be
	id    string
}

// boardOf reads a seat's view: square -> what stands there.
func boardOf(v View) map[Square]seen {
	out := map[Square]seen{}
	for _, p := range v.Board {
		sq, _, _ := parseSquare(p.At, v.Size)
		s := seen{owner: p.Owner, id: p.ID}
		if k, ok := parseKind(p.Kind); ok {
			s.kinds = []Kind{k}
		} else {
			s.kinds = []Kind{Soldier, Tank, Artillery}
		}
		out[sq] = s
	}
	return out
}

// forNothing lists seat's units (by id) standing where an enemy could
// attack them next turn while they could attack no enemy from there: "in
// reach for nothing". Worked out from the board alone, apart from the bot.
func forNothing(board map[Square]seen, seat, size int, straight bool) map[string]bool {
	occupied := map[Square]bool{}
	for sq := range board {
		occupied[sq] = true
	}
	threatened := map[Square]bool{}
	for sq, p := range board {
		if p.owner == seat {
			continue
		}
		for _, k := range p.kinds {
			for s := range reachOf(k, straight, sq, size, occupied) {
				threatened[s] = true
			}
		}
	}
	out := map[string]bool{}
	for sq, p := range board {
		if p.owner != seat || !threatened[sq] {
			continue
		}
		answer := false
		for s := range reachOf(p.kinds[0], straight, sq, size, occupied) {
			if q, ok := board[s]; ok && q.owner != seat {
				answer = true
			}
		}
		if !answer {
			out[p.id] = true
		}
	}
	return out
}

// exposedBy is what moving the unit on from to to (and nothing else) would
// newly put in reach for nothing.
func exposedBy(board map[Square]seen, seat, size int, straight bool, from, to Square) []string {
	before := forNothing(board, seat, size, straight)
	after := map[Square]seen{}
	for sq, p := range board {
		after[sq] = p
	}
	after[to] = after[from]
	delete(after, from)
	var out []string
	for id := range forNothing(after, seat, size, straight) {
		if !before[id] {
			out = append(out, id)
		}
	}
	return out
}

// avoidableExposure reports why the bot's command c for seat puts a unit in
// reach for nothing when it need not, or "". The definition (also in
// docs/rules-decisions.md): a unit is "in reach for nothing" when some
// enemy could attack its square on the enemy's next turn (a face-down
// enemy counting as any kind it may be) while it could attack no enemy
// from there. With dice no command certainly loses a unit; what a careful
// player never does is
//   - a move alone (a move, or artillery's move without firing) that puts
//     any of its units in reach for nothing: not moving is always legal and
//     puts none there;
//   - an attack with its 1-square move that puts one there when the same
//     unit could attack the same target from a square (or where it stands)
//     that puts none there.
//
// The target of an attack counts as still standing: the die is not rolled.
func avoidableExposure(g *Game, seat int, c Command) string {
	v := g.view(seat)
	board := boardOf(v)
	ua := func() *UnitActions {
		for i := range v.Legal {
			if v.Legal[i].Unit == c.Unit {
				return &v.Legal[i]
			}
		}
		return nil
	}()
	if ua == nil || c.To == "" {
		return "" // no move: nothing new in reach
	}
	from, _, _ := parseSquare(c.Unit, g.size)
	to, _, _ := parseSquare(c.To, g.size)
	straight := g.opts.TankAttacksStraight
	exposed := exposedBy(board, seat, g.size, straight, from, to)
	if len(exposed) == 0 {
		return ""
	}
	if c.Target == "" {
		return fmt.Sprintf("moving %s to %s puts %v in reach for nothing", c.Unit, c.To, exposed)
	}
	for _, a := range ua.Attacks {
		if a.At == c.Target {
			return fmt.Sprintf("%s moves to %s to attack %s, putting %v in reach for nothing, though it may attack from where it stands", c.Unit, c.To, c.Target, exposed)
		}
	}
	for _, ma := range ua.MoveAttacks {
		alt, _, _ := parseSquare(ma.To, g.size)
		for _, tg := range ma.Targets {
			if tg.At == c.Target && len(exposedBy(board, seat, g.size, straight, from, alt)) == 0 {
				return fmt.Sprintf("%s moves to %s to attack %s, putting %v in reach for nothing, though from %s it would not", c.Unit, c.To, c.Target, exposed, ma.To)
			}
		}
	}
	return ""
}

// botMatch plays one match between two bot strengths, calling check before
// each play command of a bot. It fails the test if the match does not end.
func botMatch(t *testing.T, o Options, seed uint64, levels [2]string, check func(g *Game, seat int, c Command)) *Game {
	t.Helper()
	g := New(o, seed)
	mustApply(t, g, games.System, `{"type":"start"}`)
	for n := 0; g.Outcome() == nil; n++ {
		if n > MaxMatchCommands {
			t.Fatalf("seed %d: %s against %s: no result after %d commands", seed, levels[0], levels[1], n)
		}
		acted := false
		for seat := range 2 {
			body, ok := g.BotCommandAt(seat, levels[seat])
			if !ok {
				continue
			}
			if check != nil && g.phase == playing {
				var c Command
				if err := json.Unmarshal(body, &c); err != nil {
					t.Fatal(err)
				}
				check(g, seat, c)
			}
			mustApply(t, g, seat, string(body))
			acted = true
			break
		}
		if !acted {
			t.Fatalf("seed %d: nobody has anything to do in phase %s", seed, g.phase)
		}
	}
	return g
}

// No bot, at any strength, puts a unit in reach for nothing when it need
// not (see avoidableExposure), over 1,000 matches of every strength pair
// and option (100 under -short). Every match ends.
func TestBotsNeverExposeForNothing(t *testing.T) {
	matches := 1000
	if testing.Short() {
		matches = 100
	}
	opts := allOptions()
	checked, kinds := 0, map[string]int{}
	for seed := range uint64(matches) {
		levels := [2]string{games.BotLevels[seed%3], games.BotLevels[seed/3%3]}
		o := opts[seed*7%uint64(len(opts))]
		g := botMatch(t, o, seed, levels, func(g *Game, seat int, c Command) {
			checked++
			if why := avoidableExposure(g, seat, c); why != "" {
				t.Fatalf("seed %d %+v, %s bot for %s on turn %d: %s", seed, o, levels[seat], names[seat], g.turns, why)
			}
		})
		kinds[g.Outcome().Kind]++
	}
	t.Logf("%d matches, %d bot commands checked; endings %v", matches, checked, kinds)
}

// The checker above finds what it looks for: a soldier walking next to an
// enemy artillery (which can step away and fire; the soldier cannot hit
// it) is in reach for nothing, walking next to an enemy soldier is a
// trade, and staying is always safe.
func TestExposureCheckFinds(t *testing.T) {
	g := layout(t, Options{}, 1, Red, "rS B2", "bA E6", "bS A5", "bS H8")
	for _, tc := range []struct {
		c    Command
		want bool
	}{
		{Command{Type: TypeMove, Unit: "B2", To: "C3"}, true},  // 2 from the artillery's step to E5
		{Command{Type: TypeMove, Unit: "B2", To: "B3"}, false}, // 3 from every square it can fire from
		{Command{Type: TypeMove, Unit: "B2", To: "A4"}, false}, // next to a soldier: a trade
		{Command{Type: TypeMove, Unit: "B2", To: "D5"}, false}, // next to the artillery: it may strike it
		{Command{Type: TypeMove, Unit: "B2", To: "C1"}, false},
	} {
		if got := avoidableExposure(g, Red, tc.c) != ""; got != tc.want {
			t.Errorf("%+v: exposure %v; want %v", tc.c, got, tc.want)
		}
	}
}

// score is a side's share of the points: a win 1, a draw 1/2.
func share(wins, draws, n int) float64 { return (float64(wins) + float64(draws)/2) / float64(n) }

// Each strength beats the one below it at least 70% of the time (draws
// counting as not beaten) on the default game, seats alternating: 300
// matches a pair (40 under -short, which asks only for a majority).
func TestStrengthsBeatTheOneBelow(t *testing.T) {
	matches, want := 300, 0.70
	if testing.Short() {
		matches, want = 40, 0.55
	}
	for _, pair := range [][2]string{{games.BotVeteran, games.BotCrew}, {games.BotCrew, games.BotLearner}} {
		wins := 0
		for seed := range uint64(matches) {
			strong := int(seed % 2)
			var levels [2]string
			levels[strong], levels[1-strong] = pair[0], pair[1]
			o := botMatch(t, Options{}, 1000+seed, levels, nil).Outcome()
			if len(o.Winners) == 1 && o.Winners[0] == strong {
				wins++
			}
		}
		rate := float64(wins) / float64(matches)
		t.Logf("%s beats %s in %d of %d (%.1f%%)", pair[0], pair[1], wins, matches, 100*rate)
		if rate < want {
			t.Errorf("%s beats %s in only %.1f%% of %d matches; want at least %.0f%%", pair[0], pair[1], 100*rate, matches, 100*want)
		}
	}
}

// The default game is fair at the strongest level: veteran against
// veteran, Red's and the first player's share of the points is within 5
// points of one half, allowing for the sample (95% interval). 300 matches
// (40 under -short, which asks only for no gross imbalance).
func TestDefaultGameIsFair(t *testing.T) {
	matches, slack := 300, 5.0
	if testing.Short() {
		matches, slack = 40, 10
	}
	var red, first, draws, turns int
	kinds := map[string]int{}
	for seed := range uint64(matches) {
		g := botMatch(t, Options{}, 5000+seed, [2]string{games.BotVeteran, games.BotVeteran}, nil)
		o := g.Outcome()
		kinds[o.Kind]++
		turns += g.turns
		f, _ := g.FirstTeam()
		switch {
		case len(o.Winners) == 0:
			draws++
		case o.Winners[0] == Red:
			red++
			if f == Red {
				first++
			}
		default:
			if f == Blue {
				first++
			}
		}
	}
	half := 1.96 * 100 * math.Sqrt(0.25/float64(matches))
	for _, s := range []struct {
		who  string
		wins int
	}{{"Red", red}, {"the first player", first}} {
		pct := 100 * share(s.wins, draws, matches)
		t.Logf("%s: %.1f%% of the points (95%% interval ±%.1f) in %d veteran matches", s.who, pct, half, matches)
		if math.Abs(pct-50)-half > slack {
			t.Errorf("%s takes %.1f%% of the points: more than %.0f points from fair beyond the sample's ±%.1f", s.who, pct, slack, half)
		}
	}
	t.Logf("%d draws, %.1f turns on average, endings %v", draws, float64(turns)/float64(matches), kinds)
}
