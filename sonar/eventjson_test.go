package sonar

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"testing"

	"periscope/sonar/chart"
)

// randomEvent makes an event with every field drawn at random from r:
// pointers set or not, zeros that omitempty drops, nil, empty and full
// lists, enums now and then out of range (MarshalText refuses them), and
// words from words for the kind, the text and a hit's result, so that
// escaping is exercised.
func randomEvent(r *rand.Rand, words []string) Event {
	word := func() string {
		if len(words) == 0 || r.IntN(3) == 0 {
			return []string{"", "course", "HEAD NORTH", "direct", "<&>"}[r.IntN(5)]
		}
		return words[r.IntN(len(words))]
	}
	small := func(n int) uint8 {
		switch r.IntN(40) {
		case 0:
			return uint8(n)
		case 1:
			return uint8(r.IntN(256))
		}
		return uint8(r.IntN(n))
	}
	num := func() int {
		switch r.IntN(10) {
		case 0:
			return r.IntN(2000) - 1000
		case 1, 2, 3:
			return 0
		}
		return r.IntN(10)
	}
	maybe := func() bool { return r.IntN(2) == 0 }
	e := Event{Kind: Kind(word()), Crew: Crew(small(2)), Sector: num(), Circuit: Circuit(small(4)),
		Damage: num(), Section: num()}
	if maybe() {
		e.Kind = []Kind{KindCourse, KindTorpedo, KindSonarAnswer, KindOver}[r.IntN(4)]
	}
	if maybe() {
		e.Text = word()
	}
	if maybe() {
		e.To = ptr(Crew(small(2)))
	}
	if maybe() {
		e.Dir = ptr(chart.Dir(small(4)))
	}
	if maybe() {
		e.Distance = ptr(num())
	}
	if maybe() {
		c := chart.Cell{Col: r.IntN(15), Row: r.IntN(15)}
		if r.IntN(20) == 0 {
			c = chart.Cell{Col: r.IntN(60) - 30, Row: r.IntN(60) - 30}
		}
		e.Cell = &c
	}
	if maybe() {
		e.System = ptr(System(small(int(numSystems))))
	}
	if maybe() {
		e.Symbol = ptr(num())
	}
	switch r.IntN(4) {
	case 0:
		e.Hits = []Hit{}
	case 1:
		for range r.IntN(3) + 1 {
			res := []Result{Direct, Indirect, Clear}[r.IntN(3)]
			if r.IntN(10) == 0 {
				res = Result(word())
			}
			e.Hits = append(e.Hits, Hit{Crew: Crew(small(2)), Result: res, Damage: num()})
		}
	}
	switch r.IntN(4) {
	case 0:
		e.Facts = []Fact{}
	case 1:
		for range r.IntN(3) + 1 {
			f := Fact{Type: []FactType{FactRow, FactColumn, FactSector}[r.IntN(3)], Value: r.IntN(15)}
			switch r.IntN(30) {
			case 0:
				f.Type = FactType(word())
			case 1:
				f.Value = r.IntN(100) - 50
			}
			e.Facts = append(e.Facts, f)
		}
	}
	if maybe() {
		e.Yes = ptr(maybe())
	}
	if maybe() {
		e.Role = ptr(Role(small(4)))
	}
	if maybe() {
		e.Winner = ptr(Crew(small(2)))
	}
	return e
}

// sameEventAsMarshal checks that AppendJSON gives json.Marshal's bytes
// after what dst held, or fails where it fails, leaving dst as it was.
func sameEventAsMarshal(t *testing.T, e Event) {
	t.Helper()
	want, werr := json.Marshal(e)
	got, err := e.AppendJSON([]byte("x"))
	switch {
	case (err == nil) != (werr == nil):
		t.Fatalf("event %+v: AppendJSON's error %v, json.Marshal's %v", e, err, werr)
	case err == nil && (got[0] != 'x' || !bytes.Equal(got[1:], want)):
		t.Fatalf("AppendJSON differs from json.Marshal\n got %s\nwant %s", got[1:], want)
	case err != nil && string(got) != "x":
		t.Fatalf("AppendJSON failed but kept %q", got)
	}
}

// TestEventJSONIsMarshal: events made at random, every field and every
// odd value, are written by hand as encoding/json writes them.
func TestEventJSONIsMarshal(t *testing.T) {
	n := 30000
	if testing.Short() {
		n = 5000
	}
	words := []string{"<b>&</b>", "quote \" \\", "tab\t\x00", "\u2028", "bad \xff", "é 🚢"}
	failed := 0
	for i := range n {
		e := randomEvent(rand.New(rand.NewPCG(uint64(i), 26)), words)
		if _, err := json.Marshal(e); err != nil {
			failed++
		}
		sameEventAsMarshal(t, e)
	}
	if failed == 0 || failed == n {
		t.Fatalf("%d of %d events refused by json.Marshal: both sides are not tested", failed, n)
	}
}

// TestMatchEventsAreMarshal: every event of random matches (every map,
// both modes, the table options optionsFrom draws).
func TestMatchEventsAreMarshal(t *testing.T) {
	n := 24
	if testing.Short() {
		n = 8
	}
	kinds := map[Kind]bool{}
	for i := range n {
		game(uint64(i), optionsFrom(uint8(i*37)), 800, func(_, _ *Match, _ Command, evs []Event, _ error) {
			for _, e := range evs {
				kinds[e.Kind] = true
				sameEventAsMarshal(t, e)
			}
		})
	}
	if len(kinds) < 15 {
		t.Fatalf("only %d kinds of event met: %v", len(kinds), kinds)
	}
}

func FuzzEventJSON(f *testing.F) {
	f.Add(uint64(1), "<b>&</b>", "HEAD NORTH")
	f.Add(uint64(2), "\xff\u2028", "")
	f.Fuzz(func(t *testing.T, seed uint64, a, b string) {
		sameEventAsMarshal(t, randomEvent(rand.New(rand.NewPCG(seed, 26)), []string{a, b}))
	})
}

// BenchmarkEventJSON: a torpedo's event (a cell and two hits) written by
// hand and by json.Marshal (issue 26).
func BenchmarkEventJSON(b *testing.B) {
	e := Event{Kind: KindTorpedo, Crew: Red, Cell: &chart.Cell{Col: 3, Row: 7},
		Hits: []Hit{{Crew: Blue, Result: Indirect, Damage: 1}, {Crew: Red, Result: Clear}}}
	b.Run("hand", func(b *testing.B) {
		b.ReportAllocs()
		var buf []byte
		for range b.N {
			buf, _ = e.AppendJSON(buf[:0])
		}
	})
	b.Run("marshal", func(b *testing.B) {
		b.ReportAllocs()
		for range b.N {
			if _, err := json.Marshal(e); err != nil {
				b.Fatal(err)
			}
		}
	})
}
