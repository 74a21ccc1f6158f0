package main

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"periscope/games"
)

// A small run of every pocket game: every match ends, the report has every
// table for every configuration, and it does not depend on how many
// workers played it. This is what keeps the tool honest in CI; the full
// run (go run ./cmd/balance) writes docs/balance.md.
func TestSmallRunOfThePocketGames(t *testing.T) {
	n := 3
	if testing.Short() {
		n = 1
	}
	s := settings{N: n, Levels: games.BotLevels, Cap: 20000, Workers: 2, Command: "go run ./cmd/balance"}
	var log strings.Builder
	rep := run(pocketGames(), s, &log)
	if u := rep.unfinished(); u > 0 {
		t.Fatalf("%d matches did not end:\n%s", u, log.String())
	}
	text := render(rep, "a test")
	for _, want := range []string{"## Method", "None: every match of this run ended.", s.Command} {
		if !strings.Contains(text, want) {
			t.Errorf("the report lacks %q", want)
		}
	}
	for _, g := range rep.Games {
		if len(g.Configs) == 0 {
			t.Errorf("%s: no configuration", g.Def.Name)
		}
		section := text[strings.Index(text, "## "+g.Def.Title):]
		if i := strings.Index(section[3:], "\n## "); i >= 0 {
			section = section[:i+3]
		}
		heads := []string{"### Sides", "### Match length and how matches end"}
		if g.Leveled {
			heads = append(heads, "### Strengths")
		}
		for _, h := range heads {
			if !strings.Contains(section, h) {
				t.Errorf("%s: no table %q", g.Def.Name, h)
			}
		}
		for i, c := range g.Configs {
			if c.Problem != "" {
				t.Errorf("%s, %s: %s", g.Def.Name, c.Config.Name, c.Problem)
			}
			// A row per side and the first player, a length row, and on
			// the first configuration the strength rows.
			want := len(c.Teams) + 2
			if i == 0 && g.Leveled {
				want += len(s.Levels) * (len(s.Levels) - 1) / 2
				if len(g.Strength) != want-len(c.Teams)-2 {
					t.Errorf("%s: %d strength rows", g.Def.Name, len(g.Strength))
				}
			}
			if got := strings.Count(section, "| "+c.Config.Name+" |"); got != want {
				t.Errorf("%s, %s: %d rows; want %d", g.Def.Name, c.Config.Name, got, want)
			}
		}
	}
	want := map[string]int{"gridtactics": 1, "pocketsub": 6, "saga": 2, "battles": 6}
	for _, g := range rep.Games {
		if len(g.Configs) < want[g.Def.Name] {
			t.Errorf("%s: %d configurations; want at least %d", g.Def.Name, len(g.Configs), want[g.Def.Name])
		}
	}
	if testing.Short() {
		return
	}
	s.Workers = 1
	if again := render(run(pocketGames(), s, &log), "a test"); again != text {
		t.Errorf("one worker wrote another report than two:\n%s\n---\n%s", again, text)
	}
}

// race is a game small enough to know what the tool must find: after the
// start it waits for the room's clock (a Clocked game), then two sides
// take turns adding to a score, the veteran 5, the crew 3, the learner 1,
// plus a seeded die of 0 to 3; 20 wins. The side of an odd seed goes first.
type race struct {
	seed    uint64
	ready   bool
	started time.Time
	turn    int
	first   int
	score   [2]int
	roll    uint64
	out     *games.Outcome
}

var raceDef = games.Definition{
	Name: "race", Title: "Race", Bots: true,
	New: func(options json.RawMessage, seed uint64) (games.Game, error) {
		return &race{seed: seed, turn: int(seed % 2), first: int(seed % 2), roll: seed}, nil
	},
}

func (g *race) Seats() []games.SeatSpec {
	return []games.SeatSpec{{Team: 0, Label: "Left"}, {Team: 1, Label: "Right"}}
}

func (g *race) Apply(c games.Command) ([]games.Event, error) {
	var b struct {
		Type string `json:"type"`
		Add  int    `json:"add"`
	}
	if err := games.DecodeCommand(c.Body, &b); err != nil {
		return nil, err
	}
	switch {
	case g.out != nil:
		return nil, games.Refuse("match_over", "over")
	case c.Seat == games.System && b.Type == "start":
		g.started = c.Time
		return nil, nil
	case c.Seat == games.System && b.Type == "tick" && !g.ready && !c.Time.Before(g.started.Add(10*time.Second)):
		g.ready = true
		return nil, nil
	case b.Type != "add" || c.Seat != g.turn || !g.ready:
		return nil, games.Refuse("not_your_turn", "wait")
	}
	g.roll = g.roll*6364136223846793005 + 1442695040888963407
	g.score[c.Seat] += b.Add + int(g.roll>>62)
	if g.score[c.Seat] >= 20 {
		g.out = &games.Outcome{Winners: []int{c.Seat}, Reason: "first to 20", Kind: "points"}
	}
	g.turn = 1 - g.turn
	return nil, nil
}

func (g *race) View(int) any                           { return map[string]int{"round": g.score[0] + g.score[1]} }
func (g *race) Outcome() *games.Outcome                { return g.out }
func (g *race) FirstTeam() (int, bool)                 { return g.first, g.ready }
func (g *race) BotCommand(int) (json.RawMessage, bool) { return nil, false }

func (g *race) Deadline() (time.Time, bool) {
	return g.started.Add(10 * time.Second), !g.ready
}

func (g *race) BotCommandAt(seat int, level string) (json.RawMessage, bool) {
	if !g.ready || g.out != nil || seat != g.turn {
		return nil, false
	}
	add := map[string]int{games.BotLearner: 1, games.BotCrew: 3, games.BotVeteran: 5}[level]
	return json.RawMessage(fmt.Sprintf(`{"type":"add","add":%d}`, add)), true
}

// The tool waits for a Clocked game's deadline, asks the leveled bot at
// each side's level, reads the first team from games.Starter, and counts
// what the game does: here the first player of a race between equals wins
// most, and a stronger level wins at least 70%.
func TestToolOnAKnownGame(t *testing.T) {
	s := settings{N: 200, Levels: games.BotLevels, Cap: 1000, Workers: 3, Command: "go run ./cmd/balance"}
	var log strings.Builder
	rep := run([]games.Definition{raceDef}, s, &log)
	if u := rep.unfinished(); u > 0 {
		t.Fatalf("%d unfinished:\n%s", u, log.String())
	}
	g := rep.Games[0]
	if !g.Leveled || len(g.Strength) != 3 {
		t.Fatalf("leveled %v, %d strength rows; want 3 (crew-learner, veteran-learner, veteran-crew)", g.Leveled, len(g.Strength))
	}
	c := g.Configs[0]
	firstWins := 0
	for i, r := range c.Results {
		if !r.FirstByStarter || r.First != (i+1)%2 {
			t.Fatalf("seed %d: first team %d (by the Starter: %v); want %d", i+1, r.First, r.FirstByStarter, (i+1)%2)
		}
		if won(r, r.First) {
			firstWins++
		}
	}
	// Equal veterans: whoever moves first is ahead, so wins more often.
	if firstWins <= s.N/2 {
		t.Errorf("the first player won %d of %d equal races", firstWins, s.N)
	}
	for _, row := range g.Strength {
		k := 0
		for i, r := range row.Results {
			if won(r, row.StrongTeams[i]) {
				k++
			}
		}
		if float64(k) < 0.7*float64(s.N) {
			t.Errorf("%s beat %s %d times of %d", row.Strong, row.Weak, k, s.N)
		}
	}
	// The first player's edge is the race's own: the report says so.
	causes["race/default options"] = "the first to move is ahead, by the rules"
	defer delete(causes, "race/default options")
	text := render(rep, "a test")
	for _, want := range []string{"| default options | veteran | learner |", "| default options | first player |", "points (",
		"points)**: the first to move is ahead, by the rules |"} {
		if !strings.Contains(text, want) {
			t.Errorf("the report lacks %q:\n%s", want, text)
		}
	}
}

func TestWilson(t *testing.T) {
	cases := []struct {
		k, n   int
		lo, hi float64
	}{
		{50, 100, 0.4038, 0.5962},
		{0, 10, 0, 0.2775},
		{10, 10, 0.7225, 1},
		{200, 400, 0.4512, 0.5488},
	}
	for _, tc := range cases {
		lo, hi := wilson(tc.k, tc.n)
		if math.Abs(lo-tc.lo) > 1e-3 || math.Abs(hi-tc.hi) > 1e-3 {
			t.Errorf("wilson(%d, %d) = %.4f, %.4f; want %.4f, %.4f", tc.k, tc.n, lo, hi, tc.lo, tc.hi)
		}
	}
}

// Every recorded cause names a configuration the tool plays, so that a
// renamed layout or army cannot leave its cause behind unseen.
func TestCausesNameConfigurations(t *testing.T) {
	known := map[string]bool{}
	for _, d := range pocketGames() {
		for _, c := range configs(d) {
			known[c.Def.Name+"/"+c.Name] = true
		}
	}
	for k := range causes {
		if !known[k] {
			t.Errorf("causes has %q, which is no configuration the tool plays", k)
		}
	}
}
