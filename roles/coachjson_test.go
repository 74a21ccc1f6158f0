package roles

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"

	"periscope/sonar"
	"periscope/sonar/chart"
)

// randomCard makes a coach card and a reveal at random from r: lessons
// with and without their optional parts, nil and empty lists, advice
// maps nil, empty and of up to 30 keys (more than the stack's 16), roles
// and crews now and then out of range, words from words.
func randomCard(r *rand.Rand, words []string) (Coach, Reveal) {
	word := func() string {
		if len(words) == 0 || r.IntN(3) == 0 {
			return []string{"", "course", "Tap <b>HEAD</b> & go", "\u2028", "é"}[r.IntN(5)]
		}
		return words[r.IntN(len(words))]
	}
	list := func() []string {
		switch r.IntN(4) {
		case 0:
			return nil
		case 1:
			return []string{}
		}
		out := make([]string, r.IntN(5)+1)
		for i := range out {
			out[i] = word()
		}
		return out
	}
	cells := func() []chart.Cell {
		switch r.IntN(4) {
		case 0:
			return nil
		case 1:
			return []chart.Cell{}
		}
		out := make([]chart.Cell, r.IntN(6)+1)
		for i := range out {
			out[i] = chart.Cell{Col: r.IntN(15), Row: r.IntN(15)}
			if r.IntN(20) == 0 {
				out[i] = chart.Cell{Col: r.IntN(60) - 30, Row: r.IntN(60) - 30}
			}
		}
		return out
	}
	odd := func(n int) uint8 {
		if r.IntN(30) == 0 {
			return uint8(n + r.IntN(200))
		}
		return uint8(r.IntN(n))
	}
	c := Coach{Done: list(), Lessons: r.IntN(20) - 2}
	if r.IntN(4) > 0 {
		c.Lesson = &Lesson{ID: word(), Key: word(), Role: sonar.Role(odd(4)), Title: word(), Text: word(),
			Steps: list(), Repeat: r.IntN(2) == 0}
		if r.IntN(2) == 0 {
			c.Lesson.Why = word()
		}
	}
	switch r.IntN(4) {
	case 0:
	case 1:
		c.Advice = map[string]string{}
	default:
		c.Advice = map[string]string{}
		for range r.IntN(30) {
			c.Advice[word()+word()] = word()
		}
	}
	if r.IntN(3) == 0 {
		c.Closing = &Closing{Title: word(), Learned: list(), Missed: list(), Next: word()}
	}
	var rv Reveal
	for i := range rv.Crews {
		rv.Crews[i] = RevealCrew{Crew: sonar.Crew(odd(2)), Track: cells(), Mines: cells()}
		if r.IntN(2) == 0 {
			p := chart.Cell{Col: r.IntN(15), Row: r.IntN(15)}
			rv.Crews[i].Position = &p
		}
	}
	return c, rv
}

// sameCardAsMarshal fails unless the hand-written card and reveal are
// json.Marshal's bytes, or fail where it fails.
func sameCardAsMarshal(t *testing.T, c Coach, rv Reveal) {
	t.Helper()
	for _, x := range []struct {
		name string
		v    any
		app  func([]byte) ([]byte, error)
	}{{"coach", &c, c.appendJSON}, {"reveal", &rv, rv.appendJSON}} {
		want, werr := json.Marshal(x.v)
		got, err := x.app([]byte("x"))
		switch {
		case (err == nil) != (werr == nil):
			t.Fatalf("%s: appendJSON's error %v, json.Marshal's %v", x.name, err, werr)
		case err == nil && (got[0] != 'x' || !bytes.Equal(got[1:], want)):
			t.Fatalf("%s: appendJSON differs from json.Marshal\n got %s\nwant %s", x.name, got[1:], want)
		}
	}
}

// TestCoachAndRevealJSONIsMarshal: the first dive's card and the end's
// reveal, made at random, are written by hand as encoding/json writes
// them (whole matches: TestAppendViewIsMarshal's first dive and
// TestViewsAreMarshalInBotMatches).
func TestCoachAndRevealJSONIsMarshal(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 3000
	}
	words := []string{"<b>&</b>", "quote \" \\", "tab\t\x00", "bad \xff", "🚢", "a", "b", "A"}
	for i := range n {
		c, rv := randomCard(rand.New(rand.NewPCG(uint64(i), 26)), words)
		sameCardAsMarshal(t, c, rv)
	}
}

func FuzzCoachJSON(f *testing.F) {
	f.Add(uint64(1), "<b>&</b>", "b")
	f.Add(uint64(2), "\xff\u2028", "")
	f.Fuzz(func(t *testing.T, seed uint64, a, b string) {
		c, rv := randomCard(rand.New(rand.NewPCG(seed, 26)), []string{a, b})
		sameCardAsMarshal(t, c, rv)
	})
}
