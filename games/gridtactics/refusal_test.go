package gridtactics

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"periscope/games"
)

// refusal is one command the rules refuse: the match it is sent to, who
// sends it and the rule code the refusal must carry.
type refusal struct {
	rule  string
	match func(t *testing.T) *Game
	seat  int
	body  string
	at    time.Duration // after t0, for ticks
	words string        // part of the sentence the player reads
}

// waitingMatch is a match the room has not started.
func waitingMatch(o Options) func(*testing.T) *Game {
	return func(*testing.T) *Game { return New(o, 1) }
}

// placingMatch is a match in setup, after the given setups.
func placingMatch(o Options, setups ...int) func(*testing.T) *Game {
	return func(t *testing.T) *Game {
		g := started(t, o, 1)
		for _, seat := range setups {
			mustApply(t, g, seat, []string{redLine, blueLine}[seat])
		}
		return g
	}
}

// inPlay is a laid-out match with Red to play, after Red's steps.
func inPlay(o Options, spec []string, steps ...string) func(*testing.T) *Game {
	return func(t *testing.T) *Game {
		g := layout(t, o, 1, Red, spec...)
		for _, s := range steps {
			mustApply(t, g, Red, s)
		}
		return g
	}
}

// missedShot is a match where Red's artillery on C3 has just missed E3.
func missedShot(t *testing.T) *Game {
	build := func(seed uint64) *Game { return layout(t, Options{}, seed, Red, "rA C3", "rS A8", "bT E3", "bS H8") }
	fire := `{"type":"attack","unit":"C3","target":"E3"}`
	g := build(seedWhere(t, build, Red, fire, missed))
	mustApply(t, g, Red, fire)
	return g
}

// overMatch is a match Blue has won.
func overMatch(t *testing.T) *Game {
	build := func(seed uint64) *Game { return layout(t, Options{}, seed, Blue, "rS C3", "bS C4") }
	body := `{"type":"attack","unit":"C4","target":"C3"}`
	g := build(seedWhere(t, build, Blue, body, hit))
	mustApply(t, g, Blue, body)
	return g
}

var (
	field       = []string{"rS C3", "rT F3", "rA A1", "rA H1", "bS C4", "bT A3", "bT H4", "bS E8"}
	timed       = Options{TimeLimit: true}
	inPlace     = Options{TankAttackInPlace: true}
	endTurnBody = `{"type":"end_turn"}`
	moveC3C2    = `{"type":"move","unit":"C3","to":"C2"}`
)

// refusals has at least one command for every rule code the package uses
// (TestEveryRuleCodeIsTested holds it to that).
var refusals = []refusal{
	{rule: "malformed", match: inPlay(Options{}, field), seat: Red, body: `{"type":"fly"}`, words: `"fly" is not a command`},
	{rule: "malformed", match: inPlay(Options{}, field), seat: Red, body: `{"type":"move","unit":"C3"`, words: "unreadable command"},
	{rule: "malformed", match: inPlay(Options{}, field), seat: Red, body: `{"type":"move","unit":"C3"}`, words: `move needs "to"`},
	{rule: "not_a_player", match: inPlay(Options{}, field), seat: games.Spectator, body: endTurnBody, words: "spectators watch"},
	{rule: "not_a_player", match: inPlay(Options{}, field), seat: 5, body: endTurnBody, words: "seat 5 is not a seat"},
	{rule: "not_a_player", match: inPlay(Options{}, field), seat: games.System, body: moveC3C2, words: "the room does not send move commands"},
	{rule: "room_only", match: waitingMatch(Options{}), seat: Red, body: `{"type":"start"}`, words: "only the room starts"},
	{rule: "room_only", match: inPlay(timed, field), seat: Red, body: `{"type":"tick"}`, at: TimeLimit, words: "only the room's clock"},
	{rule: "already_started", match: placingMatch(Options{}), seat: games.System, body: `{"type":"start"}`, words: "already started"},
	{rule: "not_started", match: waitingMatch(Options{}), seat: Red, body: redLine, words: "has not started"},
	{rule: "not_started", match: waitingMatch(timed), seat: games.System, body: `{"type":"tick"}`, at: TimeLimit, words: "has not started"},
	{rule: "match_over", match: overMatch, seat: Blue, body: endTurnBody, words: "the match is over"},
	{rule: "match_over", match: func(t *testing.T) *Game {
		g := inPlay(timed, field)(t)
		if _, err := g.Apply(games.Command{Seat: games.System, Body: games.TickBody, Time: t0.Add(TimeLimit)}); err != nil {
			t.Fatal(err)
		}
		return g
	}, seat: games.System, body: `{"type":"tick"}`, at: TimeLimit, words: "the match is over"},
	{rule: "no_time_limit", match: inPlay(Options{}, field), seat: games.System, body: `{"type":"tick"}`, at: TimeLimit, words: "no time limit"},
	{rule: "time_not_up", match: inPlay(timed, field), seat: games.System, body: `{"type":"tick"}`, at: TimeLimit - time.Second, words: "time is up at 20:15:00"},
	{rule: "place_first", match: placingMatch(Options{}), seat: Red, body: endTurnBody, words: "place your units first"},
	{rule: "opponent_placing", match: placingMatch(Options{}, Red), seat: Red, body: endTurnBody, words: "Blue is still placing"},
	{rule: "already_placed", match: placingMatch(Options{}, Red), seat: Red, body: redLine, words: "already placed"},
	{rule: "already_placed", match: inPlay(Options{}, field), seat: Red, body: redLine, words: "already placed"},
	{rule: "not_setup_square", match: placingMatch(Options{}), seat: Red, body: strings.Replace(redLine, "G1", "G2", 1), words: "G2 is not on your back row"},
	{rule: "not_setup_square", match: placingMatch(Options{SmallBoard: true}), seat: Blue, body: redLine, words: "A1 is not on your two back rows"},
	{rule: "square_named_twice", match: placingMatch(Options{}), seat: Red, body: strings.Replace(redLine, `"A1"`, `"b1"`, 1), words: "B1 is named twice"},
	{rule: "not_a_unit", match: placingMatch(Options{}), seat: Red, body: strings.Replace(redLine, `"tank"`, `"wizard"`, 1), words: `"wizard" is not a unit`},
	{rule: "wrong_army", match: placingMatch(Options{}), seat: Red, body: strings.Replace(redLine, `"A1":"tank"`, `"A1":"soldier"`, 1), words: "you placed 4 soldiers, 1 tank, 2 artillery"},
	{rule: "not_a_square", match: placingMatch(Options{}), seat: Red, body: strings.Replace(redLine, `"A1"`, `"A0"`, 1), words: `"A0" is not a square`},
	{rule: "not_a_square", match: inPlay(Options{}, field), seat: Red, body: `{"type":"move","unit":"C3","to":"here"}`, words: `"here" is not a square`},
	{rule: "off_board", match: inPlay(Options{}, field), seat: Red, body: `{"type":"move","unit":"C3","to":"C9"}`, words: "C9 is off the 8x8 board"},
	{rule: "off_board", match: inPlay(Options{}, field), seat: Red, body: `{"type":"move","unit":"J3","to":"C4"}`, words: "J3 is off the 8x8 board"},
	{rule: "not_your_turn", match: inPlay(Options{}, field), seat: Blue, body: `{"type":"move","unit":"E8","to":"E7"}`, words: "it is Red's turn"},
	{rule: "second_attack_pending", match: missedShot, seat: Red, body: `{"type":"move","unit":"A8","to":"A7"}`, words: "your artillery on C3 missed: fire again or decline first"},
	{rule: "no_missed_attack", match: inPlay(Options{}, field), seat: Red, body: `{"type":"second_attack"}`, words: "no missed artillery attack to repeat"},
	{rule: "no_missed_attack", match: inPlay(Options{}, field), seat: Red, body: `{"type":"decline_second"}`, words: "no missed artillery attack to decline"},
	{rule: "no_such_unit", match: inPlay(Options{}, field), seat: Red, body: `{"type":"move","unit":"Q","to":"C4"}`, words: `"Q" is neither a square nor one of your units`},
	{rule: "unit_destroyed", match: inPlay(Options{}, field), seat: Red, body: `{"type":"move","unit":"S3","to":"C4"}`, words: "your soldier S3 has been destroyed"},
	{rule: "no_unit_there", match: inPlay(Options{}, field), seat: Red, body: `{"type":"move","unit":"D4","to":"D5"}`, words: "there is no unit on D4"},
	{rule: "not_your_unit", match: inPlay(Options{}, field), seat: Red, body: `{"type":"move","unit":"C4","to":"C5"}`, words: "the unit on C4 is Blue's"},
	{rule: "wrong_unit", match: inPlay(Options{}, field), seat: Red, body: `{"type":"tank","unit":"C3","target":"C4"}`, words: "C3 is a soldier, not a tank"},
	{rule: "wrong_unit", match: inPlay(Options{}, field), seat: Red, body: `{"type":"artillery","unit":"F3","to":"F2"}`, words: "F3 is a tank, not artillery"},
	{rule: "already_acted", match: inPlay(Options{}, field, moveC3C2), seat: Red, body: `{"type":"move","unit":"C2","to":"C1"}`, words: "your soldier on C2 has already acted this turn"},
	{rule: "already_moved", match: inPlay(Options{}, field, `{"type":"move","unit":"H1","to":"H2"}`), seat: Red, body: `{"type":"move","unit":"H2","to":"G2"}`, words: "your artillery on H2 has already moved this turn"},
	{rule: "already_moved", match: inPlay(Options{}, field, `{"type":"move","unit":"H1","to":"H2"}`), seat: Red, body: `{"type":"artillery","unit":"H2","to":"H3","target":"H4"}`, words: "already moved"},
	{rule: "already_fired", match: func(t *testing.T) *Game {
		g := missedShot(t)
		mustApply(t, g, Red, `{"type":"decline_second"}`)
		return g
	}, seat: Red, body: `{"type":"attack","unit":"C3","target":"E3"}`, words: "your artillery on C3 has already fired this turn"},
	{rule: "already_there", match: inPlay(Options{}, field), seat: Red, body: `{"type":"move","unit":"C3","to":"C3"}`, words: "already on C3"},
	{rule: "square_taken", match: inPlay(Options{}, field), seat: Red, body: `{"type":"move","unit":"C3","to":"C4"}`, words: "C4 is taken by a Blue unit"},
	{rule: "square_taken", match: inPlay(Options{}, []string{"rT C3", "rS C4", "bA C5"}), seat: Red, body: `{"type":"tank","unit":"C3","to":"C4","target":"C5"}`, words: "C4 is taken"},
	{rule: "too_far", match: inPlay(Options{}, field), seat: Red, body: `{"type":"move","unit":"C3","to":"C7"}`, words: "a soldier moves at most 3 squares: C3 to C7 is 4"},
	{rule: "too_far", match: inPlay(Options{}, field), seat: Red, body: `{"type":"move","unit":"F3","to":"F6"}`, words: "a tank moves at most 2 squares"},
	{rule: "too_far", match: inPlay(Options{}, field), seat: Red, body: `{"type":"move","unit":"A1","to":"B2"}`, words: "artillery moves 1 square orthogonally"},
	{rule: "too_far", match: inPlay(Options{}, field), seat: Red, body: `{"type":"tank","unit":"F3","to":"G4","target":"H4"}`, words: "a tank's combat move is 1 square orthogonally"},
	{rule: "path_blocked", match: inPlay(Options{}, []string{"rS C3", "bS B4", "bS C4", "bS D4"}), seat: Red, body: `{"type":"move","unit":"C3","to":"C5"}`, words: "units block every path"},
	{rule: "path_blocked", match: inPlay(Options{}, []string{"rT C3", "bS C4"}), seat: Red, body: `{"type":"move","unit":"C3","to":"C5"}`, words: "units block the tank's way"},
	{rule: "no_target", match: inPlay(Options{}, field), seat: Red, body: `{"type":"attack","unit":"C3","target":"D4"}`, words: "there is no unit on D4 to attack"},
	{rule: "own_unit", match: inPlay(Options{}, []string{"rS C3", "rS D4", "bS H8"}), seat: Red, body: `{"type":"attack","unit":"C3","target":"D4"}`, words: "the soldier on D4 is your own"},
	{rule: "out_of_range", match: inPlay(Options{}, field), seat: Red, body: `{"type":"attack","unit":"C3","target":"E8"}`, words: "a soldier attacks only an adjacent enemy"},
	{rule: "out_of_range", match: inPlay(inPlace, field), seat: Red, body: `{"type":"attack","unit":"F3","target":"H4"}`, words: "a tank attacks only an enemy 1 square away, and H4 is not next to F3"},
	{rule: "out_of_range", match: inPlay(Options{TankAttacksStraight: true}, field), seat: Red, body: `{"type":"tank","unit":"F3","to":"G3","target":"H4"}`, words: "a tank attacks only an enemy on an orthogonally neighbouring square (house rule)"},
	{rule: "tank_must_move", match: inPlay(Options{}, field), seat: Red, body: `{"type":"attack","unit":"F3","target":"H4"}`, words: "a tank's combat action is to move 1 square orthogonally and then attack"},
	{rule: "tank_must_move", match: inPlay(Options{}, field), seat: Red, body: `{"type":"tank","unit":"F3","target":"F4"}`, words: "name the square your tank on F3 moves to first"},
	{rule: "out_of_range", match: inPlay(Options{}, field), seat: Red, body: `{"type":"artillery","unit":"H1","to":"G1","target":"H4"}`, words: "after moving to G1, artillery fires at exactly 2 squares away"},
}

// Every refusal carries its rule's code and a sentence, and changes
// nothing: not the match, not what any seat sees, not what the bot would do.
func TestRefusals(t *testing.T) {
	for _, tc := range refusals {
		t.Run(tc.rule+"/"+tc.body, func(t *testing.T) {
			g := tc.match(t)
			before := clone(g)
			views := allViews(g)
			_, err := g.Apply(games.Command{Seat: tc.seat, Body: json.RawMessage(tc.body), Time: t0.Add(tc.at)})
			if err == nil {
				t.Fatalf("%s by seat %d was accepted; want %s", tc.body, tc.seat, tc.rule)
			}
			if got := games.RuleOf(err); got != tc.rule {
				t.Fatalf("%s: rule %q (%v); want %q", tc.body, got, err, tc.rule)
			}
			if !strings.Contains(err.Error(), tc.words) {
				t.Fatalf("%s: %q; want it to say %q", tc.body, err, tc.words)
			}
			if !reflect.DeepEqual(g, before) {
				t.Fatalf("refused %s changed the match", tc.body)
			}
			if after := allViews(g); after != views {
				t.Fatalf("refused %s changed a view", tc.body)
			}
		})
	}
}

func allViews(g *Game) string {
	var b strings.Builder
	for _, seat := range []int{Red, Blue, games.Spectator} {
		v, _ := json.Marshal(g.View(seat))
		b.Write(v)
	}
	return b.String()
}

var ruleCall = regexp.MustCompile(`games\.Refuse\("([^"]*)"`)

// sourceRules are the rule codes the package's own code refuses with.
func sourceRules(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range ruleCall.FindAllStringSubmatch(string(b), -1) {
			if !slices.Contains(out, m[1]) {
				out = append(out, m[1])
			}
		}
	}
	slices.Sort(out)
	return out
}

var snake = regexp.MustCompile(`^[a-z]+(_[a-z]+)*$`)

// Every rule code in the code is snake_case, is refused at least once in
// TestRefusals and is documented in docs/games/gridtactics.md.
func TestEveryRuleCodeIsTested(t *testing.T) {
	codes := sourceRules(t)
	if len(codes) < 20 {
		t.Fatalf("found only %d rule codes in the source: %v", len(codes), codes)
	}
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "games", "gridtactics.md"))
	if err != nil {
		t.Fatal(err)
	}
	tested := map[string]bool{}
	for _, r := range refusals {
		tested[r.rule] = true
	}
	for _, c := range codes {
		if !snake.MatchString(c) {
			t.Errorf("rule code %q is not snake_case", c)
		}
		if !tested[c] {
			t.Errorf("rule code %q is never refused in TestRefusals", c)
		}
		if !strings.Contains(string(doc), "`"+c+"`") {
			t.Errorf("rule code %q is not in docs/games/gridtactics.md", c)
		}
		delete(tested, c)
	}
	for c := range tested {
		t.Errorf("TestRefusals expects %q, which the code never uses", c)
	}
}
