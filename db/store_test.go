package db_test

import (
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"periscope/db"
	"periscope/games"
	"periscope/rooms"
)

// stores are the Store implementations the contract tests below hold to the
// same behaviour: SQLite and the memory store.
func stores(t *testing.T) map[string]rooms.Store {
	return map[string]rooms.Store{"sqlite": open(t), "memory": rooms.NewMemoryStore()}
}

func seatsOf(t *testing.T, s rooms.Store, code string) []rooms.SeatRecord {
	t.Helper()
	saved, err := s.Load(code)
	if err != nil {
		t.Fatal(err)
	}
	return saved.Seats
}

// TestStorePutSeats: a move is one write; when any row is refused, none
// lands.
func TestStorePutSeats(t *testing.T) {
	for name, s := range stores(t) {
		t.Run(name, func(t *testing.T) {
			for _, code := range []string{"MOVE", "OTHR"} {
				if err := s.CreateRoom(rooms.RoomRecord{Code: code, Game: "sonar", Created: start}); err != nil {
					t.Fatal(err)
				}
			}
			ann := rooms.SeatRecord{Room: "MOVE", Seat: 0, Name: "Ann", TokenHash: []byte{1, 2}, Host: true}
			if err := s.PutSeats(ann); err != nil {
				t.Fatal(err)
			}
			if err := s.PutSeats(); err != nil {
				t.Fatalf("PutSeats() = %v, want nothing done", err)
			}
			freed := rooms.SeatRecord{Room: "MOVE", Seat: 0, Name: "Ann"}
			moved := rooms.SeatRecord{Room: "MOVE", Seat: 4, Name: "Ann", TokenHash: []byte{1, 2}, Host: true}

			// The second row names a room that does not exist: the first
			// row was written before it failed, and is undone.
			if err := s.PutSeats(freed, rooms.SeatRecord{Room: "NONE", Seat: 4, Name: "Ann"}); err == nil {
				t.Fatal("a seat in an unknown room was accepted")
			}
			if got := seatsOf(t, s, "MOVE"); !reflect.DeepEqual(got, []rooms.SeatRecord{ann}) {
				t.Fatalf("after a refused move: %+v", got)
			}

			if err := s.PutSeats(freed, moved, rooms.SeatRecord{Room: "OTHR", Seat: 1, Name: "Bo"}); err != nil {
				t.Fatal(err)
			}
			if got, want := seatsOf(t, s, "MOVE"), []rooms.SeatRecord{freed, moved}; !reflect.DeepEqual(got, want) {
				t.Fatalf("after the move %+v, want %+v", got, want)
			}
			if got := seatsOf(t, s, "OTHR"); len(got) != 1 || got[0].Name != "Bo" {
				t.Fatalf("other room's seats %+v", got)
			}
		})
	}
}

// TestStoreExpire: an expired room is not resumed, not listed as finished,
// and takes no more writes that need an open room.
func TestStoreExpire(t *testing.T) {
	at := start.Add(2 * time.Hour)
	for name, s := range stores(t) {
		t.Run(name, func(t *testing.T) {
			for _, r := range []rooms.RoomRecord{
				{Code: "IDLE", Game: "sonar", State: rooms.StateWaiting, Created: start},
				{Code: "GONE", Game: "sonar", State: rooms.StatePlaying, Created: start.Add(time.Minute)},
				{Code: "LIVE", Game: "sonar", State: rooms.StatePlaying, Created: start.Add(2 * time.Minute)},
				{Code: "DONE", Game: "sonar", State: rooms.StatePlaying, Created: start.Add(3 * time.Minute)},
			} {
				if err := s.CreateRoom(r); err != nil {
					t.Fatal(err)
				}
			}
			if err := s.Finish("DONE", games.Outcome{Winners: []int{1}}, at); err != nil {
				t.Fatal(err)
			}
			for _, code := range []string{"IDLE", "GONE"} {
				if err := s.Expire(code, at); err != nil {
					t.Fatal(err)
				}
			}
			saved, err := s.Load("IDLE")
			if err != nil {
				t.Fatal(err)
			}
			if saved.Room.State != rooms.StateExpired || !saved.Room.Finished.Equal(at) || saved.Room.Outcome != nil {
				t.Fatalf("expired room loads as %+v", saved.Room)
			}
			open, err := s.Unfinished()
			if err != nil {
				t.Fatal(err)
			}
			if len(open) != 1 || open[0].Room.Code != "LIVE" {
				t.Fatalf("Unfinished = %+v, want only LIVE", open)
			}
			done, err := s.Finished(0)
			if err != nil {
				t.Fatal(err)
			}
			if len(done) != 1 || done[0].Code != "DONE" {
				t.Fatalf("Finished = %+v, want only DONE", done)
			}
			for _, code := range []string{"IDLE", "DONE", "NONE"} {
				if err := s.Expire(code, at); err == nil {
					t.Errorf("Expire(%s) accepted", code)
				}
			}
		})
	}
}

// TestStoreFinishedPage: pages follow each other without a gap or a repeat,
// newest first, rooms finished at the same time by code.
func TestStoreFinishedPage(t *testing.T) {
	ends := map[string]time.Duration{"AAAA": 1, "BBBB": 3, "CCCC": 3, "DDDD": 2, "EEEE": 5, "FFFF": 3}
	want := []string{"EEEE", "BBBB", "CCCC", "FFFF", "DDDD", "AAAA"}
	for name, s := range stores(t) {
		t.Run(name, func(t *testing.T) {
			for code, end := range ends {
				if err := s.CreateRoom(rooms.RoomRecord{Code: code, Game: "sonar", Created: start}); err != nil {
					t.Fatal(err)
				}
				if err := s.Finish(code, games.Outcome{Winners: []int{0}}, start.Add(end*time.Hour)); err != nil {
					t.Fatal(err)
				}
			}
			if err := s.CreateRoom(rooms.RoomRecord{Code: "OPEN", Game: "sonar", Created: start}); err != nil {
				t.Fatal(err)
			}
			codes := func(list []rooms.RoomRecord, err error) []string {
				t.Helper()
				if err != nil {
					t.Fatal(err)
				}
				out := []string{}
				for _, r := range list {
					out = append(out, r.Code)
				}
				return out
			}
			tests := []struct {
				offset, limit int
				want          []string
			}{
				{0, 0, want},
				{0, -1, want},
				{0, 2, want[:2]},
				{2, 2, want[2:4]},
				{4, 2, want[4:]},
				{5, 10, want[5:]},
				{6, 2, []string{}},
				{100, 0, []string{}},
				{3, 0, want[3:]},
			}
			for _, tt := range tests {
				if got := codes(s.FinishedPage(tt.offset, tt.limit)); !slices.Equal(got, tt.want) {
					t.Errorf("FinishedPage(%d, %d) = %v, want %v", tt.offset, tt.limit, got, tt.want)
				}
			}
			var paged []string
			for off := 0; off < len(want); off += 4 {
				paged = append(paged, codes(s.FinishedPage(off, 4))...)
			}
			if !slices.Equal(paged, want) {
				t.Errorf("pages of 4 = %v, want %v", paged, want)
			}
			if got := codes(s.Finished(3)); !slices.Equal(got, want[:3]) {
				t.Errorf("Finished(3) = %v, want %v", got, want[:3])
			}
			if _, err := s.FinishedPage(-1, 2); err == nil {
				t.Error("negative offset accepted")
			}
		})
	}
}

// TestExpireRefused: refused expiries say why and change nothing; an expired
// room refuses what needs an open room.
func TestExpireRefused(t *testing.T) {
	d := open(t)
	store(t, d, match("LIVE", "sonar", 1, 2))
	store(t, d, match("GONE", "sonar", 2, 2))
	store(t, d, match("OVER", "sonar", 3, 2))
	if err := d.Finish("OVER", games.Outcome{Winners: []int{0}}, start.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := d.Expire("GONE", start.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		write func() error
		kind  error
		say   string
	}{
		{"expire twice", func() error { return d.Expire("GONE", start) }, db.ErrConflict, "expire room GONE: conflict: the room is expired"},
		{"expire finished", func() error { return d.Expire("OVER", start) }, db.ErrConflict, "the room is finished"},
		{"expire unknown", func() error { return d.Expire("NONE", start) }, db.ErrNotFound, "expire room NONE: room not found"},
		{"expire without time", func() error { return d.Expire("LIVE", time.Time{}) }, db.ErrInvalid, "expiry needs its time"},
		{"append to expired", func() error {
			return d.AppendCommand(rooms.CommandRecord{Room: "GONE", Version: 3, Body: benchBody, Time: start})
		},
			db.ErrConflict, "append command GONE v3: conflict: the room is expired"},
		{"finish expired", func() error { return d.Finish("GONE", games.Outcome{}, start) }, db.ErrConflict, "the room is expired"},
		{"reopen expired", func() error { return d.SetState("GONE", rooms.StatePlaying) }, db.ErrConflict, "the room is expired"},
		{"set state expired", func() error { return d.SetState("LIVE", rooms.StateExpired) }, db.ErrInvalid, `state "expired"`},
		{"move with a bad seat", func() error {
			return d.PutSeats(rooms.SeatRecord{Room: "LIVE", Seat: 5, Name: "Ann"}, rooms.SeatRecord{Room: "LIVE", Seat: -1, Name: "Ann"})
		}, db.ErrInvalid, "put seat -1 of room LIVE: invalid: seat numbers start at 0"},
		{"move into an unknown room", func() error {
			return d.PutSeats(rooms.SeatRecord{Room: "LIVE", Seat: 0, Name: "Ann"}, rooms.SeatRecord{Room: "NONE", Seat: 1, Name: "Ann"})
		}, db.ErrNotFound, "put seat 1 of room NONE: room not found"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := states(t, d)
			err := tt.write()
			if !errors.Is(err, tt.kind) || !strings.HasPrefix(err.Error(), "db: ") || !strings.Contains(err.Error(), tt.say) {
				t.Fatalf("error %v, want %v saying %q", err, tt.kind, tt.say)
			}
			if after := states(t, d); !reflect.DeepEqual(before, after) {
				t.Fatalf("refused write changed the store:\nbefore %+v\n after %+v", before, after)
			}
		})
	}
	if _, err := d.FinishedPage(-1, 0); !errors.Is(err, db.ErrInvalid) {
		t.Errorf("FinishedPage(-1, 0) = %v, want ErrInvalid", err)
	}
}

func states(t *testing.T, d *db.DB) []rooms.SavedRoom {
	t.Helper()
	var out []rooms.SavedRoom
	for _, code := range []string{"LIVE", "GONE", "OVER"} {
		s, err := d.Load(code)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	return out
}

// TestExpiredStaysExpired: an expired room is not resumed after a restart
// and is not counted open.
func TestExpiredStaysExpired(t *testing.T) {
	path := filepath.Join(t.TempDir(), "periscope.db")
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 5 {
		if err := d.CreateRoom(rooms.RoomRecord{Code: fmt.Sprintf("W%d", i), Game: "sonar", Created: start}); err != nil {
			t.Fatal(err)
		}
		if i < 4 {
			if err := d.Expire(fmt.Sprintf("W%d", i), start.Add(time.Hour)); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	d = openAt(t, path)
	open, err := d.Unfinished()
	if err != nil || len(open) != 1 || open[0].Room.Code != "W4" {
		t.Fatalf("Unfinished after restart = %+v, %v", open, err)
	}
	st, err := d.Stats()
	if err != nil || st.Open != 1 || st.Matches != 0 {
		t.Fatalf("Stats = %+v, %v", st, err)
	}
}

// TestConcurrentAppendsWithRefusals is many rooms logging at once while some
// of their commands are refused: each refusal fails alone.
func TestConcurrentAppendsWithRefusals(t *testing.T) {
	d := open(t)
	const roomsN, commandsN = 32, 40
	for i := range roomsN {
		if err := d.CreateRoom(rooms.RoomRecord{Code: fmt.Sprintf("R%02d", i), Game: "sonar", Created: start}); err != nil {
			t.Fatal(err)
		}
	}
	var wg sync.WaitGroup
	errs := make(chan error, roomsN*commandsN)
	for i := range roomsN {
		code := fmt.Sprintf("R%02d", i)
		wg.Go(func() {
			for v := int64(1); v <= commandsN; v++ {
				c := rooms.CommandRecord{Room: code, Version: v, Body: benchBody, Time: start}
				if err := d.AppendCommand(c); err != nil {
					errs <- err
				}
				if v%10 == 0 { // a retry of a command already logged
					if err := d.AppendCommand(c); !errors.Is(err, db.ErrConflict) || !strings.Contains(err.Error(), "already logged") {
						errs <- fmt.Errorf("duplicate %s v%d: %v", code, v, err)
					}
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for i := range roomsN {
		s, err := d.Load(fmt.Sprintf("R%02d", i))
		if err != nil {
			t.Fatal(err)
		}
		if len(s.Commands) != commandsN || s.Commands[commandsN-1].Version != commandsN {
			t.Fatalf("room %d logged %d commands", i, len(s.Commands))
		}
	}
}

// TestRematchIsStoredWithTheRoom: the rematch link of a finished room
// survives closing and reopening the file; only a finished room takes one.
func TestRematchIsStoredWithTheRoom(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.db")
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, code := range []string{"OLD", "NEW"} {
		if err := d.CreateRoom(rooms.RoomRecord{Code: code, Game: "race"}); err != nil {
			t.Fatal(err)
		}
	}
	m := rooms.Rematch{From: "OLD", Code: "NEW", Seats: map[int]int{0: 1, 1: 0}, Swapped: true}
	if err := d.SetRematch("OLD", m); !errors.Is(err, db.ErrNotFound) {
		t.Fatalf("the rematch of a room in play: %v", err)
	}
	if err := d.Finish("OLD", games.Outcome{Winners: []int{0}, Reason: "won"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if err := d.SetRematch("OLD", m); err != nil {
		t.Fatal(err)
	}
	d.Close()
	d, err = db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	saved, err := d.Load("OLD")
	if err != nil || saved.Room.Rematch == nil || !reflect.DeepEqual(*saved.Room.Rematch, m) {
		t.Fatalf("after reopening: %+v, %v; want %+v", saved.Room.Rematch, err, m)
	}
}
