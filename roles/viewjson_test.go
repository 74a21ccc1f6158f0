package roles

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"periscope/games"
)

// TestAppendViewIsMarshal plays whole matches in every kind of room and
// checks, at every version and for every seat and the spectators, that the
// view the runtime sends (AppendView, with its shared parts marshalled
// once) is byte for byte json.Marshal of View: a phone cannot tell which
// one built its view.
func TestAppendViewIsMarshal(t *testing.T) {
	cases := []struct{ name, opts string }{
		{"turnbased teaching heat", `{"mode":"turnbased","teaching":true,"radio":"heat"}`},
		{"realtime cells", `{"mode":"realtime","radio":"cells","map":"charlie"}`},
		{"radio off, crews of two", `{"radio":"off","blue_crew":2,"red_crew":2,"map":"bravo"}`},
		{"crews of one and three", `{"mode":"turnbased","blue_crew":1,"red_crew":3,"teaching":true}`},
	}
	check := func(t *testing.T, g *Game, at int) {
		t.Helper()
		for seat := games.Spectator; seat < len(g.seats); seat++ {
			want, err := json.Marshal(g.View(seat))
			if err != nil {
				t.Fatal(err)
			}
			// Twice: the second is built from the cached parts.
			for range 2 {
				got, err := g.AppendView([]byte("x"), seat)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got[1:], want) || got[0] != 'x' {
					t.Fatalf("step %d, seat %d: AppendView differs from json.Marshal\n got %s\nwant %s", at, seat, got[1:], want)
				}
			}
		}
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := newPlayer(t, botOptions(t, c.opts), uint64(i+1))
			steps := 0
			check(t, p.g, 0)
			p.play(400, func() { steps++; check(t, p.g, steps) })
			if p.g.Outcome() != nil {
				// The end's reveal too.
				check(t, p.g, steps)
			}
		})
	}
	t.Run("first dive to the end", func(t *testing.T) {
		r := firstDive(t, 3, 1)
		for i := range r.bot {
			r.bot[i] = true
		}
		if r.g.View(0).(View).Coach == nil {
			t.Fatal("a first dive's learner has no coach card")
		}
		check(t, r.g, 0)
		if !r.run(20000) {
			t.Fatal("the bots stopped")
		}
		check(t, r.g, r.cmds)
		if r.g.View(0).(View).Reveal == nil {
			t.Fatal("no reveal at the end")
		}
	})
}

// BenchmarkSeatViews is the room's view work on a new version: the views
// of all eight seats of a turn-based match (teaching, radio heat), built
// by json.Marshal(View) and by AppendView, over the same 300 versions
// (random legal orders, seed 1), timed in the same run.
//
//	go test ./roles -run '^$' -bench SeatViews
func BenchmarkSeatViews(b *testing.B) {
	opts := botOptions(b, `{"mode":"turnbased","teaching":true,"radio":"heat"}`)
	var marshal, appendv time.Duration
	versions := 0
	for b.Loop() {
		p := newPlayer(b, opts, 1)
		for range 300 {
			if p.g.Outcome() != nil || !p.step() {
				break
			}
			versions++
			// Each way builds the version's views from nothing (the crew
			// views' structs included), as the room does after a command.
			p.g.views, p.g.bytes = viewCache{}, viewBytes{}
			t0 := time.Now()
			for seat := range p.g.seats {
				if _, err := json.Marshal(p.g.View(seat)); err != nil {
					b.Fatal(err)
				}
			}
			t1 := time.Now()
			p.g.views, p.g.bytes = viewCache{}, viewBytes{}
			for seat := range p.g.seats {
				if _, err := p.g.AppendView(nil, seat); err != nil {
					b.Fatal(err)
				}
			}
			marshal += t1.Sub(t0)
			appendv += time.Since(t1)
		}
	}
	b.ReportMetric(float64(marshal.Microseconds())/float64(versions), "marshal-µs/version")
	b.ReportMetric(float64(appendv.Microseconds())/float64(versions), "append-µs/version")
	b.ReportMetric(0, "ns/op")
}
