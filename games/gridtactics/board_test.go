package gridtactics

import (
	"testing"

	"periscope/games"
)

func TestSquares(t *testing.T) {
	cases := []struct {
		text   string
		size   int
		want   Square
		ok, on bool
	}{
		{"A1", 8, Square{0, 0}, true, true},
		{"h8", 8, Square{7, 7}, true, true},
		{" c4 ", 8, Square{2, 3}, true, true},
		{"F6", 6, Square{5, 5}, true, true},
		{"G1", 6, Square{6, 0}, true, false},
		{"A9", 8, Square{0, 8}, true, false},
		{"A10", 8, Square{0, 9}, true, false},
		{"A0", 8, Square{}, false, false},
		{"A01", 8, Square{}, false, false},
		{"A-1", 8, Square{}, false, false},
		{"A+1", 8, Square{}, false, false},
		{"11", 8, Square{}, false, false},
		{"AR1", 8, Square{}, false, false},
		{"", 8, Square{}, false, false},
		{"A1000", 8, Square{}, false, false},
	}
	for _, tc := range cases {
		t.Run(tc.text, func(t *testing.T) {
			got, ok, on := parseSquare(tc.text, tc.size)
			if ok != tc.ok || on != tc.on || (ok && got != tc.want) {
				t.Fatalf("parseSquare(%q) = %v, %v, %v; want %v, %v, %v", tc.text, got, ok, on, tc.want, tc.ok, tc.on)
			}
			if ok && tc.on && got.String() != normal(tc.text) {
				t.Fatalf("%v prints as %q", got, got.String())
			}
		})
	}
	if s := (Square{-1, 2}).String(); s != "(-1,2)" {
		t.Fatalf("a square off every board prints as %q", s)
	}
}

// normal is a square name as the package writes it.
func normal(s string) string {
	out := []byte{}
	for _, c := range []byte(s) {
		switch {
		case c == ' ':
		case 'a' <= c && c <= 'z':
			out = append(out, c-'a'+'A')
		default:
			out = append(out, c)
		}
	}
	return string(out)
}

func TestChances(t *testing.T) {
	cases := []struct {
		needs  int
		chance string
		twice  int
	}{
		{3, "3+ = 67%", 89},
		{4, "4+ = 50%", 75},
		{5, "5+ = 33%", 56},
		{6, "6+ = 17%", 31},
	}
	for _, tc := range cases {
		if got := chance(tc.needs); got != tc.chance {
			t.Errorf("chance(%d) = %q; want %q", tc.needs, got, tc.chance)
		}
		if got := percentTwice(tc.needs); got != tc.twice {
			t.Errorf("percentTwice(%d) = %d; want %d", tc.needs, got, tc.twice)
		}
	}
}

func TestDefinitionAndSeats(t *testing.T) {
	if Definition.Name != "gridtactics" || Definition.Title != "Pocket Tactics" {
		t.Fatalf("definition %q %q", Definition.Name, Definition.Title)
	}
	g, err := Definition.New(nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	seats := g.Seats()
	if len(seats) != 2 || seats[0].Team != Red || seats[0].Label != "Red" || seats[1].Team != Blue || seats[1].Label != "Blue" {
		t.Fatalf("seats %+v", seats)
	}
	if _, ok := g.(games.Clocked); !ok {
		t.Fatal("the game does not implement games.Clocked")
	}
	if _, ok := g.(games.Botter); !ok {
		t.Fatal("the game does not implement games.Botter")
	}
	if g.Outcome() != nil {
		t.Fatal("a new match has an outcome")
	}
	if _, ok := g.(games.Botter).BotCommand(Red); ok {
		t.Fatal("the bot acts before the start")
	}
	if Kind(0).String() != "unit" {
		t.Fatal("an unknown kind is not shown as unit")
	}
}

func TestPrompts(t *testing.T) {
	g := New(Options{SmallBoard: true}, 1)
	want := func(seat int, prompt string) {
		t.Helper()
		if got := g.view(seat).Prompt; got != prompt {
			t.Fatalf("seat %d prompt %q; want %q", seat, got, prompt)
		}
	}
	want(Red, "Waiting for the match to start")
	mustApply(t, g, games.System, `{"type":"start"}`)
	want(Red, "Place your 3 soldiers, 2 tanks and 2 artillery on your two back rows")
	want(games.Spectator, "The players are placing their units")

	g = layout(t, Options{}, 1, Red, "rS A1", "bS H8")
	want(Red, "Your turn: act with each unit once, then end your turn")
	want(Blue, "Red is playing")
	mustApply(t, g, Red, `{"type":"move","unit":"A1","to":"A2"}`)
	want(Red, "None of your units can act: end your turn")
	if v := g.view(Red); !v.CanEndTurn || len(v.Legal) != 0 {
		t.Fatalf("with every unit spent: actions %+v, can end %v", v.Legal, v.CanEndTurn)
	}
}
