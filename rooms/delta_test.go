package rooms

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"periscope/games"
)

// FuzzPatchRoundTrip: whatever two views a seat holds in a row, the
// update's patch (or whole view) turns the first into the second.
func FuzzPatchRoundTrip(f *testing.F) {
	f.Add([]byte(`{"a":[1,2,3],"b":{"c":"x"}}`), []byte(`{"a":[1,3],"b":{"c":"y","d":null}}`))
	f.Add([]byte(`{"log":[]}`), []byte(`{"log":[{"t":"a/b~c"}]}`))
	f.Add([]byte(`{"x":[[1],[2]]}`), []byte(`{"x":[[1,2]],"y":true}`))
	f.Add([]byte(`[1,2]`), []byte(`{"k":1}`))
	f.Add([]byte(`{"k":1}`), []byte(`{"k":1}`)) // events only: the base is the view held
	f.Fuzz(func(t *testing.T, a, b []byte) {
		var da, db any
		if json.Unmarshal(a, &da) != nil || json.Unmarshal(b, &db) != nil {
			return
		}
		a, _ = json.Marshal(da)
		b, _ = json.Marshal(db)
		var fd feed
		fd.reset(1, a)
		d := fd.next(2, b)
		if d.base != 1 {
			t.Fatalf("update of v2 based on v%d, but the phones hold v1", d.base)
		}
		if !d.changed {
			if string(a) != string(b) {
				t.Fatalf("%s -> %s reported unchanged", a, b)
			}
			return
		}
		got := d.full
		if d.patch != nil {
			var err error
			if got, err = ApplyPatch(a, d.patch); err != nil {
				t.Fatalf("patch %s of %s: %v", d.patch, a, err)
			}
			if len(d.patch) >= len(b) {
				t.Fatalf("a patch of %d bytes sent for a view of %d", len(d.patch), len(b))
			}
		}
		var dg any
		if err := json.Unmarshal(got, &dg); err != nil || !reflect.DeepEqual(dg, db) {
			t.Fatalf("%s patched by %s gives %s, want %s", a, d.patch, got, b)
		}
	})
}

// TestEventsOnlyUpdateNamesTheHeldVersion: an update whose view did not
// change says which version the phones hold, not the new one.
func TestEventsOnlyUpdateNamesTheHeldVersion(t *testing.T) {
	var f feed
	f.reset(3, []byte(`{"a":1}`))
	d := f.next(4, []byte(`{"a":1}`))
	if d.changed || d.base != 3 {
		t.Fatalf("unchanged view: %+v, want base 3", d)
	}
	// Version 4 went out with events; version 5 changed nothing and was
	// sent to nobody: version 6's patch is against version 4.
	f.eventsSent(4)
	if d = f.next(5, []byte(`{"a":1}`)); d.changed || d.base != 4 {
		t.Fatalf("unchanged view: %+v, want base 4", d)
	}
	if d = f.next(6, []byte(`{"a":2}`)); !d.changed || d.base != 4 {
		t.Fatalf("changed view after a silent version: %+v, want base 4", d)
	}
}

// TestUpdateFrameIsEncode: the hand-written update frame is byte for byte
// what encoding/json makes of the same message, in every shape a seat
// gets (events alone, a patch, the whole view; with and without events).
func TestUpdateFrameIsEncode(t *testing.T) {
	events := []WireEvent{
		{V: 7, Event: games.Event{Kind: "moved", Text: `Blue's tank moved to "C4" \ & <here>`, Data: json.RawMessage(`{"from":"B4","to":"C4"}`)}},
		{V: 7, Event: games.Event{Kind: "hit", Text: "hit"}},
	}
	var scratch []byte
	for _, c := range []struct {
		name   string
		events []WireEvent
		d      delta
	}{
		{"events alone", events, delta{base: 6}},
		{"patch", nil, delta{changed: true, base: 6, patch: json.RawMessage(`[{"op":"replace","path":"/a","value":2}]`)}},
		{"patch and events", events, delta{changed: true, base: 3, patch: json.RawMessage(`[{"op":"add","path":"/b/-","value":{"x":"\u003cy\u003e"}}]`)}},
		{"whole view", nil, delta{changed: true, base: 6, full: []byte(`{"a":1,"b":[1,2]}`)}},
		{"whole view and events", events, delta{changed: true, base: 6, full: []byte(`{"a":1}`)}},
	} {
		got, want := updateFrame(7, c.events, c.d), updateFrameEncoded(7, c.events, c.d)
		// And through a kept buffer, as the room writes them.
		if kept := updateFrameInto(&scratch, 7, c.events, c.d); string(kept) != string(want) {
			t.Errorf("%s: through a kept buffer\n got %s\nwant %s", c.name, kept, want)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s:\n got %s\nwant %s", c.name, got, want)
		}
	}
}

// TestSeatEventsAreEncode: a version's events encoded once and picked for
// each seat (encodeEvents, seatEvents) make, in every shape of frame, the
// very bytes encoding/json makes of that seat's visible events; and an
// event that does not encode sends the room back to encoding/json.
func TestSeatEventsAreEncode(t *testing.T) {
	events := []games.Event{
		{Kind: "moved", Text: `Blue's tank moved to "C4" \ & <here>`, Data: json.RawMessage(`{"from":"B4", "to":"C4"}`)},
		{Kind: "secret", Text: "only seats 0 and 2", Seats: []int{0, 2}},
		{Text: "everyone, \u2028 and é"},
		{Kind: "own", Text: "seat 1 alone", Seats: []int{1}, Data: json.RawMessage(`[1,2]`)},
		{Kind: "nobody", Text: "no seat", Seats: []int{}},
		{Kind: "html", Text: "data to escape", Data: json.RawMessage("{\"a\": \"<b> & \u2028 \u2029\",\n \"n\": [1, 2.5e3, null]}")},
		{Text: "data that is null", Data: json.RawMessage(`null`)},
		{Text: "an ampersand alone", Data: json.RawMessage(`"R & D"`)},
		{Text: "a line separator alone", Data: json.RawMessage("\"a\u2028b\"")},
	}
	var r Room
	for _, evs := range [][]games.Event{events, events[1:2], nil} {
		r.encodeEvents(9, evs)
		if !r.evOK {
			t.Fatal("events that encode were not encoded")
		}
		for seat := games.Spectator; seat < 4; seat++ {
			visible := appendVisible(nil, 9, evs, seat)
			for _, d := range []delta{
				{base: 8},
				{changed: true, base: 8, patch: json.RawMessage(`[{"op":"replace","path":"/a","value":2}]`)},
				{changed: true, base: 8, full: []byte(`{"a":1}`)},
			} {
				got, want := updateFrameJSON(9, r.seatEvents(seat, evs), d), updateFrameEncoded(9, visible, d)
				if !bytes.Equal(got, want) {
					t.Errorf("seat %d:\n got %s\nwant %s", seat, got, want)
				}
			}
		}
	}
	r.encodeEvents(9, []games.Event{{Text: "bad", Data: json.RawMessage(`{"x":`)}})
	if r.evOK {
		t.Fatal("an event whose Data is not JSON was taken as encoded")
	}
}

// TestDiffPathsAreTheDocuments: a change deep in nested objects and
// arrays, under keys that a JSON Pointer escapes, is patched at its own
// path, the one the diff before issue 26 gave, and the patch gives b.
func TestDiffPathsAreTheDocuments(t *testing.T) {
	long := strings.Repeat("x", 300)
	inner := func(n int) string {
		return fmt.Sprintf(`{"pad":%q,"list":[%d,2,3],"deep":{"k":%d,"pad":%q}}`, long, n, n, long)
	}
	sub := func(n int) string { return fmt.Sprintf(`{"a":%s,"b":[%s,%d]}`, inner(n), inner(n), n) }
	a := []byte(fmt.Sprintf(`{"p":%s,"q":{"r~/s":%s},"t":[%s]}`, sub(1), sub(1), sub(1)))
	b := []byte(fmt.Sprintf(`{"p":%s,"q":{"r~/s":%s},"t":[%s]}`, sub(7), sub(7), sub(7)))
	sameDiff(t, "nested", a, b, &diffMemo{})
	patch, ok := diffJSON(a, b, 1<<20)
	if !ok {
		t.Fatal("no patch")
	}
	if !strings.Contains(string(patch), `"/q/r~0~1s/b/0/deep/k"`) || !strings.Contains(string(patch), `"/t/0/b/1"`) {
		t.Fatalf("the paths are not the document's: %s", patch)
	}
	got, err := ApplyPatch(a, patch)
	if err != nil || string(got) != string(mustCanon(b)) {
		t.Fatalf("the patch does not give b: %v\n%s", err, got)
	}
}
