package rooms

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"os"
	"testing"

	"github.com/wI2L/jsondiff"
)

// sonarViews reads 200 versions of two seats' views (a Captain and a
// Radio Operator) recorded from a real turn-based Captain Sonar match
// (package roles, random legal orders): the views the runtime diffs.
// TestRecordSonarViews in package roles records them again after a change
// of the view (SONAR_VIEWS names the file; see its comment).
func sonarViews(tb testing.TB) [2][][]byte {
	f, err := os.Open("testdata/sonar-views.jsonl.gz")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		tb.Fatal(err)
	}
	var out [2][][]byte
	sc := bufio.NewScanner(z)
	sc.Buffer(nil, 1<<20)
	for i := 0; sc.Scan(); i++ {
		out[i%2] = append(out[i%2], append([]byte(nil), sc.Bytes()...))
	}
	return out
}

// TestDiffOnRealViews: every patch between consecutive real views applies
// to give the next view.
func TestDiffOnRealViews(t *testing.T) {
	for _, seq := range sonarViews(t) {
		var f feed
		f.reset(0, seq[0])
		for i, v := range seq[1:] {
			d := f.next(int64(i+1), v, nil)
			if d.patch == nil {
				continue
			}
			got, err := ApplyPatch(seq[i], d.patch)
			if err != nil {
				t.Fatal(err)
			}
			var a, b any
			json.Unmarshal(got, &a)
			json.Unmarshal(v, &b)
			if ga, _ := json.Marshal(a); string(ga) != string(mustCanon(v)) {
				t.Fatalf("version %d: the patch does not give the view", i+1)
			}
		}
	}
}

func mustCanon(b []byte) []byte {
	var v any
	_ = json.Unmarshal(b, &v)
	out, _ := json.Marshal(v)
	return out
}

// BenchmarkSeatDiff is the runtime's per-seat work on a new version: diff
// the seat's new view against the one its phones hold. "bytes-diff" is
// this package's diff of the bytes; "decode-jsondiff" decodes both views
// and diffs with github.com/wI2L/jsondiff, as the runtime first did.
func BenchmarkSeatDiff(b *testing.B) {
	seqs := sonarViews(b)
	b.Run("bytes-diff", func(b *testing.B) {
		var sum, n int
		for b.Loop() {
			for _, seq := range seqs {
				for i := 1; i < len(seq); i++ {
					p, ok := diffJSON(seq[i-1], seq[i], len(seq[i]), nil)
					if ok {
						sum += len(p)
					} else {
						sum += len(seq[i])
					}
					n++
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n)/1000, "µs/seat-version")
		b.ReportMetric(float64(sum)/float64(n), "B/frame")
	})
	// Both seats of a version with one memo, as a room's broadcast does.
	b.Run("bytes-diff-memo", func(b *testing.B) {
		var sum, n int
		for b.Loop() {
			for i := 1; i < len(seqs[0]); i++ {
				memo := &diffMemo{}
				for _, seq := range seqs {
					p, ok := diffJSON(seq[i-1], seq[i], len(seq[i]), memo)
					if ok {
						sum += len(p)
					} else {
						sum += len(seq[i])
					}
					n++
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n)/1000, "µs/seat-version")
		b.ReportMetric(float64(sum)/float64(n), "B/frame")
	})
	b.Run("decode-jsondiff", func(b *testing.B) {
		var sum, n int
		for b.Loop() {
			for _, seq := range seqs {
				var prev any
				_ = json.Unmarshal(seq[0], &prev)
				for i := 1; i < len(seq); i++ {
					var doc any
					_ = json.Unmarshal(seq[i], &doc)
					p, _ := jsondiff.CompareWithoutMarshal(prev, doc)
					pb, _ := json.Marshal(p)
					sum += min(len(pb), len(seq[i]))
					n++
					prev = doc
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n)/1000, "µs/seat-version")
		b.ReportMetric(float64(sum)/float64(n), "B/frame")
	})
}
