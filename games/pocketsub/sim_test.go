package pocketsub

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"periscope/games"
)

// simResult is what one bot-against-bot match came to.
type simResult struct {
	winners   []int // winning teams
	first     int   // the first player's team
	kind      string
	turns     int
	rounds    int
	selfLoss  int // moves that lost a Sub of the mover's side while a move losing none was listed
	bestMoves int // bot moves checked
}

// simMatch plays a match between bots at the given strength per seat,
// checking every move for an avoidable loss: the view listed a move that
// loses no Sub, yet the bot's move cost its side one and did not win.
func simMatch(t testing.TB, o Options, seed uint64, levels []string) simResult {
	t.Helper()
	o, err := o.withDefaults()
	if err != nil {
		t.Fatal(err)
	}
	g := New(o, seed)
	mustApply(t, g, games.System, string(games.StartBody))
	var r simResult
	r.first, _ = g.FirstTeam()
	limit := maxTurns(o)
	for g.Outcome() == nil {
		if g.turns > limit {
			t.Fatalf("%+v seed %d: no result after %d turns", o, seed, g.turns)
		}
		seat := g.turn
		body, ok := g.BotCommandAt(seat, levels[seat])
		if !ok {
			t.Fatalf("%+v seed %d: the %s bot of seat %d has nothing to do in %s", o, seed, levels[seat], seat, g.phase)
		}
		safeListed := false
		before := 0
		if g.phase == playing {
			r.bestMoves++
			for _, m := range g.view(seat).Moves {
				safeListed = safeListed || m.Lost == ""
			}
			before = g.teamSubs(g.team[seat])
		}
		wasPlaying := g.phase == playing
		if _, err := g.Apply(games.Command{Seat: seat, Body: body, Time: clock}); err != nil {
			t.Fatalf("%+v seed %d: the %s bot's %s was refused: %v", o, seed, levels[seat], body, err)
		}
		if wasPlaying && safeListed && g.teamSubs(g.team[seat]) < before {
			won := false
			if out := g.Outcome(); out != nil {
				for _, w := range out.Winners {
					won = won || w == g.team[seat]
				}
			}
			if !won {
				r.selfLoss++
				if testing.Verbose() {
					t.Logf("%+v seed %d turn %d: %s bot of seat %d played %s and lost a Sub with a safe move listed", o, seed, g.turns, levels[seat], seat, body)
				}
			}
		}
	}
	out := g.Outcome()
	r.winners, r.kind, r.turns, r.rounds = out.Winners, out.Kind, g.turns, g.round
	return r
}

// teamSubs counts a team's Subs in play.
func (g *Game) teamSubs(team int) int {
	n := 0
	for s := range g.opts.Players {
		if g.team[s] == team {
			n += g.liveSubs(s)
		}
	}
	return n
}

// wilson is the 95% Wilson interval of k successes in n, in percent.
func wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 100
	}
	const z = 1.96
	p := float64(k) / float64(n)
	d := 1 + z*z/float64(n)
	c := (p + z*z/(2*float64(n))) / d
	h := z * math.Sqrt(p*(1-p)/float64(n)+z*z/(4*float64(n)*float64(n))) / d
	return 100 * (c - h), 100 * (c + h)
}

// balance is the tally of many matches of one configuration.
type balance struct {
	matches, first, draws, selfLoss, turns int
	team                                   map[int]int
	kinds                                  map[string]int
}

func (b *balance) add(r simResult) {
	if b.team == nil {
		b.team, b.kinds = map[int]int{}, map[string]int{}
	}
	b.matches++
	b.turns += r.turns
	b.selfLoss += r.selfLoss
	b.kinds[r.kind]++
	if len(r.winners) == 0 {
		b.draws++
	}
	for _, w := range r.winners {
		b.team[w]++
		if w == r.first {
			b.first++
		}
	}
}

func (b *balance) String() string {
	lo, hi := wilson(b.first, b.matches)
	s := fmt.Sprintf("first player %d/%d = %.0f%% [%.0f-%.0f]", b.first, b.matches, 100*float64(b.first)/float64(b.matches), lo, hi)
	for team := 0; team < 4; team++ {
		if k, ok := b.team[team]; ok || team < 2 {
			lo, hi := wilson(k, b.matches)
			s += fmt.Sprintf("; team %d %.0f%% [%.0f-%.0f]", team, 100*float64(k)/float64(b.matches), lo, hi)
		}
	}
	return s + fmt.Sprintf("; draws %d; %.0f turns; %v; avoidable losses %d", b.draws, float64(b.turns)/float64(b.matches), b.kinds, b.selfLoss)
}

// The default configurations: 2, 3 and 4 players on each setup.
var defaultConfigs = []Options{
	{Players: 2}, {Players: 3}, {Players: 4},
	{Players: 2, Setup: SetupStandard}, {Players: 3, Setup: SetupStandard}, {Players: 4, Setup: SetupStandard},
}

// TestBalanceReport prints the balance of every default configuration
// between veteran bots when POCKETSUB_BALANCE is a number of matches:
//
//	POCKETSUB_BALANCE=300 nice -n 10 go test -run TestBalanceReport -v ./games/pocketsub/
//
// POCKETSUB_OPTIONS adds options to each ({"first_player":"random"}).
// The figures are in docs/rules-decisions.md.
func TestBalanceReport(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("POCKETSUB_BALANCE"))
	if n == 0 {
		t.Skip("set POCKETSUB_BALANCE to a number of matches")
	}
	extra := json.RawMessage(os.Getenv("POCKETSUB_OPTIONS"))
	// POCKETSUB_MINES tries other supplies: {"2":[12,11]}.
	if m := os.Getenv("POCKETSUB_MINES"); m != "" {
		var mines map[int][]int
		if err := json.Unmarshal([]byte(m), &mines); err != nil {
			t.Fatal(err)
		}
		for n, each := range mines {
			saved := layouts[n].Mines
			layouts[n].Mines = each
			t.Cleanup(func() { layouts[n].Mines = saved })
		}
	}
	// POCKETSUB_STANDARD_MINES does the same for the standard setup.
	if m := os.Getenv("POCKETSUB_STANDARD_MINES"); m != "" {
		var mines map[int][]int
		if err := json.Unmarshal([]byte(m), &mines); err != nil {
			t.Fatal(err)
		}
		for n, each := range mines {
			saved := layouts[n].StandardMines
			layouts[n].StandardMines = each
			t.Cleanup(func() { layouts[n].StandardMines = saved })
		}
	}
	// POCKETSUB_LAYOUTS tries other layouts: {"3":{"tiles":[...],...}}.
	if l := os.Getenv("POCKETSUB_LAYOUTS"); l != "" {
		var try map[int]*Layout
		if err := json.Unmarshal([]byte(l), &try); err != nil {
			t.Fatal(err)
		}
		for n, lay := range try {
			saved := layouts[n]
			if lay.Mines == nil {
				lay.Mines = saved.Mines
			}
			if lay.StandardMines == nil {
				lay.StandardMines = saved.StandardMines
			}
			layouts[n] = lay
			t.Cleanup(func() { layouts[n] = saved })
		}
	}
	// POCKETSUB_ONLY keeps the configurations named like "3 intro".
	configs := defaultConfigs
	if only := os.Getenv("POCKETSUB_ONLY"); only != "" {
		configs = nil
		for _, o := range defaultConfigs {
			d, _ := o.withDefaults()
			if strings.Contains(only, fmt.Sprintf("%d %s", d.Players, d.Setup)) {
				configs = append(configs, o)
			}
		}
	}
	for _, o := range configs {
		if len(extra) > 0 {
			if err := json.Unmarshal(extra, &o); err != nil {
				t.Fatal(err)
			}
		}
		start := time.Now()
		var b balance
		for seed := uint64(1); seed <= uint64(n); seed++ { // the balance tool's seeds
			b.add(simMatch(t, o, seed, levelsOf(games.BotVeteran, o.Players)))
		}
		t.Logf("%d players %s: %s (%v)", o.Players, o.Setup, &b, time.Since(start).Round(time.Millisecond))
	}
}

func levelsOf(level string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = level
	}
	return out
}

// strengthMatches plays n matches of a stronger against a weaker level:
// 2 and 3 players take turns (in 3-player matches the stronger plays one
// seat against two weaker), on both setups, the stronger in every seat in
// turn. It returns the stronger's wins.
func strengthMatches(t *testing.T, strong, weak string, n int) (won int) {
	t.Helper()
	for m := range n {
		o := Options{Players: 2, FirstPlayer: FirstRandom}
		if m%2 == 1 {
			o.Setup = SetupStandard
		}
		levels := levelsOf(weak, o.Players)
		seat := (m / 2) % o.Players
		levels[seat] = strong
		r := simMatch(t, o, uint64(1000+m), levels)
		if r.selfLoss > 0 {
			t.Errorf("%s against %s, match %d: %d avoidable losses", strong, weak, m, r.selfLoss)
		}
		for _, w := range r.winners {
			if w == seat {
				won++
			}
		}
	}
	return won
}

// Each strength beats the one below it in at least 70% of 2-player
// matches, whichever seat and setup (100 matches a pair; under -short 20,
// too few to tell 70% from 60%, so there the stronger must win most).
func TestBotStrengths(t *testing.T) {
	n, need := 100, 0.7
	if testing.Short() {
		n, need = 20, 0.55
	}
	if s := os.Getenv("POCKETSUB_STRENGTH"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	for _, pair := range [][2]string{{games.BotCrew, games.BotLearner}, {games.BotVeteran, games.BotCrew}} {
		won := strengthMatches(t, pair[0], pair[1], n)
		lo, hi := wilson(won, n)
		t.Logf("%s beats %s in %d of %d (%.0f%%, 95%% interval %.0f-%.0f%%)", pair[0], pair[1], won, n, 100*float64(won)/float64(n), lo, hi)
		if float64(won) < need*float64(n) {
			t.Errorf("%s beat %s in %d of %d matches; want at least %.0f%%", pair[0], pair[1], won, n, 100*need)
		}
	}
}

// No bot, at any strength, loses a Sub of its side on a move when the
// engine lists a move that loses none, unless its move wins: over 1,000
// matches (60 under -short) of 2, 3 and 4 players, both setups, with and
// without the expansion, learners and crews at every seat and a veteran
// in every thirtieth (a 2-player match: the veteran thinks longest, and
// it chooses from the same careful list).
func TestNoAvoidableLoss(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 60
	}
	moves, losses := 0, 0
	for m := range n {
		o := Options{Players: 2 + m%3, Captain: m%4 == 3, FirstPlayer: FirstRandom}
		if m%2 == 1 {
			o.Setup = SetupStandard
		}
		levels := make([]string, o.Players)
		for s := range levels {
			levels[s] = []string{games.BotLearner, games.BotCrew}[(m/3+s)%2]
		}
		if m%30 == 9 { // a 2-player match
			levels[m%2] = games.BotVeteran
		}
		r := simMatch(t, o, uint64(5000+m), levels)
		moves += r.bestMoves
		if r.selfLoss > 0 {
			losses += r.selfLoss
			t.Errorf("match %d (%+v, %v): %d avoidable losses", m, o, levels, r.selfLoss)
		}
	}
	t.Logf("%d matches, %d bot moves checked, %d avoidable losses", n, moves, losses)
}
