package radio

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"periscope/sonar/chart"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestGolden replays recorded matches and compares the tracker's answer
// after each observation (the observation as logged, the hypotheses, the
// possible cells and the three likeliest) with testdata/*.golden.
func TestGolden(t *testing.T) {
	tests := []struct {
		name  string
		m     *chart.Map
		seed  uint64
		style style
	}{
		{"alpha-realtime-balanced", chart.MustLoad("alpha", chart.RealTime), 1, balanced},
		{"charlie-realtime-silent", chart.MustLoad("charlie", chart.RealTime), 2, silent},
		{"echo-turnbased-balanced", chart.MustLoad("echo", chart.TurnBased), 3, balanced},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			mt := play(tc.m, Options{}, tc.seed, 30, 200, tc.style)
			tr, err := New(tc.m, Options{})
			if err != nil {
				t.Fatal(err)
			}
			var out bytes.Buffer
			for _, st := range mt.steps {
				if err := tr.Observe(st.obs); err != nil {
					t.Fatal(err)
				}
				b, err := json.Marshal(st.obs)
				if err != nil {
					t.Fatal(err)
				}
				fmt.Fprintf(&out, "%s\n  %d hypotheses, exact %v, sectors %v, %d cells: %v\n  likeliest: %s\n",
					b, tr.Count(), tr.Exact(), tr.Sectors(), len(tr.Cells()), tr.Cells(), likeliest(tr, 3))
			}
			path := filepath.Join("testdata", tc.name+".golden")
			if *update {
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if !bytes.Equal(out.Bytes(), want) {
				t.Errorf("answers differ from %s; run go test -run TestGolden -update and review the diff", path)
			}
		})
	}
}

// likeliest names the n most probable cells, ties by cell order.
func likeliest(tr *Tracker, n int) string {
	snap := tr.Snapshot()
	idx := make([]int, len(snap.Cells))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case snap.Heat[a] > snap.Heat[b]:
			return -1
		case snap.Heat[a] < snap.Heat[b]:
			return 1
		}
		return 0
	})
	var b bytes.Buffer
	for _, i := range idx[:min(n, len(idx))] {
		fmt.Fprintf(&b, "%s %.4f ", snap.Cells[i], snap.Heat[i])
	}
	return string(bytes.TrimSpace(b.Bytes()))
}
