package saga

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"periscope/games"
)

// simStats are what a run of bot matches shows.
type simStats struct {
	matches, wins [2]int // per seat: matches... wins
	draws         int
	firstWins     int
	decided       int
	turns         []int
	kinds         map[string]int
	levelWins     map[string]int // wins by strength
	factionWins   map[string]int
	basesApart    map[int]int
	// factionWinsMixed counts the Æsir's wins over decided Æsir-Jötnar matches.
	factionWinsMixed, decidedMixed int

	waterMoves, drowned, avoidableDrowned int
	avoidable                             []string
	passWinning, passWinningFlipped       int
	neutralFlipped                        int // of those, passes made though a harmless re-roll was left
}

func newStats() *simStats {
	return &simStats{kinds: map[string]int{}, levelWins: map[string]int{}, factionWins: map[string]int{}, basesApart: map[int]int{}}
}

// simMatch plays one bot match, Raven at levels[0] and Wolf at levels[1],
// and adds what it shows to st. It fails the test on a stuck or endless
// match.
func simMatch(t testing.TB, o Options, seed uint64, levels [2]string, st *simStats) *Game {
	t.Helper()
	g := New(o, seed)
	if _, err := apply(g, games.System, `{"type":"start"}`); err != nil {
		t.Fatal(err)
	}
	var pending *passWatch
	for n := 0; g.Outcome() == nil; n++ {
		if n > matchCommandBound {
			t.Fatalf("seed %d: no end after %d commands", seed, n)
		}
		seat := g.view(games.Spectator).Turn
		v := g.view(seat)
		body, ok := g.BotCommandAt(seat, levels[seat])
		if !ok {
			t.Fatalf("seed %d: the bot of %s has nothing to send in phase %s", seed, names[seat], g.phase)
		}
		c := mustDecode(t, string(body))
		if g.phase == basing {
			st.basesApart[distance(mustHex(t, c.At), g.bases[g.first])]++
		}
		var chosen Legal
		for _, l := range v.Legal {
			if l.Command == c || l.Command.Type == c.Type && l.Command.Dice == c.Dice && c.Index != nil && l.Command.Index != nil && *l.Command.Index == *c.Index {
				chosen = l
			}
		}
		if v.Fight != nil && c.Type == TypePass {
			if w := sideWinning(v); w && opponentMayReroll(v.Fight, 1-sideOf(v)) {
				st.passWinning++
				pending = &passWatch{seat: seat, fight: v.Fight, harmless: harmlessLeft(v)}
			}
		}
		evs, err := g.Apply(games.Command{Seat: seat, Body: body, Time: t0})
		if err != nil {
			t.Fatalf("seed %d: the bot's %s is refused: %v", seed, body, err)
		}
		if chosen.Water && c.Type == TypeMove {
			st.waterMoves++
		}
		for _, e := range evs {
			if e.Kind == "drowning" {
				var d struct {
					Seat    int  `json:"seat"`
					Drowned bool `json:"drowned"`
				}
				json.Unmarshal(e.Data, &d)
				if !d.Drowned || d.Seat != seat {
					continue
				}
				st.drowned++
				if safeExisted(v) && !winsMatch(v, chosen) {
					st.avoidableDrowned++
					if len(st.avoidable) < 5 {
						st.avoidable = append(st.avoidable, fmt.Sprintf("seed %d turn %d: %s sends %s", seed, v.TurnNumber, names[seat], body))
					}
				}
			}
			if e.Kind == "combat" && pending != nil {
				var f FightView
				json.Unmarshal(e.Data, &f)
				if won := resultFor(f.Result, pending.fight, sideOfSeat(pending.fight, pending.seat)); !won {
					st.passWinningFlipped++
					if pending.harmless {
						st.neutralFlipped++
					}
				}
				pending = nil
			}
		}
	}
	out := g.Outcome()
	st.turns = append(st.turns, g.turns)
	st.kinds[out.Kind]++
	for s := range 2 {
		st.matches[s]++
	}
	if len(out.Winners) == 1 {
		w := out.Winners[0]
		st.wins[w]++
		st.decided++
		if w == g.first {
			st.firstWins++
		}
		st.levelWins[levels[w]]++
		st.factionWins[g.fac[w].ID]++
		if g.fac[0].ID != g.fac[1].ID {
			st.decidedMixed++
			if g.fac[w].ID == "aesir_host" {
				st.factionWinsMixed++
			}
		}
	} else {
		st.draws++
	}
	return g
}

// matchCommandBound is the most commands a match takes: the start, 20
// tiles, a base, 6 units, and MaxTurns turns each with at most an assault's
// re-rolls (fewer than 40) and its pass.
const matchCommandBound = 1 + 20 + 1 + 2*UnitsInPlay + MaxTurns*42

type passWatch struct {
	seat     int
	fight    *FightView
	harmless bool
}

func sideOf(v View) int {
	if v.Fight.Sides[1].Seat == v.Seat {
		return 1
	}
	return 0
}

func sideOfSeat(f *FightView, seat int) int {
	if f.Sides[1].Seat == seat {
		return 1
	}
	return 0
}

// sideWinning: the viewer's side gets what it wants from the dice as they
// lie: the attacker's strike succeeds and no counter-strike does; the
// defender's, the other way round.
func sideWinning(v View) bool {
	f := v.Fight
	strike := match(f.Sides[0].Dice.Off, f.Sides[1].Dice.Def).Hit
	counter := f.Counter && match(f.Sides[1].Dice.Off, f.Sides[0].Dice.Def).Hit
	res := result(strike, counter, f.Sides[1].Card == "")
	return resultFor(res, f, sideOf(v))
}

func resultFor(res string, f *FightView, side int) bool {
	good := res == ResultCaptured || res == ResultBaseDefeated
	if side == 1 {
		good = res == ResultAttackerCaptured || res == ResultStalemate
	}
	return good
}

// harmlessLeft: some die of the viewer's, re-rolled, leaves its side
// winning whatever it shows.
func harmlessLeft(v View) bool {
	f := v.Fight
	me := sideOf(v)
	for _, pool := range []string{"off", "def"} {
		dd := []int(nil)
		if pool == "off" {
			dd = f.Sides[me].Dice.Off
		} else {
			dd = f.Sides[me].Dice.Def
		}
		for i := range dd {
			ok := true
			old := dd[i]
			for x := 1; x <= 6; x++ {
				dd[i] = x
				if !sideWinning(v) {
					ok = false
				}
			}
			dd[i] = old
			if ok {
				return true
			}
		}
	}
	return false
}

// safeExisted: the view offered a command with no drowning check.
func safeExisted(v View) bool {
	for _, l := range v.Legal {
		if !l.Water {
			return true
		}
	}
	return false
}

// wilson is the 95% interval of k successes in n, in percent.
func wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 100
	}
	z := 1.96
	p := float64(k) / float64(n)
	den := 1 + z*z/float64(n)
	c := (p + z*z/(2*float64(n))) / den
	h := z * math.Sqrt(p*(1-p)/float64(n)+z*z/(4*float64(n)*float64(n))) / den
	return 100 * (c - h), 100 * (c + h)
}

func pct(k, n int) string {
	lo, hi := wilson(k, n)
	return fmt.Sprintf("%d/%d = %.1f%% (95%% %.1f-%.1f)", k, n, 100*float64(k)/float64(max(1, n)), lo, hi)
}

var factionPairs = [][2]string{
	{"aesir_host", "jotnar_horde"}, {"jotnar_horde", "aesir_host"},
	{"aesir_host", "aesir_host"}, {"jotnar_horde", "jotnar_horde"},
}

// Careful bots: over many bot matches at every strength and faction pair,
// no bot drowns a unit of its own while a command without a drowning check
// was there (unless that assault would have won the match), and no bot
// passes its re-rolls while winning though a re-roll that cannot hurt was
// left and the opponent could still re-roll (a pass is final).
func TestCarefulBots(t *testing.T) {
	n := 1000
	if testing.Short() {
		n = 60
	}
	st := newStats()
	start := time.Now()
	for i := range n {
		pair := factionPairs[i%4]
		lv := [2]string{games.BotLevels[i%3], games.BotLevels[(i/3)%3]}
		o := Options{RavenFaction: pair[0], WolfFaction: pair[1]}
		if i%5 == 4 {
			o.Rerolls = RerollAuto
		}
		simMatch(t, o, uint64(1000+i), lv, st)
	}
	t.Logf("%d matches in %v: %d moves into Water, %d own units drowned, %d avoidably; %d passes while winning with the opponent still to re-roll, %d flipped; bases apart %v",
		n, time.Since(start).Round(time.Millisecond), st.waterMoves, st.drowned, st.avoidableDrowned, st.passWinning, st.passWinningFlipped, st.basesApart)
	if st.avoidableDrowned > 0 {
		t.Errorf("bots drowned %d units of their own with a safe command at hand: %v", st.avoidableDrowned, st.avoidable)
	}
	if st.neutralFlipped > 0 {
		t.Errorf("bots passed %d times while winning though a re-roll that could not hurt was left, and the opponent's re-rolls turned the assault", st.neutralFlipped)
	}
	for d, k := range st.basesApart {
		if d <= CloseBases && k > 0 {
			t.Errorf("bots built %d maps whose bases stand %d tiles apart", k, d)
		}
	}
}

// opponentMayReroll: side s of the assault may still re-roll this round.
func opponentMayReroll(f *FightView, s int) bool {
	sd := f.Sides[s]
	left := sd.Special
	if f.Stage == "situational" {
		left = sd.Situational
	}
	return !sd.Passed && left > 0
}

// Each strength beats the one below it at least 70% of the time, playing
// either seat with every faction pair (draws count as half a win).
//
// With -short only the veteran meets the learner, over 40 matches.
func TestStrengths(t *testing.T) {
	n := 200
	pairs := [][2]string{{games.BotVeteran, games.BotCrew}, {games.BotCrew, games.BotLearner}, {games.BotVeteran, games.BotLearner}}
	if testing.Short() {
		n, pairs = 40, pairs[2:]
	}
	for _, pair := range pairs {
		st := newStats()
		for i := range n {
			strong := i % 2
			lv := [2]string{pair[1], pair[1]}
			lv[strong] = pair[0]
			fp := factionPairs[(i/2)%4]
			simMatch(t, Options{RavenFaction: fp[0], WolfFaction: fp[1]}, uint64(5000+i), lv, st)
		}
		won := st.levelWins[pair[0]]
		score := float64(won) + float64(st.draws)/2
		t.Logf("%s against %s: %s won, %d draws", pair[0], pair[1], pct(won, n), st.draws)
		// Each step measures about 78-81% on the balance tool's seeds
		// (docs/games/saga.md), the veteran over the learner about 93%;
		// the bars leave room for the dice over 200 matches.
		bar := 0.70
		if pair == [2]string{games.BotVeteran, games.BotLearner} {
			bar = 0.85
		}
		if score < bar*float64(n) {
			t.Errorf("%s scored %.1f of %d against %s; want at least %.0f%%", pair[0], score, n, pair[1], 100*bar)
		}
	}
}

// Fair by default: veteran against veteran for each faction pair (either
// faction on either seat), the first player wins within 8 points of half
// over all pairs, and the Æsir against the Jötnar (both seatings together)
// within 8 points of half. With -short, 10 matches a pair only show the
// figures; SAGA_BALANCE_MATCHES=N plays N a pair. (Bounds this wide keep the test from failing on chance; the
// figures and their intervals are in docs/games/saga.md.)
func TestBalance(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 10
	}
	if m, err := strconv.Atoi(os.Getenv("SAGA_BALANCE_MATCHES")); err == nil && m > 0 {
		n = m // a longer measurement for docs/games/saga.md
	}
	all := newStats()
	for _, fp := range factionPairs {
		st := newStats()
		for i := range n {
			seed := uint64(20000 + i)
			simMatch(t, Options{RavenFaction: fp[0], WolfFaction: fp[1]}, seed, [2]string{games.BotVeteran, games.BotVeteran}, st)
			simMatch(t, Options{RavenFaction: fp[0], WolfFaction: fp[1]}, seed, [2]string{games.BotVeteran, games.BotVeteran}, all)
		}
		line := fmt.Sprintf("Raven %s against Wolf %s: Raven wins %s, first player %s, %d draws; turns %s; %v",
			fp[0], fp[1], pct(st.wins[Raven], n), pct(st.firstWins, st.decided), st.draws, turnSummary(st.turns), st.kinds)
		t.Log(line)
	}
	aesir, mixed := all.factionWinsMixed, all.decidedMixed
	t.Logf("Æsir Host against Jötnar and Hel: the Æsir win %s", pct(aesir, mixed))
	if p := float64(aesir) / float64(mixed); !testing.Short() && (p < 0.42 || p > 0.58) {
		t.Errorf("the Æsir win %.1f%% of decided matches against the Jötnar", 100*p)
	}
	t.Logf("all pairs: first player %s; turns %s", pct(all.firstWins, all.decided), turnSummary(all.turns))
	if p := float64(all.firstWins) / float64(all.decided); !testing.Short() && (p < 0.42 || p > 0.58) {
		t.Errorf("the first player wins %.1f%% of decided matches", 100*p)
	}
}

// turnSummary is the mean, the 90th percentile and the longest of a run's
// match lengths, in turns.
func turnSummary(ts []int) string {
	s := append([]int{}, ts...)
	slices.Sort(s)
	sum := 0
	for _, x := range s {
		sum += x
	}
	return fmt.Sprintf("mean %.1f, 90%% under %d, longest %d", float64(sum)/float64(len(s)), s[len(s)*9/10], s[len(s)-1])
}
