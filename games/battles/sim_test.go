package battles

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"

	"periscope/games"
	"periscope/games/gamestest"
)

// botMatch plays a whole bot battle, each seat at its level.
func botMatch(o Options, seed uint64, levels [2]string) (*Game, error) {
	g := New(o, seed)
	_, err := gamestest.Play(g, []gamestest.Player{
		func(seat int) (json.RawMessage, bool) { return g.BotCommandAt(seat, levels[0]) },
		func(seat int) (json.RawMessage, bool) { return g.BotCommandAt(seat, levels[1]) },
	}, t0, 20000)
	return g, err
}

// wilson is the 95% interval of a rate of k in n.
func wilson(k, n int) (lo, hi float64) {
	if n == 0 {
		return 0, 1
	}
	z, p, nf := 1.96, float64(k)/float64(n), float64(n)
	c := (p + z*z/(2*nf)) / (1 + z*z/nf)
	d := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / (1 + z*z/nf)
	return c - d, c + d
}

// tally counts a series of battles of one configuration.
type tally struct {
	n, confed, p1, rounds int
	kinds                 map[string]int
}

func (t tally) String() string {
	lo, hi := wilson(t.confed, t.n)
	plo, phi := wilson(t.p1, t.n)
	return fmt.Sprintf("Confederacy %.1f%% [%.1f, %.1f], Player 1 %.1f%% [%.1f, %.1f], %.1f rounds, %v", 100*float64(t.confed)/float64(t.n), 100*lo, 100*hi,
		100*float64(t.p1)/float64(t.n), 100*plo, 100*phi, float64(t.rounds)/float64(t.n), t.kinds)
}

// series plays n veteran battles of a size, half with the Confederacy as
// seat A and half as seat B.
func series(tb testing.TB, size, n int, levels [2]string, from uint64) tally {
	t := tally{kinds: map[string]int{}}
	for i := range n {
		o := Options{Size: size}
		if i%2 == 1 {
			o.ArmyA, o.ArmyB = "union", "confederacy"
		}
		g, err := botMatch(o, from+uint64(i), levels)
		if err != nil {
			tb.Fatalf("size %d seed %d: %v", size, from+uint64(i), err)
		}
		out := g.Outcome()
		w := out.Winners[0]
		t.n++
		if g.sides[w].army.ID == "confederacy" {
			t.confed++
		}
		if w == g.p1 {
			t.p1++
		}
		t.rounds += g.round
		t.kinds[out.Kind]++
	}
	return t
}

// simSizes is the battle sizes measured: BATTLES_SIZES=50,80 or all three.
func simSizes() []int {
	sizes := []int{50, 80, 100}
	if e := os.Getenv("BATTLES_SIZES"); e != "" {
		sizes = nil
		for _, f := range strings.Split(e, ",") {
			n, _ := strconv.Atoi(f)
			sizes = append(sizes, n)
		}
	}
	return sizes
}

// simCount is the battles per configuration of the long measurements:
// BATTLES_SIM=n, or 0 to skip them.
func simCount() int {
	n, _ := strconv.Atoi(os.Getenv("BATTLES_SIM"))
	return n
}

// TestMeasureBalance prints, for BATTLES_SIM battles per size, who wins
// veteran against veteran: the tool used to tune the house content.
//
//	BATTLES_SIM=1000 nice -n 10 go test ./games/battles/ -run TestMeasureBalance -v
func TestMeasureBalance(t *testing.T) {
	n := simCount()
	if n == 0 {
		t.Skip("BATTLES_SIM=n measures n battles per size")
	}
	for _, size := range simSizes() {
		t.Logf("%d points: %v", size, series(t, size, n, [2]string{games.BotVeteran, games.BotVeteran}, 1_000_000))
	}
}

// TestMeasureStrengths prints how often each level beats the one below.
func TestMeasureStrengths(t *testing.T) {
	n := simCount()
	if n == 0 {
		t.Skip("BATTLES_SIM=n measures n battles per pairing")
	}
	pairs := [][2]string{{games.BotCrew, games.BotLearner}, {games.BotVeteran, games.BotCrew}, {games.BotVeteran, games.BotLearner}}
	if e := os.Getenv("BATTLES_PAIR"); e != "" {
		a, b, _ := strings.Cut(e, ":")
		pairs = [][2]string{{a, b}}
	}
	for _, pair := range pairs {
		for _, size := range simSizes() {
			won, total := strengthSeries(t, size, n, pair)
			lo, hi := wilson(won, total)
			t.Logf("%s beats %s at %d points: %d of %d (%.1f%% [%.1f, %.1f])", pair[0], pair[1], size, won, total, 100*float64(won)/float64(total), 100*lo, 100*hi)
		}
	}
}

// strengthSeries plays n battles of the stronger level against the weaker,
// each seat and army in turn, and counts the stronger's wins.
func strengthSeries(tb testing.TB, size, n int, pair [2]string) (won, total int) {
	for i := range n {
		o := Options{Size: size}
		if i%4 >= 2 {
			o.ArmyA, o.ArmyB = "union", "confederacy"
		}
		strong := i % 2
		levels := [2]string{pair[1], pair[1]}
		levels[strong] = pair[0]
		g, err := botMatch(o, 2_000_000+uint64(i)*7+uint64(size), levels)
		if err != nil {
			tb.Fatal(err)
		}
		total++
		if g.Outcome().Winners[0] == strong {
			won++
		}
	}
	return won, total
}
