package rooms_test

import (
	"encoding/json"
	"testing"

	"periscope/rooms"
)

// The list of open rooms tells rooms of one game apart by their options,
// as created, and keeps them across a restart; a room of defaults has none.
func TestLobbyCarriesTheRoomsOptions(t *testing.T) {
	store := rooms.NewMemoryStore()
	f := newFixture(t, store)
	set, _ := f.room(t, `{"seats":3,"target":30}`, 0)
	plain, _ := f.room(t, ``, 0)

	var got map[string]int
	if err := json.Unmarshal(set.Lobby().Options, &got); err != nil || got["seats"] != 3 || got["target"] != 30 || len(got) != 2 {
		t.Fatalf("lobby options %s (%v), want seats 3 and target 30", set.Lobby().Options, err)
	}
	if o := plain.Lobby().Options; o != nil {
		t.Fatalf("a room of defaults lists options %s", o)
	}
	b, err := json.Marshal(plain.Lobby())
	if err != nil {
		t.Fatal(err)
	}
	var wire map[string]any
	if err := json.Unmarshal(b, &wire); err != nil {
		t.Fatal(err)
	}
	if _, ok := wire["options"]; ok {
		t.Fatalf("a room of defaults sends options: %s", b)
	}

	// In the hub's list, and after a restart from the store.
	listed := func(h *rooms.Hub) json.RawMessage {
		for _, l := range h.Open() {
			if l.Code == set.Code() {
				return l.Options
			}
		}
		t.Fatalf("room %s is not listed", set.Code())
		return nil
	}
	if o := listed(f.hub); string(o) != string(set.Lobby().Options) {
		t.Fatalf("listed with options %s, the room has %s", o, set.Lobby().Options)
	}
	want := string(set.Lobby().Options)
	f.hub.Close()
	f2 := newFixture(t, store)
	if _, err := f2.hub.Resume(); err != nil {
		t.Fatal(err)
	}
	if o := listed(f2.hub); string(o) != want {
		t.Fatalf("after a restart listed with options %s, want %s", o, want)
	}
}
