package rooms

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"periscope/games"
	"periscope/games/battles"
	"periscope/games/gridtactics"
	"periscope/games/pocketsub"
	"periscope/games/saga"
	"periscope/roles"
)

// matchViews plays a bots-only match of def (options opts, seed) through
// the game contract, as a room would, and returns every seat's view
// (spectators' last) after each version: views[version][seat].
func matchViews(tb testing.TB, def games.Definition, opts string, seed uint64, versions int) [][][]byte {
	tb.Helper()
	var o json.RawMessage
	if opts != "" {
		o = json.RawMessage(opts)
	}
	g, err := def.New(o, seed)
	if err != nil {
		tb.Fatal(err)
	}
	now := time.Unix(1_700_000_000, 0).UTC()
	apply := func(seat int, body json.RawMessage, bot bool) bool {
		now = now.Add(time.Second)
		_, err := g.Apply(games.Command{Seat: seat, Body: body, Time: now, Bot: bot})
		return err == nil
	}
	if !apply(games.System, games.StartBody, false) {
		tb.Fatalf("%s: the match does not start", def.Name)
	}
	seats := append(make([]int, 0, len(g.Seats())+1), games.Spectator)
	for s := range g.Seats() {
		seats = append(seats, s)
	}
	snap := func() [][]byte {
		out := make([][]byte, len(seats))
		for i, s := range seats {
			b, err := json.Marshal(g.View(s))
			if err != nil {
				tb.Fatal(err)
			}
			out[i] = b
		}
		return out
	}
	views := [][][]byte{snap()}
	b, _ := g.(games.Botter)
	for len(views) < versions && g.Outcome() == nil {
		moved := false
		for s := range g.Seats() {
			if b == nil {
				break
			}
			if body, ok := b.BotCommand(s); ok && apply(s, body, true) {
				moved = true
				views = append(views, snap())
				break
			}
		}
		if moved {
			continue
		}
		c, ok := g.(games.Clocked)
		at, due := time.Time{}, false
		if ok {
			at, due = c.Deadline()
		}
		if !due {
			break // nobody can act
		}
		if at.After(now) {
			now = at
		}
		if !apply(games.System, games.TickBody, false) {
			break
		}
		views = append(views, snap())
	}
	return views
}

// realMatches are bots' matches of every game, each seat's views.
func realMatches(tb testing.TB) map[string][][][]byte {
	versions := 400
	if testing.Short() {
		versions = 120
	}
	out := map[string][][][]byte{}
	for _, m := range []struct {
		def  games.Definition
		opts string
	}{
		{roles.Definition, `{"mode":"turnbased","teaching":true,"radio":"heat"}`},
		{roles.Definition, `{"mode":"realtime","map":"charlie"}`},
		{gridtactics.Definition, ""},
		{pocketsub.Definition, ""},
		{saga.Definition, ""},
		{battles.Definition, ""},
	} {
		name := m.def.Name + " " + m.opts
		out[name] = matchViews(tb, m.def, m.opts, 1, versions)
		if len(out[name]) < 20 {
			tb.Fatalf("%s: only %d versions", name, len(out[name]))
		}
	}
	return out
}

// sameDiff fails unless the diff gives, for a -> b, the very bytes the
// diff before issue 26 (jsondelta_old_test.go) gives, at the room's limit
// and at limits that cut it short; with memo (the seats' of a version),
// if not nil, as well as alone.
func sameDiff(t *testing.T, where string, a, b []byte, memo *diffMemo) {
	t.Helper()
	if !json.Valid(a) || !json.Valid(b) {
		t.Fatalf("%s: not JSON: %s -> %s", where, a, b)
	}
	want, okW := oldDiffJSON(a, b, len(b), nil)
	got, okG := diffJSON(a, b, len(b))
	if okW != okG || string(want) != string(got) {
		t.Fatalf("%s: the diff of\n%s\nto\n%s\ngives %s (%v), before %s (%v)", where, a, b, got, okG, want, okW)
	}
	if memo != nil {
		got, okG := diffJSONInto(nil, a, b, len(b), memo)
		if okW != okG || string(want) != string(got) {
			t.Fatalf("%s: with the memo, the diff of\n%s\nto\n%s\ngives %s (%v), before %s (%v)", where, a, b, got, okG, want, okW)
		}
	}
	// Cut short: the same limit passes at the same op.
	all, _ := oldDiffJSON(a, b, 1<<30, nil)
	for _, limit := range []int{len(all) / 2, len(all) - 1, len(all), len(all) + 1} {
		want, okW := oldDiffJSON(a, b, limit, nil)
		got, okG := diffJSON(a, b, limit)
		if okW != okG || string(want) != string(got) {
			t.Fatalf("%s, limit %d: %s -> %s gives %s (%v), before %s (%v)", where, limit, a, b, got, okG, want, okW)
		}
		if memo != nil {
			got, okG := diffJSONInto(nil, a, b, limit, memo)
			if okW != okG || string(want) != string(got) {
				t.Fatalf("%s, limit %d, with the memo: %s -> %s gives %s (%v), before %s (%v)", where, limit, a, b, got, okG, want, okW)
			}
		}
	}
}

// TestDiffIsTheOldDiff: over real matches of every game (bots playing,
// every seat and the spectators, each version against the last and
// against one five versions back), the diff gives byte for byte the
// patches it gave before it learnt to skip equal bytes, alone and with a
// memo shared by the seats of a version, as the room diffs them.
func TestDiffIsTheOldDiff(t *testing.T) {
	pairs, parts := 0, 0
	memo, back := &diffMemo{}, &diffMemo{}
	for name, views := range realMatches(t) {
		for v := 1; v < len(views); v++ {
			memo.reset()
			back.reset()
			for s := range views[v] {
				where := fmt.Sprintf("%s, version %d, seat %d", name, v, s)
				sameDiff(t, where, views[v-1][s], views[v][s], memo)
				if v >= 5 {
					sameDiff(t, where+" from 5 back", views[v-5][s], views[v][s], back)
				}
				pairs++
			}
			parts += len(memo.parts)
		}
	}
	if parts == 0 {
		t.Fatal("the memo never kept a part")
	}
	for _, seq := range sonarViews(t) {
		for i := 1; i < len(seq); i++ {
			sameDiff(t, fmt.Sprint("recorded view ", i), seq[i-1], seq[i], nil)
			pairs++
		}
	}
	t.Logf("%d view pairs", pairs)
}

// FuzzDiffIsTheOldDiff: whatever two documents, compact (in the order
// and with the escapes they came with, as a game's own AppendView may
// write them) or as json.Marshal writes them, the diff gives the old
// diff's bytes.
func FuzzDiffIsTheOldDiff(f *testing.F) {
	f.Add([]byte(`{"a":[1,2,3],"b":{"c":"x"}}`), []byte(`{"a":[1,3],"b":{"c":"y","d":null}}`))
	f.Add([]byte(`{"a":"x\"y","b":[{"k":1},{"k":2}],"c":12}`), []byte(`{"a":"x\"y","b":[{"k":1},{"k":3}],"c":123}`))
	f.Add([]byte(`[1,2,{"x":"\\"}]`), []byte(`[1,2,{"x":"\\\\"},4]`))
	f.Add([]byte(`{"log":[]}`), []byte(`{"log":[{"t":"a/b~c"}]}`))
	f.Add([]byte(`{"b":1,"a":[{"x":1,"y":2}],"c":"\u0041"}`), []byte(`{"a":[{"y":2,"x":1}],"b":1,"b":2}`))
	f.Fuzz(func(t *testing.T, a, b []byte) {
		var ca, cb bytes.Buffer
		if json.Compact(&ca, a) != nil || json.Compact(&cb, b) != nil || ca.Len() == 0 || cb.Len() == 0 {
			return
		}
		if ca.String() != cb.String() {
			sameDiff(t, "compact", ca.Bytes(), cb.Bytes(), &diffMemo{})
		}
		var da, db any
		if json.Unmarshal(a, &da) != nil || json.Unmarshal(b, &db) != nil {
			return
		}
		a, _ = json.Marshal(da)
		b, _ = json.Marshal(db)
		if string(a) != string(b) {
			sameDiff(t, "marshalled", a, b, &diffMemo{})
		}
	})
}

// TestDiffDeepDocuments: documents nested deeper than the walk's chain
// holds (it then reads member by member), with changes at every depth,
// give the old diff's bytes.
func TestDiffDeepDocuments(t *testing.T) {
	nest := func(depth, at int, leaf string) string {
		s := leaf
		for i := depth; i > 0; i-- {
			pad := fmt.Sprintf(`"p%d":[1,{"q":"x,}]"}],`, i)
			v := "1"
			if i == at {
				v = "2"
			}
			if i%2 == 0 {
				s = fmt.Sprintf(`{%s"k":%s,"n":%s,"z":%s}`, pad, s, v, v)
			} else {
				s = fmt.Sprintf(`[%s,{%s"n":%s},%s]`, v, pad, v, s)
			}
		}
		return s
	}
	for _, depth := range []int{1, 2, 15, 16, 17, 18, 33, 40} {
		for _, at := range []int{0, 1, depth / 2, depth - 1, depth} {
			a := nest(depth, -1, `"leaf"`)
			for _, b := range []string{nest(depth, at, `"leaf"`), nest(depth, at, `"leaf2"`), nest(depth, at, `[1,2]`), nest(depth, -1, `{"x":1}`)} {
				if a != b {
					sameDiff(t, fmt.Sprintf("depth %d, change at %d", depth, at), []byte(a), []byte(b), nil)
				}
			}
		}
	}
}

// TestDiffMemoAcrossSeats: seats whose views share a part replay each
// other's walk of it only where that gives their own patch: the same
// bytes, and the same rest of the view where the walk stopped early
// because the rest was the same; at every limit, the old diff's bytes.
func TestDiffMemoAcrossSeats(t *testing.T) {
	own := func(pos string, marked bool) string {
		return fmt.Sprintf(`{"crew":"blue","position":%q,"sheet":[{"i":0,"marked":false},{"i":1,"marked":%v}],"pad":%q}`, pos, marked, strings.Repeat("p", 300))
	}
	view := func(seat int, o, hint string) []byte {
		return []byte(fmt.Sprintf(`{"seat":%d,"public":{"turn":"red"},"own":%s,"hint":%q}`, seat, o, hint))
	}
	before, after := own("C4", false), own("C5", true)
	seats := [][2][]byte{
		{view(0, before, "h"), view(0, after, "h")},  // the rest is the same after own
		{view(1, before, "h"), view(1, after, "k")},  // the same own, then its hint changes
		{view(2, before, "h"), view(2, before, "k")}, // own unchanged
		{view(3, before, "h"), view(3, after, "h")},  // as seat 0
		{view(4, own("C4", true), "h"), view(4, after, "h")},
	}
	for _, order := range [][]int{{0, 1, 2, 3, 4}, {1, 0, 3, 2, 4}, {4, 3, 2, 1, 0}} {
		memo := &diffMemo{}
		for _, s := range order {
			sameDiff(t, fmt.Sprintf("seat %d after %v", s, order), seats[s][0], seats[s][1], memo)
		}
	}
}
