package rooms_test

import (
	"fmt"
	"path/filepath"
	"reflect"
	"testing"

	"periscope/db"
	"periscope/rooms"
)

// finishRace plays a started race to its end.
func finishRace(t *testing.T, r *rooms.Room, phones []*phone) {
	t.Helper()
	for i := 0; r.Lobby().State == rooms.StatePlaying; i++ {
		turn := phones[0].view.Turn
		mustAck(t, phones[turn].add(fmt.Sprint("r", i), 3))
		for j, p := range phones {
			if j != turn {
				p.next()
			}
		}
	}
}

func TestRematchSeatsTheSamePeople(t *testing.T) {
	f := newFixture(t, nil)
	r, tokens := f.room(t, `{"target":3}`, 2)
	phones := started(t, r, tokens)
	if _, err := f.hub.Rematch(r.Code(), tokens[0], false); rooms.ErrorCode(err) != rooms.CodeConflict {
		t.Fatalf("rematch of a match in play: %v", err)
	}
	finishRace(t, r, phones)

	if _, err := f.hub.Rematch(r.Code(), "not-a-token", false); rooms.ErrorCode(err) != rooms.CodeForbidden {
		t.Fatalf("a stranger's rematch: %v", err)
	}
	if _, err := f.hub.RematchOf(r.Code()); rooms.ErrorCode(err) != rooms.CodeNotFound {
		t.Fatalf("rematch before anyone asked: %v", err)
	}
	m, err := f.hub.Rematch(r.Code(), tokens[1], false)
	if err != nil {
		t.Fatal(err)
	}
	if m.From != r.Code() || m.Code == r.Code() || !reflect.DeepEqual(m.Seats, map[int]int{0: 0, 1: 1}) {
		t.Fatalf("rematch %+v", m)
	}
	// The whole table taps at once: one room.
	again, err := f.hub.Rematch(r.Code(), tokens[0], true)
	if err != nil || again.Code != m.Code {
		t.Fatalf("second ask: %+v, %v", again, err)
	}
	if of, err := f.hub.RematchOf(r.Code()); err != nil || of.Code != m.Code {
		t.Fatalf("RematchOf = %+v, %v", of, err)
	}
	next, err := f.hub.Get(m.Code)
	if err != nil {
		t.Fatal(err)
	}
	l := next.Lobby()
	if l.State != rooms.StateWaiting || l.Game != "race" {
		t.Fatalf("new room %+v", l)
	}
	for i, s := range l.Seats {
		if !s.Taken || s.Name != fmt.Sprintf("P%d", i) {
			t.Errorf("seat %d: %+v", i, s)
		}
	}
	// The old token opens the same seat of the new room.
	_, welcome := connect(t, next, tokens[1], nil)
	if welcome.Seat == nil || *welcome.Seat != 1 {
		t.Fatalf("welcome %+v", welcome)
	}
}

func TestRematchSwapsSides(t *testing.T) {
	tests := []struct {
		name    string
		options string
		seats   int
		want    map[int]int
		code    string
	}{
		{"two teams of two", `{"target":3,"seats":4,"teams":2}`, 4, map[int]int{0: 1, 1: 0, 2: 3, 3: 2}, ""},
		{"one seat each", `{"target":3}`, 2, map[int]int{0: 1, 1: 0}, ""},
		{"sides of different sizes", `{"target":3,"seats":3,"teams":2}`, 3, nil, rooms.CodeConflict},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t, nil)
			r, tokens := f.room(t, tt.options, tt.seats)
			finishRace(t, r, started(t, r, tokens))
			m, err := f.hub.Rematch(r.Code(), tokens[0], true)
			if tt.code != "" {
				if rooms.ErrorCode(err) != tt.code || rooms.ErrorMessage(err) == "" {
					t.Fatalf("err %v, want %s", err, tt.code)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !m.Swapped || !reflect.DeepEqual(m.Seats, tt.want) {
				t.Fatalf("rematch %+v", m)
			}
			next, _ := f.hub.Get(m.Code)
			for old, seat := range m.Seats {
				if got := next.Lobby().Seats[seat].Name; got != fmt.Sprintf("P%d", old) {
					t.Errorf("seat %d holds %q, want P%d", seat, got, old)
				}
			}
		})
	}
}

// TestRematchOutlivesARestart: the rematch link is stored with the room,
// so after a restart the table's pages find the same rematch (it was held
// in memory only, and a second tap opened a second room).
func TestRematchOutlivesARestart(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.db")
	store, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	f := newFixture(t, store)
	r, tokens := f.room(t, `{"target":3}`, 2)
	finishRace(t, r, started(t, r, tokens))
	m, err := f.hub.Rematch(r.Code(), tokens[0], true)
	if err != nil {
		t.Fatal(err)
	}
	f.hub.Close()
	store.Close()

	store, err = db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	g := newFixture(t, store)
	if _, err := g.hub.Resume(); err != nil {
		t.Fatal(err)
	}
	of, err := g.hub.RematchOf(r.Code())
	if err != nil || !reflect.DeepEqual(of, m) {
		t.Fatalf("after a restart RematchOf = %+v, %v; want %+v", of, err, m)
	}
	again, err := g.hub.Rematch(r.Code(), tokens[1], false)
	if err != nil || !reflect.DeepEqual(again, m) {
		t.Fatalf("asked again after a restart: %+v, %v; want the same rematch %+v", again, err, m)
	}
	if n := len(g.hub.Open()); n != 1 {
		t.Fatalf("%d rooms open after the restart, want the one rematch", n)
	}
}
