package radio

import (
	"errors"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"periscope/sonar/chart"
)

// Most tests sail on Alpha real time:
//
//	   ABCDEFGHIJKLMNO
//	 1 ...............
//	 2 ..X...X.....XX.
//	 3 ..X.....X...X..
//	 4 ........X......
//	 5 ...............
//	 6 ...............
//	 7 .X.X..X.X......
//	 8 .X.X..X........
//	 9 ...X...X...XXX.
//	10 ...............
//	11 ...X...........
//	12 ..X....X...X...
//	13 X...........X..
//	14 ..X...X.X....X.
//	15 ...X...........
var alpha = chart.MustLoad("alpha", chart.RealTime)

func newTracker(t *testing.T, opts Options) *Tracker {
	t.Helper()
	tr, err := New(alpha, opts)
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

// pinned is a tracker that already knows the enemy is at cell with a fresh
// route, as after a direct hit on a lone candidate.
func pinned(t *testing.T, opts Options, cell string) *Tracker {
	t.Helper()
	return pinnedOn(t, alpha, opts, cell)
}

func pinnedOn(t *testing.T, m *chart.Map, opts Options, cell string) *Tracker {
	t.Helper()
	tr, err := New(m, opts)
	if err != nil {
		t.Fatal(err)
	}
	c, err := m.Parse(cell)
	if err != nil {
		t.Fatal(err)
	}
	h := hyp{pos: uint8(m.Index(c)), w: 1, wok: true}
	h.vis.add(int(h.pos))
	h.wit = h.vis
	tr.hs = []hyp{h}
	return tr
}

func cellOf(t *testing.T, s string) chart.Cell {
	t.Helper()
	c, err := alpha.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func names(cs []chart.Cell) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

// cells parses a space-separated list and orders it like Tracker.Cells.
func cells(t *testing.T, list string) []string {
	t.Helper()
	var cs []chart.Cell
	for _, f := range strings.Fields(list) {
		cs = append(cs, cellOf(t, f))
	}
	chart.SortCells(cs)
	return names(cs)
}

func course(d chart.Dir) Observation { return Observation{Kind: Course, Dir: d} }

var (
	north   = course(chart.North)
	east    = course(chart.East)
	south   = course(chart.South)
	west    = course(chart.West)
	silence = Observation{Kind: Silence}
	dropped = Observation{Kind: EnemyDrop}
)

func at(t *testing.T, kind Kind, cell string, r Result) Observation {
	return Observation{Kind: kind, Cell: cellOf(t, cell), Result: r}
}

func observeAll(t *testing.T, tr *Tracker, obs ...Observation) {
	t.Helper()
	for _, o := range obs {
		if err := tr.Observe(o); err != nil {
			t.Fatalf("%s: %v", o, err)
		}
	}
}

// TestRules checks, one rule at a time, which cells the tracker leaves
// possible, or that it refuses an announcement no position explains.
func TestRules(t *testing.T) {
	tests := []struct {
		name  string
		opts  Options
		start string // pinned start cell; "" starts anywhere
		obs   func(t *testing.T) []Observation
		want  string // possible cells after obs; "" when the last is refused
		// without lists cells that must not be possible, when want is too
		// long to spell out.
		without string
		// badInput: the last observation is refused as meaningless on this
		// map rather than as inconsistent with the enemy's moves.
		badInput bool
		// why is part of the refusal message.
		why string
	}{
		{
			name: "course moves one cell", start: "E5",
			obs:  func(*testing.T) []Observation { return []Observation{north, north, east} },
			want: "F3",
		},
		{
			name: "course onto an island is refused", start: "C4",
			obs: func(*testing.T) []Observation { return []Observation{north} },
			why: "HEAD NORTH: from C4 that runs onto the island C3",
		},
		{
			name: "course off the map is refused", start: "A5",
			obs: func(*testing.T) []Observation { return []Observation{west} },
			why: "from A5 that leaves the map",
		},
		{
			name: "course onto its own route is refused", start: "E5",
			obs: func(*testing.T) []Observation { return []Observation{north, east, south, west} },
			why: "from F5 that crosses its own route at E5",
		},
		{
			name: "silence runs 0 to 4 cells, stopping at islands and the edge", start: "B5",
			obs:  func(*testing.T) []Observation { return []Observation{silence} },
			want: "B1 B2 B3 B4 A5 B5 C5 D5 E5 F5 B6",
		},
		{
			name: "silence minimum 1 leaves no standing still", start: "B5", opts: Options{SilenceMin: 1},
			obs:  func(*testing.T) []Observation { return []Observation{silence} },
			want: "B1 B2 B3 B4 A5 C5 D5 E5 F5 B6",
		},
		{
			// A tracker that checked only the end of the run would keep F5.
			name: "silence never crosses its own route mid-run", start: "E4",
			obs: func(*testing.T) []Observation {
				return []Observation{south, south, west, west, west, north, silence}
			},
			want: "B1 B2 B3 B4 A5 B5 C5 D5",
		},
		{
			name: "surfacing is announced in the true sector", start: "E3",
			obs: func(t *testing.T) []Observation {
				return []Observation{south, south, {Kind: Surface, Sector: 2}}
			},
			why: "SURFACING IN SECTOR 2: the enemy can only be in sector 1",
		},
		{
			name: "after surfacing the old route is open again", start: "E3",
			obs: func(t *testing.T) []Observation {
				return []Observation{south, south, {Kind: Surface, Sector: 1}, north, north}
			},
			want: "E3",
		},
		{
			name: "surfacing anywhere in the announced sector",
			obs: func(t *testing.T) []Observation {
				return []Observation{{Kind: Surface, Sector: 9}, {Kind: Drone, Sector: 9, Yes: true}, {Kind: Sonar, Facts: [2]Fact{{Row, 11}, {Column, 1}}}}
			},
			want: "K11 L11 M11 N11 O11",
		},
		{
			name: "drone no removes the sector",
			obs: func(t *testing.T) []Observation {
				return []Observation{{Kind: Drone, Sector: 1, Yes: false}, {Kind: Drone, Sector: 2, Yes: false},
					{Kind: Sonar, Facts: [2]Fact{{Row, 1}, {Sector, 9}}}, {Kind: Drone, Sector: 9, Yes: false}}
			},
			want: "K1 L1 M1 N1 O1",
		},
		{
			// Exactly one fact is true: A1 matches both, B2 neither.
			name: "sonar keeps cells where exactly one fact holds",
			obs: func(t *testing.T) []Observation {
				return []Observation{{Kind: Sonar, Facts: [2]Fact{{Row, 1}, {Column, 1}}}, {Kind: Drone, Sector: 1, Yes: true}}
			},
			want: "B1 C1 D1 E1 A2 A3 A4 A5",
		},
		{
			name: "direct hit pins the cell",
			obs:  func(t *testing.T) []Observation { return []Observation{at(t, Hit, "H6", Direct)} },
			want: "H6",
		},
		{
			name: "indirect hit in the corner leaves three cells",
			obs:  func(t *testing.T) []Observation { return []Observation{at(t, Hit, "A1", Indirect)} },
			want: "B1 A2 B2",
		},
		{
			name: "indirect hit counts diagonals and skips islands",
			obs:  func(t *testing.T) []Observation { return []Observation{at(t, Hit, "B2", Indirect)} },
			want: "A1 B1 C1 A2 A3 B3",
		},
		{
			name: "all clear removes the nine cells around the impact",
			obs: func(t *testing.T) []Observation {
				return []Observation{at(t, Hit, "B2", Clear), {Kind: Sonar, Facts: [2]Fact{{Row, 1}, {Sector, 2}}}, {Kind: Drone, Sector: 1, Yes: true}}
			},
			want: "D1 E1",
		},
		{
			// C8 to E8 is two cells as the crow flies, six by water.
			name: "enemy torpedo range goes around islands", start: "E8",
			obs: func(t *testing.T) []Observation { return []Observation{at(t, EnemyTorpedo, "C8", "")} },
		},
		{
			name: "enemy torpedo within four water steps", start: "E6",
			obs:  func(t *testing.T) []Observation { return []Observation{at(t, EnemyTorpedo, "C8", Clear)} },
			want: "E6",
		},
		{
			name: "enemy torpedo never lands on its own cell", start: "E6",
			obs: func(t *testing.T) []Observation { return []Observation{at(t, EnemyTorpedo, "E6", Direct)} },
		},
		{
			name: "enemy self-damage places it next to its torpedo",
			obs: func(t *testing.T) []Observation {
				return []Observation{at(t, EnemyTorpedo, "A1", Indirect)}
			},
			want: "B1 A2 B2",
		},
		{
			name: "Archer mines exist only on Echo", badInput: true,
			obs: func(t *testing.T) []Observation { return []Observation{at(t, EnemyArcher, "A1", Indirect)} },
		},
		{
			name: "mine drop needs a free cell beside the sub", start: "B14", opts: Options{MineOrthogonal: true},
			obs: func(t *testing.T) []Observation { return []Observation{south, west, north, dropped} },
		},
		{
			name: "mine drop may use a diagonal cell by default", start: "B14",
			obs:  func(t *testing.T) []Observation { return []Observation{south, west, north, dropped} },
			want: "A14",
		},
		{
			name: "the sub never sails onto its own mine", start: "B15", opts: Options{MineOrthogonal: true},
			obs: func(t *testing.T) []Observation { return []Observation{west, dropped, north} },
			why: "from A15 that sails onto its own mine at A14",
		},
		{
			name: "a mine with two candidates lets the sub take one", start: "B15",
			obs:  func(t *testing.T) []Observation { return []Observation{west, dropped, north} },
			want: "A14",
		},
		{
			// Two cells beside B13 are free (B12, C13): two mines fit there,
			// so B13 stays possible after two drops...
			name: "two mines fit two drop cells", start: "B14", opts: Options{MineOrthogonal: true},
			obs: func(t *testing.T) []Observation {
				return []Observation{north, dropped, silence, dropped}
			},
			want: "B9 B10 B11 B12 B13 C13 D13 E13 F13",
		},
		{
			// ...but three cannot: each mine needs a cell of its own.
			name: "three mines do not fit two drop cells", start: "B14", opts: Options{MineOrthogonal: true},
			obs: func(t *testing.T) []Observation {
				return []Observation{north, dropped, silence, dropped, silence, dropped}
			},
			without: "B13",
		},
		{
			// Mine at A1 means a drop from B1, A2 or B2; two courses east
			// leave only B1 > C1 > D1 (B2 > C2 hits an island).
			name: "a trigger tells where the sub was when it dropped",
			obs: func(t *testing.T) []Observation {
				return []Observation{dropped, east, east, at(t, EnemyTrigger, "A1", "")}
			},
			want: "D1",
		},
		{
			name: "a trigger needs an outstanding mine there", start: "E5",
			obs: func(t *testing.T) []Observation { return []Observation{dropped, east, at(t, EnemyTrigger, "A1", "")} },
		},
		{
			name: "a triggered mine is gone", start: "B14", opts: Options{MineOrthogonal: true},
			obs: func(t *testing.T) []Observation {
				return []Observation{north, dropped, east, at(t, EnemyTrigger, "B12", Indirect), at(t, EnemyTrigger, "B12", "")}
			},
		},
		{
			name: "a torpedo on its own mine destroys it", start: "B14", opts: Options{MineOrthogonal: true},
			obs: func(t *testing.T) []Observation {
				return []Observation{north, dropped, east, at(t, EnemyTorpedo, "B12", Indirect), at(t, EnemyTrigger, "B12", "")}
			},
		},
		{
			name: "without the torpedo the same trigger fits", start: "B14", opts: Options{MineOrthogonal: true},
			obs: func(t *testing.T) []Observation {
				return []Observation{north, dropped, east, at(t, EnemyTrigger, "B12", Indirect)}
			},
			want: "C13",
		},
		{
			name: "once its torpedo destroyed its mine the sub may sail there", start: "B15", opts: Options{MineOrthogonal: true},
			obs: func(t *testing.T) []Observation {
				return []Observation{west, dropped, at(t, EnemyTorpedo, "A14", Indirect), north}
			},
			want: "A14",
		},
		{
			name: "mines survive surfacing", start: "B15", opts: Options{MineOrthogonal: true},
			obs: func(t *testing.T) []Observation {
				return []Observation{west, dropped, {Kind: Surface, Sector: 7}, north}
			},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var tr *Tracker
			if tc.start == "" {
				tr = newTracker(t, tc.opts)
			} else {
				tr = pinned(t, tc.opts, tc.start)
			}
			obs := tc.obs(t)
			observeAll(t, tr, obs[:len(obs)-1]...)
			before := tr.Snapshot()
			err := tr.Observe(obs[len(obs)-1])
			if tc.without != "" {
				if err != nil {
					t.Fatal(err)
				}
				for _, c := range cells(t, tc.without) {
					if slices.Contains(names(tr.Cells()), c) {
						t.Errorf("%s still possible: %v", c, names(tr.Cells()))
					}
				}
				return
			}
			if tc.want == "" {
				if err == nil {
					t.Fatalf("%s accepted; possible cells %v", obs[len(obs)-1], names(tr.Cells()))
				}
				if errors.Is(err, ErrInconsistent) == tc.badInput {
					t.Errorf("wrong kind of refusal: %v", err)
				}
				if !strings.Contains(err.Error(), tc.why) {
					t.Errorf("refusal %q does not say %q", err, tc.why)
				}
				if after := tr.Snapshot(); !reflect.DeepEqual(before, after) {
					t.Errorf("refused %s changed the tracker", obs[len(obs)-1])
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got, want := names(tr.Cells()), cells(t, tc.want); !slices.Equal(got, want) {
				t.Errorf("possible cells\n got %v\nwant %v", got, want)
			}
			if !tr.Exact() {
				t.Error("not exact")
			}
		})
	}
}

func TestArcherMineSelfDamage(t *testing.T) {
	echo := chart.MustLoad("echo", chart.RealTime)
	tr, err := New(echo, Options{})
	if err != nil {
		t.Fatal(err)
	}
	l2 := chart.Cell{Col: 11, Row: 1}
	if !echo.Archer(l2) {
		t.Fatal("L2 should hold an Archer mine on Echo")
	}
	observeAll(t, tr, Observation{Kind: EnemyArcher, Cell: l2, Result: Direct})
	if got := names(tr.Cells()); !slices.Equal(got, []string{"L2"}) {
		t.Errorf("after their own Archer mine hit them directly at L2: %v", got)
	}
}

// TestArcherMineDestroysOwnMine: on Echo, C3 sits between two islands, so
// coming from C2 its only orthogonal drop cell is C4, a printed Archer mine.
// Setting off that Archer mine destroys the crew's own mine there too.
func TestArcherMineDestroysOwnMine(t *testing.T) {
	echo := chart.MustLoad("echo", chart.RealTime)
	c4 := chart.Cell{Col: 2, Row: 3}
	opts := Options{MineOrthogonal: true}

	tr := pinnedOn(t, echo, opts, "C2")
	observeAll(t, tr, south, dropped)
	if err := tr.Observe(south); !errors.Is(err, ErrInconsistent) {
		t.Fatalf("sailing onto its own mine at C4: got %v", err)
	}
	observeAll(t, tr, Observation{Kind: EnemyArcher, Cell: c4, Result: Indirect}, south)
	if got := names(tr.Cells()); !slices.Equal(got, []string{"C4"}) {
		t.Errorf("after the Archer mine at C4: %v, want [C4]", got)
	}
}

// TestRefusesMeaninglessInput checks the messages a Radio Operator sees when
// an observation cannot mean anything on this map.
func TestRefusesMeaninglessInput(t *testing.T) {
	tests := []struct {
		obs  Observation
		want string
	}{
		{Observation{Kind: "periscope"}, `unknown observation kind "periscope"`},
		{Observation{Kind: Course, Dir: 7}, "is not a heading"},
		{Observation{Kind: Surface, Sector: 10}, "sector 10 does not exist (sectors 1 to 9)"},
		{Observation{Kind: Drone, Sector: 0}, "sector 0 does not exist"},
		{Observation{Kind: Sonar, Facts: [2]Fact{{Row, 3}, {Row, 4}}}, "different types"},
		{Observation{Kind: Sonar, Facts: [2]Fact{{Row, 16}, {Column, 4}}}, "row 16 does not exist"},
		{Observation{Kind: Sonar, Facts: [2]Fact{{Sector, 12}, {Column, 4}}}, "sector 12 does not exist"},
		{Observation{Kind: Sonar, Facts: [2]Fact{{"depth", 1}, {Column, 4}}}, "not a fact type"},
		{Observation{Kind: Hit, Cell: chart.Cell{Col: 15, Row: 0}}, "off the map"},
		{Observation{Kind: Hit, Cell: chart.Cell{Col: 1, Row: 1}, Result: "boom"}, "not an impact result"},
		{Observation{Kind: Hit, Cell: chart.Cell{Col: 1, Row: 1}}, "not an impact result"},
		{Observation{Kind: EnemyTorpedo, Cell: chart.Cell{Col: 2, Row: 1}}, "C2 is an island: a torpedo cannot land there"},
		{Observation{Kind: EnemyTrigger, Cell: chart.Cell{Col: 2, Row: 1}}, "C2 is an island: no mine can lie there"},
		{Observation{Kind: EnemyArcher, Cell: chart.Cell{Col: 4, Row: 4}}, "E5 holds no Archer mine"},
	}
	for _, tc := range tests {
		t.Run(tc.want, func(t *testing.T) {
			tr := newTracker(t, Options{})
			err := tr.Observe(tc.obs)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("got %v, want an error containing %q", err, tc.want)
			}
			if errors.Is(err, ErrInconsistent) {
				t.Errorf("%v is not about the enemy's moves", err)
			}
			if tr.Count() != len(alpha.WaterCells()) || len(tr.Observations()) != 0 {
				t.Error("a refused observation changed the tracker")
			}
		})
	}
}

func TestNewRefusesBadOptions(t *testing.T) {
	for _, opts := range []Options{{SilenceMin: -1}, {SilenceMin: 2}, {Budget: -5}} {
		if _, err := New(alpha, opts); err == nil {
			t.Errorf("New accepted %+v", opts)
		}
	}
	if _, err := New(nil, Options{}); err == nil {
		t.Error("New accepted no map")
	}
	tr := newTracker(t, Options{Budget: 3})
	if tr.budget != minBudget {
		t.Errorf("budget 3 became %d, want the minimum %d", tr.budget, minBudget)
	}
}

func TestStartsAnywhere(t *testing.T) {
	tr := newTracker(t, Options{})
	water := alpha.WaterCells()
	if got := tr.Cells(); !slices.Equal(got, water) {
		t.Errorf("start: %d cells, want all %d water cells", len(got), len(water))
	}
	if got := tr.Sectors(); !slices.Equal(got, []int{1, 2, 3, 4, 5, 6, 7, 8, 9}) {
		t.Errorf("sectors %v", got)
	}
	if p := tr.Probability(cellOf(t, "A1")); math.Abs(p-1/float64(len(water))) > 1e-12 {
		t.Errorf("A1 has probability %v, want 1/%d", p, len(water))
	}
	if p := tr.Probability(cellOf(t, "C2")); p != 0 {
		t.Errorf("island C2 has probability %v", p)
	}
	if p := tr.Probability(chart.Cell{Col: 20}); p != 0 {
		t.Errorf("off-map cell has probability %v", p)
	}
}

// TestSilencePrior checks the heat map's prior: the enemy picks each legal
// silence outcome with the same chance.
func TestSilencePrior(t *testing.T) {
	tr := pinned(t, Options{}, "B5")
	observeAll(t, tr, silence)
	// 11 outcomes: stay, 4 north, 1 west, 1 south, 4 east.
	for _, c := range tr.Cells() {
		if p := tr.Probability(c); math.Abs(p-1.0/11) > 1e-12 {
			t.Errorf("%s: %v, want 1/11", c, p)
		}
	}
	// Only standing still twice (1/11 each time) leaves it at B5; every
	// other route merges its weight into the cells it reaches.
	observeAll(t, tr, silence)
	snap := tr.Snapshot()
	if math.Abs(sumOf(snap.Heat)-1) > 1e-12 {
		t.Errorf("heat sums to %v", sumOf(snap.Heat))
	}
	if p := tr.Probability(cellOf(t, "B5")); math.Abs(p-1.0/121) > 1e-12 {
		t.Errorf("B5: %v, want 1/121", p)
	}
}

func TestUndo(t *testing.T) {
	tr := newTracker(t, Options{})
	if err := tr.Undo(); err == nil {
		t.Error("undo with nothing observed succeeded")
	}
	var snaps []Snapshot
	obs := []Observation{east, silence, {Kind: Drone, Sector: 5, Yes: false}, dropped, south, silence}
	snaps = append(snaps, tr.Snapshot())
	for _, o := range obs {
		observeAll(t, tr, o)
		snaps = append(snaps, tr.Snapshot())
	}
	// The first undo uses the kept state, the next ones replay the log.
	for i := len(obs) - 1; i >= 0; i-- {
		if err := tr.Undo(); err != nil {
			t.Fatal(err)
		}
		if got := tr.Snapshot(); !reflect.DeepEqual(got, snaps[i]) {
			t.Fatalf("after undoing back to %d observations: %d cells, want %d", i, len(got.Cells), len(snaps[i].Cells))
		}
		if len(tr.Observations()) != i {
			t.Fatalf("log holds %d observations, want %d", len(tr.Observations()), i)
		}
	}
	// Undo then a different observation: the undone one is forgotten.
	observeAll(t, tr, east)
	if err := tr.Undo(); err != nil {
		t.Fatal(err)
	}
	observeAll(t, tr, west)
	if got := tr.Observations(); len(got) != 1 || got[0] != west {
		t.Errorf("log %v, want only HEAD WEST", got)
	}
}

// TestUndoKeepsReplaysIdentical: a tracker that took observations back and
// forth ends in the same state as a fresh one fed only its final log, also
// when hypotheses are being merged.
func TestUndoKeepsReplaysIdentical(t *testing.T) {
	merged := 0
	for i := range 20 {
		m := allMaps()[i%10]
		mt := simulateQuiet(m, Options{}, uint64(i), 30)
		opts := Options{Budget: minBudget}
		tr, _ := New(m, opts)
		for n, st := range mt.steps {
			observeAll(t, tr, st.obs)
			if n == 0 {
				continue
			}
			// Take it back, try a silence instead, take that back, redo;
			// every 4th step also take back and redo the step before.
			for _, err := range []error{tr.Undo(), tr.Observe(silence), tr.Undo()} {
				if err != nil {
					t.Fatal(err)
				}
			}
			if n%4 == 3 {
				if err := tr.Undo(); err != nil {
					t.Fatal(err)
				}
				observeAll(t, tr, mt.steps[n-1].obs)
			}
			observeAll(t, tr, st.obs)
		}
		fresh, _ := New(m, opts)
		observeAll(t, fresh, tr.Observations()...)
		if !reflect.DeepEqual(tr.Snapshot(), fresh.Snapshot()) || tr.rung != fresh.rung {
			t.Fatalf("seed %d: undo and redo ended elsewhere than a fresh replay", i)
		}
		if fresh.Stats().Merges > 0 {
			merged++
		}
	}
	if merged == 0 {
		t.Fatal("no match merged: the test proves nothing")
	}
}

// TestSameLogSameAnswer replays simulated logs twice: every output,
// probabilities included, is identical.
func TestSameLogSameAnswer(t *testing.T) {
	for i := range 20 {
		mt := simulate(alpha, optionsFor(i), uint64(i), 30, 100)
		a, b := newTracker(t, mt.opts), newTracker(t, mt.opts)
		for _, st := range mt.steps {
			observeAll(t, a, st.obs)
			observeAll(t, b, st.obs)
			if !reflect.DeepEqual(a.Snapshot(), b.Snapshot()) {
				t.Fatalf("seed %d: replays differ after %s", i, st.obs)
			}
		}
		if again := simulate(alpha, optionsFor(i), uint64(i), 30, 100); !reflect.DeepEqual(again.steps, mt.steps) {
			t.Fatalf("seed %d: the simulator is not deterministic", i)
		}
	}
}

// TestMergeStaysSound squeezes the tracker into the smallest budget on the
// hardest matches (no answers, a silence every sixth turn) and compares it
// with an unbounded tracker: never a cell fewer, and it says it is inexact.
func TestMergeStaysSound(t *testing.T) {
	merged := 0
	for mi, m := range allMaps() {
		for i := range 6 {
			mt := simulateQuiet(m, optionsFor(i), uint64(mi)<<32|uint64(i), 30)
			exact, _ := New(m, Options{SilenceMin: mt.opts.SilenceMin, MineOrthogonal: mt.opts.MineOrthogonal, Budget: math.MaxInt32})
			small, _ := New(m, Options{SilenceMin: mt.opts.SilenceMin, MineOrthogonal: mt.opts.MineOrthogonal, Budget: minBudget})
			for n, st := range mt.steps {
				observeAll(t, exact, st.obs)
				observeAll(t, small, st.obs)
				if small.Count() > minBudget {
					t.Fatalf("%d hypotheses held, budget %d", small.Count(), minBudget)
				}
				want, got := exact.Cells(), small.Cells()
				for _, c := range want {
					if !slices.Contains(got, c) {
						t.Fatalf("%s seed %d step %d %s: merged tracker lost %s", m.Name, mt.seed, n, st.obs, c)
					}
				}
				if small.Exact() && len(got) != len(want) {
					t.Fatalf("%s seed %d step %d: claims exact with %d cells, exact has %d", m.Name, mt.seed, n, len(got), len(want))
				}
				if !covers(small, st.truth, false) {
					t.Fatalf("%s seed %d step %d: the true state is not covered", m.Name, mt.seed, n)
				}
			}
			if small.Stats().Merges > 0 {
				merged++
			}
		}
	}
	if merged == 0 {
		t.Error("no match needed a merge: the test proves nothing")
	}
}

// TestTorpedoRangeOption: a torpedo fired across islands places its
// launcher only when the table counts the range along rows and columns.
func TestTorpedoRangeOption(t *testing.T) {
	m := chart.MustLoad("bravo", chart.RealTime)
	b3, e3 := chart.Cell{Col: 1, Row: 2}, chart.Cell{Col: 4, Row: 2}
	for _, orthogonal := range []bool{false, true} {
		tr, err := New(m, Options{TorpedoOrthogonal: orthogonal})
		if err != nil {
			t.Fatal(err)
		}
		if err := tr.Observe(Observation{Kind: EnemyTorpedo, Cell: e3}); err != nil {
			t.Fatal(err)
		}
		if got := slices.Contains(tr.Cells(), b3); got != orthogonal {
			t.Errorf("orthogonal %v: B3 possible %v (five water steps, three spaces)", orthogonal, got)
		}
	}
}
