package roles

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"os"
	"testing"

	"periscope/sonar"
)

// TestRecordSonarViews re-records rooms/testdata/sonar-views.jsonl.gz, the
// real views the runtime's diff benchmark reads (rooms/delta_bench_test.go):
// 200 versions of a Blue Captain's and a Blue Radio Operator's views
// (seats 0 and 3, one line each per version, in turn) from a turn-based
// match on Alpha with the heat radio, random legal orders, seed 1. Run it
// after a change of the view:
//
//	SONAR_VIEWS=../rooms/testdata/sonar-views.jsonl.gz go test ./roles -run RecordSonarViews
func TestRecordSonarViews(t *testing.T) {
	out := os.Getenv("SONAR_VIEWS")
	if out == "" {
		t.Skip("SONAR_VIEWS names the file to write")
	}
	o := Options{Rules: sonar.Options{Map: "alpha", Mode: sonar.TurnBased}.Defaults(), Crews: [2]int{4, 4}, Radio: RadioHeat, BotLevel: BotCrew}
	p := newPlayer(t, o, 1)
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	z := gzip.NewWriter(f)
	w := bufio.NewWriter(z)
	for n := range 200 {
		if n > 0 && !p.step() {
			t.Fatalf("version %d: nobody can act", n)
		}
		if p.g.Outcome() != nil {
			t.Fatalf("version %d: the match ended: pick another seed", n)
		}
		for _, seat := range []int{0, 3} {
			b, err := json.Marshal(p.g.View(seat))
			if err != nil {
				t.Fatal(err)
			}
			w.Write(append(b, '\n'))
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}
