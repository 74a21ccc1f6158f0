package roles

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"periscope/games"
	"periscope/sonar"
	"periscope/sonar/chart"
	"periscope/sonar/radio"
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

// TestViewsAreMarshalInBotMatches plays whole bot matches (both modes, all
// five maps, the table options that change what a view holds) and checks
// at every version, for every seat and the spectators, that the view the
// room sends (AppendView: the crew and public parts written by hand) is
// byte for byte encoding/json's: json.Marshal of View, whose crew part is
// CrewView.MarshalJSON (reflection) and public part reflection. It also
// checks that the matches reached every part a view may hold, so that the
// hand-written encoders met each of them.
func TestViewsAreMarshalInBotMatches(t *testing.T) {
	tables := []string{
		`{"mode":"turnbased","map":"alpha"}`,
		`{"mode":"realtime","map":"alpha","radio":"cells"}`,
		`{"mode":"turnbased","map":"bravo","teaching":true,"trigger_is_system":true,"torpedo_range":"orthogonal"}`,
		`{"mode":"realtime","map":"bravo","surface_order":"sheet","damage_before_repair":true,"mine_adjacency":4}`,
		`{"mode":"turnbased","map":"charlie","trigger_own_turn":true,"blue_crew":2,"red_crew":3,"bot_level":"learner"}`,
		`{"mode":"realtime","map":"charlie","surface_order":"any","teaching":true,"bot_level":"veteran"}`,
		`{"mode":"turnbased","map":"delta","radio":"heat","bot_level":"veteran"}`,
		`{"mode":"realtime","map":"delta","inspection_rejections":3}`,
		`{"mode":"turnbased","map":"echo","teaching":true}`,
		`{"mode":"realtime","map":"echo","bot_level":"learner"}`,
	}
	seeds := 3
	if testing.Short() {
		seeds = 1
	}
	// seen counts the views' parts met, by name.
	seen := map[string]int{}
	versions, views := 0, 0
	check := func(t *testing.T, g *Game, at int) {
		t.Helper()
		versions++
		for seat := games.Spectator; seat < len(g.seats); seat++ {
			views++
			v := g.view(seat)
			want, err := json.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			for range 2 { // built, then from the version's cached parts
				got, err := g.AppendView([]byte("x"), seat)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got[1:], want) || got[0] != 'x' {
					t.Fatalf("command %d, seat %d: AppendView differs from json.Marshal\n got %s\nwant %s", at, seat, got[1:], want)
				}
			}
			count(seen, v)
		}
		// A radio picture kept from an earlier version is the one its
		// tracker gives now.
		for _, c := range sonar.Crews {
			if g.trackers[c] == nil {
				continue
			}
			fresh := RadioView{Mode: g.opts.Radio, Lost: g.lost[c], Snapshot: g.trackers[c].Snapshot()}
			if fresh.Mode != RadioHeat {
				fresh.Heat = nil
			}
			want, _ := json.Marshal(fresh)
			if got, _ := json.Marshal(g.radioView(c)); !bytes.Equal(got, want) {
				t.Fatalf("command %d: crew %s's radio picture is stale\n got %s\nwant %s", at, c, got, want)
			}
		}
	}
	for _, js := range tables {
		t.Run(js, func(t *testing.T) {
			for seed := range uint64(seeds) {
				r := newBotRoom(t, botOptions(t, js), seed, nil)
				check(t, r.g, r.cmds)
				r.applied = func() { check(t, r.g, r.cmds) }
				if !r.run(20000) {
					t.Fatalf("seed %d: the bots stopped after %d commands", seed, r.cmds)
				}
			}
		})
	}
	// Random legal orders reach what careful bots never do: a sonar
	// question and its answers, a rejected section to retrace.
	for _, js := range []string{`{"mode":"turnbased","map":"echo","teaching":true}`,
		`{"mode":"realtime","map":"charlie","radio":"heat"}`, `{"mode":"realtime","map":"delta","surface_order":"sheet"}`} {
		t.Run("random orders "+js, func(t *testing.T) {
			for seed := range uint64(seeds) {
				p := newPlayer(t, botOptions(t, js), seed+1)
				check(t, p.g, 0)
				steps := 0
				p.play(600, func() { steps++; check(t, p.g, steps) })
			}
		})
	}
	t.Logf("%d versions, %d views: each byte for byte json.Marshal's", versions, views)
	for _, part := range []string{"position", "route", "mines", "duties panel", "turn", "surfacing",
		"surfacing holder", "surfacing sections", "surfacing redo", "inspect_by", "inspect", "course to",
		"silence max", "torpedo_targets", "mine_cells", "triggers", "archer_targets", "sonar_answers",
		"broken", "sheet damage", "why", "public turn", "sonar_pending", "archer_mines", "outcome",
		"winner", "bonus", "secured", "hints", "radio", "reveal"} {
		if seen[part] == 0 {
			t.Errorf("no view held %s: the hand-written encoders were not checked on it", part)
		}
	}
}

// count notes which of a view's parts are set.
func count(seen map[string]int, v View) {
	note := func(part string, set bool) {
		if set {
			seen[part]++
		}
	}
	p := v.Public
	note("public turn", p.Turn != nil)
	note("bonus", p.Bonus != 0)
	note("sonar_pending", p.SonarPending != nil)
	note("archer_mines", len(p.ArcherMines) > 0)
	note("outcome", p.Outcome != nil)
	note("winner", p.Outcome != nil && p.Outcome.Winner != nil)
	note("secured", p.Crews[0].Secured+p.Crews[1].Secured > 0)
	note("hints", len(v.Hints) > 0)
	note("radio", v.Radio != nil)
	note("reveal", v.Reveal != nil)
	o := v.Own
	if o == nil {
		return
	}
	note("position", o.Position != nil)
	note("route", len(o.Route) > 0)
	note("mines", len(o.Mines) > 0)
	note("duties panel", o.Duties.Panel != nil)
	note("turn", o.Turn != nil)
	note("surfacing", o.Surfacing != nil)
	if s := o.Surfacing; s != nil {
		note("surfacing holder", s.Holder != nil)
		note("surfacing sections", s.Sections != [4]*sonar.Role{})
		note("surfacing redo", s.Redo != [4]*sonar.Role{})
		note("inspect_by", s.InspectBy != nil)
	}
	note("inspect", o.Inspect != nil)
	for _, c := range o.Courses {
		note("course to", c.To != nil)
	}
	for _, s := range o.Silences {
		note("silence max", s.Max > 0)
	}
	note("torpedo_targets", len(o.TorpedoTargets) > 0)
	note("mine_cells", len(o.MineCells) > 0)
	note("triggers", len(o.Triggers) > 0)
	note("archer_targets", len(o.ArcherTargets) > 0)
	note("sonar_answers", len(o.SonarAnswers) > 0)
	note("broken", len(o.Broken) > 0)
	for _, s := range o.Sheet {
		note("sheet damage", s.Damage != "")
	}
	note("why", o.PackWhy() != "")
}

// TestRadioViewJSONIsMarshal: the tracker's picture written by hand is
// json.Marshal's for pictures made at random: nil and empty lists, heat
// figures of every size, odd modes.
func TestRadioViewJSONIsMarshal(t *testing.T) {
	r := rand.New(rand.NewPCG(26, 1))
	for i := range 3000 {
		rv := RadioView{Mode: []string{RadioHeat, RadioCells, "<&>", "\xff"}[r.IntN(4)], Lost: r.IntN(2) == 0}
		rv.Hypotheses, rv.Exact = r.IntN(500)-5, r.IntN(2) == 0
		if n := r.IntN(12) - 1; n >= 0 {
			rv.Cells, rv.Heat, rv.Sectors = make([]chart.Cell, n), make([]float64, n), make([]int, n)
			for j := range n {
				rv.Cells[j] = chart.Cell{Col: r.IntN(30) - 2, Row: r.IntN(30) - 2}
				rv.Heat[j] = []float64{r.Float64(), 1 / float64(j+1), math.Pow(10, float64(r.IntN(50)-30)) * r.Float64(), 0, 1}[r.IntN(5)]
				rv.Sectors[j] = r.IntN(10)
			}
			if r.IntN(3) == 0 {
				rv.Heat = nil
			}
		}
		want, err := json.Marshal(&rv)
		if err != nil {
			t.Fatal(err)
		}
		got, err := rv.appendJSON([]byte("x"))
		if err != nil || got[0] != 'x' || !bytes.Equal(got[1:], want) {
			t.Fatalf("picture %d: appendJSON differs from json.Marshal (%v)\n got %s\nwant %s", i, err, got, want)
		}
	}
	if _, err := (&RadioView{Snapshot: radio.Snapshot{Heat: []float64{math.NaN()}}}).appendJSON(nil); err == nil {
		t.Error("a heat of NaN is written; json.Marshal refuses it")
	}
}

// TestHeldViewsStayAsTheyWere: the crews' views are built into the same
// memory version after version; a view View gave (a replay's, a debrief's,
// a test's) is its own copy and still says what it said after the next
// commands.
func TestHeldViewsStayAsTheyWere(t *testing.T) {
	p := newPlayer(t, botOptions(t, `{"mode":"realtime","map":"echo","radio":"heat","teaching":true}`), 3)
	type held struct {
		v    any
		json []byte
	}
	var views []held
	p.play(300, func() {
		for seat := range p.g.seats {
			v := p.g.View(seat)
			b, _ := json.Marshal(v)
			views = append(views, held{v, b})
			p.g.AppendView(nil, seat) // the room's views, built into the crews' memory
		}
	})
	if len(views) < 800 {
		t.Fatalf("only %d views held", len(views))
	}
	for i, h := range views {
		if b, _ := json.Marshal(h.v); !bytes.Equal(b, h.json) {
			t.Fatalf("view %d changed after later commands\nnow %s\nwas %s", i, b, h.json)
		}
	}
}
