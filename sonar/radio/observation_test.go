package radio

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"

	"periscope/sonar/chart"
)

func TestParseObservation(t *testing.T) {
	tests := []struct {
		in   string
		want Observation
		err  string
	}{
		{in: `{"kind":"course","dir":"NORTH"}`, want: Observation{Kind: Course, Dir: chart.North}},
		{in: `{"kind":"course","dir":"w"}`, want: Observation{Kind: Course, Dir: chart.West}},
		{in: `{"kind":"silence"}`, want: Observation{Kind: Silence}},
		{in: `{"kind":"surface","sector":4}`, want: Observation{Kind: Surface, Sector: 4}},
		{in: `{"kind":"drone","sector":2,"yes":false}`, want: Observation{Kind: Drone, Sector: 2}},
		{in: `{"kind":"sonar","facts":[{"type":"row","value":7},{"type":"sector","value":3}]}`,
			want: Observation{Kind: Sonar, Facts: [2]Fact{{Row, 7}, {Sector, 3}}}},
		{in: `{"kind":"hit","cell":"C6","result":"indirect"}`, want: Observation{Kind: Hit, Cell: chart.Cell{Col: 2, Row: 5}, Result: Indirect}},
		{in: `{"kind":"enemy_torpedo","cell":"G2"}`, want: Observation{Kind: EnemyTorpedo, Cell: chart.Cell{Col: 6, Row: 1}}},
		{in: `{"kind":"enemy_torpedo","cell":"G2","result":"CLEAR"}`, want: Observation{Kind: EnemyTorpedo, Cell: chart.Cell{Col: 6, Row: 1}, Result: Clear}},
		{in: `{"kind":"enemy_drop"}`, want: Observation{Kind: EnemyDrop}},
		{in: `{"kind":"enemy_trigger","cell":"B7","result":"direct"}`, want: Observation{Kind: EnemyTrigger, Cell: chart.Cell{Col: 1, Row: 6}, Result: Direct}},
		{in: `{"kind":"enemy_archer","cell":"L2"}`, want: Observation{Kind: EnemyArcher, Cell: chart.Cell{Col: 11, Row: 1}}},

		{in: `{"kind":"dive"}`, err: `unknown kind "dive"`},
		{in: `{}`, err: `unknown kind ""`},
		{in: `{"kind":"course"}`, err: "course needs heading"},
		{in: `{"kind":"course","dir":"UP"}`, err: "not a heading"},
		{in: `{"kind":"silence","dir":"NORTH"}`, err: "silence takes no heading"},
		{in: `{"kind":"drone","sector":2}`, err: "drone needs yes/no answer"},
		{in: `{"kind":"sonar","facts":[{"type":"row","value":7}]}`, err: "needs two facts, got 1"},
		{in: `{"kind":"sonar","facts":[{"type":"depth","value":7},{"type":"row","value":1}]}`, err: "not a sonar fact type"},
		{in: `{"kind":"hit","cell":"C6"}`, err: "hit needs a result"},
		{in: `{"kind":"hit","cell":"C0","result":"clear"}`, err: "not a cell name"},
		{in: `{"kind":"hit","cell":"C6","result":"splash"}`, err: "not an impact result"},
		{in: `{"kind":"enemy_drop","result":"clear"}`, err: "enemy_drop takes no result"},
		{in: `{"kind":"surface","sector":4,"depth":3}`, err: "unknown field"},
		{in: `{"kind":"surface","sector":"4"}`, err: "cannot unmarshal"},
		{in: `[1,2]`, err: "cannot unmarshal"},
		{in: `{"kind":"silence"} {}`, err: "invalid character"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseObservation([]byte(tc.in))
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("got %v, %v; want an error containing %q", got, err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got != tc.want {
				t.Errorf("got %+v, want %+v", got, tc.want)
			}
		})
	}
}

// TestObservationRoundTrip writes every kind and reads it back.
func TestObservationRoundTrip(t *testing.T) {
	for i := range 200 {
		mt := simulate(chart.MustLoad("echo", chart.RealTime), optionsFor(i), uint64(i), 30, 100)
		for _, st := range mt.steps {
			b, err := json.Marshal(st.obs)
			if err != nil {
				t.Fatal(err)
			}
			back, err := ParseObservation(b)
			if err != nil {
				t.Fatalf("%s: %v", b, err)
			}
			if back != st.obs {
				t.Fatalf("%s read back as %+v, want %+v", b, back, st.obs)
			}
		}
	}
	if _, err := json.Marshal(Observation{Kind: "nap"}); err == nil {
		t.Error("an unknown kind was written")
	}
}

func TestObservationString(t *testing.T) {
	tests := []struct {
		obs  Observation
		want string
	}{
		{Observation{Kind: Course, Dir: chart.East}, "HEAD EAST"},
		{Observation{Kind: Silence}, "SILENCE"},
		{Observation{Kind: Surface, Sector: 3}, "SURFACING IN SECTOR 3"},
		{Observation{Kind: Drone, Sector: 4, Yes: true}, "DRONE: SECTOR 4? YES"},
		{Observation{Kind: Sonar, Facts: [2]Fact{{Column, 12}, {Sector, 6}}}, "SONAR: COLUMN L / SECTOR 6"},
		{Observation{Kind: Hit, Cell: chart.Cell{Col: 2, Row: 5}, Result: Indirect}, "OUR IMPACT AT C6: INDIRECT HIT"},
		{Observation{Kind: EnemyTorpedo, Cell: chart.Cell{Col: 6, Row: 1}, Result: Clear}, "ENEMY TORPEDO AT G2 (enemy: ALL CLEAR)"},
		{Observation{Kind: EnemyDrop}, "ENEMY MINE DROPPED"},
		{Observation{Kind: EnemyTrigger, Cell: chart.Cell{Col: 1, Row: 6}}, "ENEMY MINE TRIGGERED AT B7"},
		{Observation{Kind: EnemyArcher, Cell: chart.Cell{Col: 11, Row: 1}, Result: Direct}, "ENEMY ARCHER MINE AT L2 (enemy: DIRECT HIT)"},
	}
	for _, tc := range tests {
		if got := tc.obs.String(); got != tc.want {
			t.Errorf("got %q, want %q", got, tc.want)
		}
	}
}

// FuzzParseObservation feeds arbitrary bytes to the decoder: it must never
// panic, and whatever it accepts must write back to an equal observation.
func FuzzParseObservation(f *testing.F) {
	for _, s := range []string{
		`{"kind":"course","dir":"NORTH"}`,
		`{"kind":"silence"}`,
		`{"kind":"surface","sector":4}`,
		`{"kind":"drone","sector":2,"yes":true}`,
		`{"kind":"sonar","facts":[{"type":"row","value":7},{"type":"column","value":3}]}`,
		`{"kind":"hit","cell":"O15","result":"direct"}`,
		`{"kind":"enemy_torpedo","cell":"G2","result":"clear"}`,
		`{"kind":"enemy_drop"}`,
		`{"kind":"enemy_trigger","cell":"B7"}`,
		`{"kind":"enemy_archer","cell":"L2","result":"indirect"}`,
		`{"kind":"sonar","facts":null}`,
		`{"kind":"hit","cell":"Z99","result":"direct"}`,
		``, `null`, `{"kind":`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		o, err := ParseObservation(b)
		if err != nil {
			return
		}
		out, err := json.Marshal(o)
		if err != nil {
			t.Fatalf("accepted %q but cannot write it: %v", b, err)
		}
		back, err := ParseObservation(out)
		if err != nil || back != o {
			t.Fatalf("%q -> %s -> %+v, %v", b, out, back, err)
		}
	})
}

// FuzzObserve drives a tracker with arbitrary observation streams: no panic,
// a refused observation changes nothing, and the answer stays well formed.
func FuzzObserve(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, uint8(0))
	f.Add([]byte{0, 0, 1, 7, 0, 1, 7, 8, 8, 8, 2, 3}, uint8(1))
	f.Add([]byte("a sub ran silent and deep"), uint8(2))
	f.Add([]byte{7, 0, 7, 1, 7, 2, 7, 3, 7, 4, 7, 5, 8, 9, 8, 9, 8}, uint8(7))
	maps := allMaps()
	f.Fuzz(func(t *testing.T, stream []byte, mapAndOpts uint8) {
		m := maps[int(mapAndOpts)%len(maps)]
		opts := optionsFor(int(mapAndOpts / 10))
		tr, err := New(m, opts)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i+1 < len(stream) && i < 400; i += 2 {
			o := fuzzObservation(m, stream[i], stream[i+1])
			before := tr.Snapshot()
			if stream[i]%13 == 12 {
				if err := tr.Undo(); err != nil && len(tr.Observations()) > 0 {
					t.Fatalf("undo: %v", err)
				}
				continue
			}
			if err := tr.Observe(o); err != nil {
				if after := tr.Snapshot(); !reflect.DeepEqual(before, after) {
					t.Fatalf("refused %s changed the tracker", o)
				}
				continue
			}
			snap := tr.Snapshot()
			if snap.Hypotheses == 0 || len(snap.Cells) == 0 || len(snap.Sectors) == 0 {
				t.Fatalf("after %s: empty answer %+v", o, snap)
			}
			if math.Abs(sumOf(snap.Heat)-1) > 1e-9 {
				t.Fatalf("after %s: heat sums to %v", o, sumOf(snap.Heat))
			}
		}
	})
}

// fuzzObservation turns two bytes into an observation, mostly well formed.
func fuzzObservation(m *chart.Map, a, b byte) Observation {
	cell := m.At(int(b) % m.Cells())
	results := []Result{Direct, Indirect, Clear, "", "wet"}
	r := results[int(a/16)%len(results)]
	switch a % 13 {
	case 0, 1:
		return Observation{Kind: Course, Dir: chart.Dir(b % 5)}
	case 2:
		return Observation{Kind: Silence}
	case 3:
		return Observation{Kind: Surface, Sector: int(b % 11)}
	case 4:
		return Observation{Kind: Drone, Sector: int(b % 11), Yes: a&16 != 0}
	case 5:
		types := []FactType{Row, Column, Sector, "depth"}
		return Observation{Kind: Sonar, Facts: [2]Fact{{types[int(a/16)%4], int(b % 16)}, {types[int(b/16)%4], int(a % 16)}}}
	case 6:
		return Observation{Kind: Hit, Cell: cell, Result: r}
	case 7:
		return Observation{Kind: EnemyTorpedo, Cell: cell, Result: r}
	case 8:
		return Observation{Kind: EnemyDrop}
	case 9:
		return Observation{Kind: EnemyTrigger, Cell: cell, Result: r}
	case 10:
		return Observation{Kind: EnemyArcher, Cell: cell, Result: r}
	}
	return Observation{Kind: Kind(string(rune('a' + b%26)))}
}
