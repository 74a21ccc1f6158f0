package rooms

import (
	"bufio"
	"compress/gzip"
	"encoding/json"
	"os"
	"testing"

	"github.com/wI2L/jsondiff"

	"periscope/roles"
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
			d := f.next(int64(i+1), v)
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
					p, ok := diffJSON(seq[i-1], seq[i], len(seq[i]))
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

// BenchmarkVersionDiff is a version's diffs in a Captain Sonar room: a
// bots' match (teaching, radio heat, turn-based), each version's nine
// views (eight seats, the spectators) diffed against the last into one
// buffer with one memo, as prepare does. "before" is the diff before
// issue 26's work (jsondelta_old_test.go), with its own memo shared by
// the seats of a version, as the room used it.
func BenchmarkVersionDiff(b *testing.B) {
	views := matchViews(b, roles.Definition, `{"mode":"turnbased","teaching":true,"radio":"heat"}`, 1, 400)
	run := func(b *testing.B, reset func(), diff func(dst, a, b []byte) ([]byte, bool)) {
		var sum, n int
		buf := make([]byte, 0, 4096)
		for b.Loop() {
			for v := 1; v < len(views); v++ {
				reset()
				for s := range views[v] {
					p, ok := diff(buf, views[v-1][s], views[v][s])
					if ok {
						sum += len(p)
						buf = p[:0]
					} else {
						sum += len(views[v][s])
					}
					n++
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n)/1000, "µs/seat-version")
		b.ReportMetric(float64(sum)/float64(n), "B/frame")
	}
	b.Run("now", func(b *testing.B) {
		memo := &diffMemo{}
		run(b, memo.reset, func(dst, x, y []byte) ([]byte, bool) { return diffJSONInto(dst, x, y, len(y), memo) })
	})
	b.Run("before", func(b *testing.B) {
		memo := &oldDiffMemo{}
		run(b, memo.reset, func(dst, x, y []byte) ([]byte, bool) { return oldDiffJSONInto(dst, x, y, len(y), memo) })
	})
}
