package gridtactics

import (
	"encoding/json"
	"reflect"
	"testing"

	"periscope/games"
)

// The room sends a seat a patch only when its view changed, so a view holds
// state, never a log: a missed attack changes nothing in the other side's
// view but the attacker's "has acted" mark (the roll itself travels as an
// event).
func TestViewChangesOnlyWithState(t *testing.T) {
	build := func(seed uint64) *Game { return layout(t, Options{}, seed, Red, "rS C3", "bT D4", "bS H8") }
	body := `{"type":"attack","unit":"C3","target":"D4"}`
	g := build(seedWhere(t, build, Red, body, missed))
	for _, seat := range []int{Blue, games.Spectator} {
		before := asMap(t, g.View(seat))
		next := clone(g)
		mustApply(t, next, Red, body)
		after := asMap(t, next.View(seat))
		for k := range after {
			if k != "board" && !reflect.DeepEqual(before[k], after[k]) {
				t.Errorf("seat %d: %q changed from %v to %v after a miss", seat, k, before[k], after[k])
			}
		}
		want := before["board"].([]any)
		want[0].(map[string]any)["spent"] = true // C3 comes first in square order
		if !reflect.DeepEqual(after["board"], want) {
			t.Errorf("seat %d: board %v after a miss; want only C3 marked as spent", seat, after["board"])
		}
	}
}

func asMap(t *testing.T, v any) map[string]any {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

// longestList is the length of the longest JSON array in v. A view's lists
// are bounded by the board (at most 64 squares), never by the length of
// the match.
func longestList(v any) int {
	n := 0
	switch x := v.(type) {
	case []any:
		n = len(x)
		for _, e := range x {
			n = max(n, longestList(e))
		}
	case map[string]any:
		for _, e := range x {
			n = max(n, longestList(e))
		}
	}
	return n
}
