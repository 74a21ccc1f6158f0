package db_test

import (
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"periscope/db"
	"periscope/games"
	"periscope/rooms"
)

// open returns a fresh database in a temp file, closed when the test ends.
func open(tb testing.TB) *db.DB {
	tb.Helper()
	return openAt(tb, filepath.Join(tb.TempDir(), "periscope.db"))
}

func openAt(tb testing.TB, path string) *db.DB {
	tb.Helper()
	d, err := db.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { d.Close() })
	return d
}

// start is a fixed clock reading in a zone far from UTC, with nanoseconds,
// so a store that drops either shows up.
var start = time.Date(2025, 3, 14, 20, 15, 9, 123456789, time.FixedZone("NZDT", 13*3600))

// played is a match of n commands: the room's start, then seats in turn.
type played struct {
	room     rooms.RoomRecord
	seats    []rooms.SeatRecord
	commands []rooms.CommandRecord
}

func match(code, game string, seed uint64, n int) played {
	p := played{room: rooms.RoomRecord{
		Code:    code,
		Game:    game,
		Options: json.RawMessage(`{"map":"alpha","mode":"turn"}`),
		Seed:    seed,
		State:   rooms.StateWaiting,
		Created: start.Add(-time.Minute),
	}}
	for seat, name := range []string{"Ann", "Bo"} {
		hash := sha256.Sum256([]byte(code + name))
		p.seats = append(p.seats, rooms.SeatRecord{Room: code, Seat: seat, Name: name, TokenHash: hash[:], Host: seat == 0})
	}
	p.seats = append(p.seats, rooms.SeatRecord{Room: code, Seat: 2, Name: "Bot", Bot: true})
	for v := int64(1); v <= int64(n); v++ {
		c := rooms.CommandRecord{Room: code, Version: v, Seat: games.System, Body: json.RawMessage(`{"type":"start"}`), Time: start}
		if v > 1 {
			c.Seat = int(v % 2)
			c.ClientID = fmt.Sprintf("c%d", v)
			c.Body = json.RawMessage(fmt.Sprintf(`{"type":"move","dir":"NORTH","n":%d}`, v))
			c.Time = start.Add(time.Duration(v) * 1500 * time.Millisecond)
		}
		p.commands = append(p.commands, c)
	}
	return p
}

// store writes p to d the way a room does: create, seat, start, play.
func store(t *testing.T, d *db.DB, p played) {
	t.Helper()
	if err := d.CreateRoom(p.room); err != nil {
		t.Fatal(err)
	}
	for _, s := range p.seats {
		if err := d.PutSeat(s); err != nil {
			t.Fatal(err)
		}
	}
	if err := d.SetState(p.room.Code, rooms.StatePlaying); err != nil {
		t.Fatal(err)
	}
	for _, c := range p.commands {
		if err := d.AppendCommand(c); err != nil {
			t.Fatal(err)
		}
	}
}

// saved is what Load should give back for p: times in UTC.
func (p played) saved(state string) rooms.SavedRoom {
	s := rooms.SavedRoom{Room: p.room, Seats: p.seats}
	s.Room.State = state
	s.Room.Created = s.Room.Created.UTC()
	for _, c := range p.commands {
		c.Time = c.Time.UTC()
		s.Commands = append(s.Commands, c)
	}
	return s
}

func TestRoundTrip(t *testing.T) {
	d := open(t)
	p := match("ABCD", "sonar", 1<<63+12345, 12)
	store(t, d, p)

	want := p.saved(rooms.StatePlaying)
	got, err := d.Load("ABCD")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Load playing:\n got %+v\nwant %+v", got, want)
	}

	end := start.Add(20 * time.Minute)
	outcome := games.Outcome{Winners: []int{1}, Reason: "Red submarine destroyed", Scores: map[int]int{0: 1, 1: 4}}
	if err := d.Finish("ABCD", outcome, end); err != nil {
		t.Fatal(err)
	}
	want.Room.State = rooms.StateFinished
	want.Room.Finished = end.UTC()
	want.Room.Outcome = &outcome
	got, err = d.Load("ABCD")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Load finished:\n got %+v\nwant %+v", got, want)
	}
	for _, c := range got.Commands {
		if c.Time.Location() != time.UTC {
			t.Errorf("v%d time in %v, want UTC", c.Version, c.Time.Location())
		}
	}
	list, err := d.Finished(10)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 1 || !reflect.DeepEqual(list[0], want.Room) {
		t.Fatalf("Finished = %+v, want [%+v]", list, want.Room)
	}
}

func TestSeatChanges(t *testing.T) {
	d := open(t)
	p := match("SEAT", "duel", 1, 1)
	store(t, d, p)
	tests := []struct {
		name string
		put  rooms.SeatRecord
	}{
		{"a player moves into an empty seat", rooms.SeatRecord{Room: "SEAT", Seat: 5, Name: "Cy", TokenHash: []byte{1, 2, 3}}},
		{"a seat changes hands", rooms.SeatRecord{Room: "SEAT", Seat: 1, Name: "Di", TokenHash: []byte{4, 5, 6}}},
		{"a seat is freed", rooms.SeatRecord{Room: "SEAT", Seat: 0, Name: "Ann"}},
		{"a bot takes over", rooms.SeatRecord{Room: "SEAT", Seat: 1, Name: "Bot", Bot: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := d.PutSeat(tt.put); err != nil {
				t.Fatal(err)
			}
			got, err := d.Load("SEAT")
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range got.Seats {
				if s.Seat == tt.put.Seat {
					if !reflect.DeepEqual(s, tt.put) {
						t.Fatalf("seat %d = %+v, want %+v", s.Seat, s, tt.put)
					}
					return
				}
			}
			t.Fatalf("seat %d missing from %+v", tt.put.Seat, got.Seats)
		})
	}
}

func TestUnfinished(t *testing.T) {
	d := open(t)
	waiting := match("WAIT", "sonar", 3, 0)
	waiting.room.Created = start.Add(-3 * time.Hour)
	if err := d.CreateRoom(waiting.room); err != nil {
		t.Fatal(err)
	}
	done := match("DONE", "sonar", 2, 5)
	store(t, d, done)
	if err := d.Finish("DONE", games.Outcome{Winners: []int{0}, Reason: "Blue surrendered"}, start.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	playing := match("PLAY", "duel", 4, 7)
	store(t, d, playing)

	got, err := d.Unfinished()
	if err != nil {
		t.Fatal(err)
	}
	w := waiting.saved(rooms.StateWaiting)
	w.Seats = nil
	want := []rooms.SavedRoom{w, playing.saved(rooms.StatePlaying)}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("Unfinished:\n got %+v\nwant %+v", got, want)
	}
}

func TestFinishedNewestFirst(t *testing.T) {
	d := open(t)
	for i, code := range []string{"AAAA", "BBBB", "CCCC", "DDDD"} {
		store(t, d, match(code, "sonar", uint64(i), 2))
		if code == "DDDD" {
			break // still playing
		}
		// BBBB ends last, AAAA first.
		end := start.Add(time.Duration([]int{1, 3, 2}[i]) * time.Hour)
		if err := d.Finish(code, games.Outcome{Winners: []int{i % 2}, Reason: "torpedoed"}, end); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		limit int
		want  []string
	}{
		{0, []string{"BBBB", "CCCC", "AAAA"}},
		{-1, []string{"BBBB", "CCCC", "AAAA"}},
		{2, []string{"BBBB", "CCCC"}},
		{10, []string{"BBBB", "CCCC", "AAAA"}},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint("limit ", tt.limit), func(t *testing.T) {
			list, err := d.Finished(tt.limit)
			if err != nil {
				t.Fatal(err)
			}
			var codes []string
			for _, r := range list {
				codes = append(codes, r.Code)
				if r.Outcome == nil || r.State != rooms.StateFinished {
					t.Errorf("%s: state %s, outcome %v", r.Code, r.State, r.Outcome)
				}
			}
			if !reflect.DeepEqual(codes, tt.want) {
				t.Fatalf("Finished(%d) = %v, want %v", tt.limit, codes, tt.want)
			}
		})
	}
}

// TestRefused checks that every refused write says why, can be told apart
// with errors.Is, and changes nothing.
func TestRefused(t *testing.T) {
	d := open(t)
	store(t, d, match("LIVE", "sonar", 9, 3))
	store(t, d, match("OVER", "sonar", 9, 2))
	store(t, d, match("EMPT", "sonar", 9, 0))
	if err := d.Finish("OVER", games.Outcome{Winners: []int{0}, Reason: "Red surfaced"}, start.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	cmd := func(room string, v int64) rooms.CommandRecord {
		return rooms.CommandRecord{Room: room, Version: v, Seat: 0, Body: json.RawMessage(`{"type":"move"}`), Time: start}
	}
	tests := []struct {
		name  string
		write func() error
		kind  error
		say   string // part of the message
	}{
		{"duplicate version", func() error { return d.AppendCommand(cmd("LIVE", 3)) },
			db.ErrConflict, "append command LIVE v3: conflict: version 3 is already logged"},
		{"version going back", func() error { return d.AppendCommand(cmd("LIVE", 2)) },
			db.ErrConflict, "before the last logged version 3"},
		{"version skipping ahead", func() error { return d.AppendCommand(cmd("LIVE", 5)) },
			db.ErrConflict, "version 5 would leave a gap after the last logged version 3"},
		{"first version not 1", func() error { return d.AppendCommand(cmd("EMPT", 2)) },
			db.ErrConflict, "version 2 would leave a gap after the last logged version 0"},
		{"version zero", func() error { return d.AppendCommand(cmd("LIVE", 0)) },
			db.ErrInvalid, "versions start at 1"},
		{"unknown room", func() error { return d.AppendCommand(cmd("NONE", 1)) },
			db.ErrNotFound, "append command NONE v1: room not found"},
		{"finished room", func() error { return d.AppendCommand(cmd("OVER", 3)) },
			db.ErrConflict, "the room is finished"},
		{"body not JSON", func() error {
			c := cmd("LIVE", 4)
			c.Body = json.RawMessage(`{"type":`)
			return d.AppendCommand(c)
		}, db.ErrInvalid, "body is not valid JSON"},
		{"empty body", func() error {
			c := cmd("LIVE", 4)
			c.Body = nil
			return d.AppendCommand(c)
		}, db.ErrInvalid, "empty body"},
		{"command without time", func() error {
			c := cmd("LIVE", 4)
			c.Time = time.Time{}
			return d.AppendCommand(c)
		}, db.ErrInvalid, "needs its time"},
		{"time out of range", func() error {
			c := cmd("LIVE", 4)
			c.Time = time.Date(3000, 1, 1, 0, 0, 0, 0, time.UTC)
			return d.AppendCommand(c)
		}, db.ErrInvalid, "outside the years 1678 to 2262"},
		{"room code taken", func() error { return d.CreateRoom(match("LIVE", "duel", 1, 0).room) },
			db.ErrConflict, "create room LIVE: conflict: the code is taken"},
		{"room without code", func() error { return d.CreateRoom(rooms.RoomRecord{Game: "sonar"}) },
			db.ErrInvalid, "needs a code and a game"},
		{"room created finished", func() error {
			r := match("NEWR", "sonar", 1, 0).room
			r.State = rooms.StateFinished
			return d.CreateRoom(r)
		}, db.ErrInvalid, `not "finished"`},
		{"options not JSON", func() error {
			r := match("NEWR", "sonar", 1, 0).room
			r.Options = json.RawMessage(`map=alpha`)
			return d.CreateRoom(r)
		}, db.ErrInvalid, "options is not valid JSON"},
		{"state finished without outcome", func() error { return d.SetState("LIVE", rooms.StateFinished) },
			db.ErrInvalid, "finished with its outcome"},
		{"state of unknown room", func() error { return d.SetState("NONE", rooms.StatePlaying) },
			db.ErrNotFound, "set room NONE playing: room not found"},
		{"reopening a finished room", func() error { return d.SetState("OVER", rooms.StatePlaying) },
			db.ErrConflict, "the room is finished"},
		{"finishing twice", func() error { return d.Finish("OVER", games.Outcome{}, start) },
			db.ErrConflict, "finish room OVER: conflict: the room is finished"},
		{"finishing unknown room", func() error { return d.Finish("NONE", games.Outcome{}, start) },
			db.ErrNotFound, "finish room NONE: room not found"},
		{"finishing without time", func() error { return d.Finish("LIVE", games.Outcome{}, time.Time{}) },
			db.ErrInvalid, "needs its time"},
		{"seat in unknown room", func() error { return d.PutSeat(rooms.SeatRecord{Room: "NONE", Seat: 0, Name: "Ann"}) },
			db.ErrNotFound, "put seat 0 of room NONE: room not found"},
		{"negative seat", func() error { return d.PutSeat(rooms.SeatRecord{Room: "LIVE", Seat: games.Spectator, Name: "Ann"}) },
			db.ErrInvalid, "seat numbers start at 0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			before := snapshot(t, d)
			err := tt.write()
			if err == nil {
				t.Fatal("write accepted")
			}
			if !errors.Is(err, tt.kind) {
				t.Errorf("error %q is not %v", err, tt.kind)
			}
			if !strings.HasPrefix(err.Error(), "db: ") || !strings.Contains(err.Error(), tt.say) {
				t.Errorf("error %q does not say %q", err, tt.say)
			}
			if after := snapshot(t, d); !reflect.DeepEqual(before, after) {
				t.Errorf("refused write changed the store:\nbefore %+v\n after %+v", before, after)
			}
		})
	}
}

// snapshot is everything a player could see of the store.
func snapshot(t *testing.T, d *db.DB) []any {
	t.Helper()
	var all []any
	for _, code := range []string{"LIVE", "OVER", "EMPT", "NONE", "NEWR"} {
		s, err := d.Load(code)
		if err != nil && !errors.Is(err, db.ErrNotFound) {
			t.Fatal(err)
		}
		all = append(all, s)
	}
	st, err := d.Stats()
	if err != nil {
		t.Fatal(err)
	}
	return append(all, st)
}

func TestLoadUnknown(t *testing.T) {
	d := open(t)
	_, err := d.Load("NOPE")
	if !errors.Is(err, db.ErrNotFound) || err.Error() != "db: load room NOPE: room not found" {
		t.Fatalf("Load unknown = %v", err)
	}
}

func TestSeedRoundTrip(t *testing.T) {
	d := open(t)
	for _, seed := range []uint64{0, 1, 1<<63 - 1, 1 << 63, 1<<63 + 1, 1<<64 - 1} {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			code := fmt.Sprintf("S%d", seed)
			if err := d.CreateRoom(rooms.RoomRecord{Code: code, Game: "sonar", Seed: seed, Created: start}); err != nil {
				t.Fatal(err)
			}
			got, err := d.Load(code)
			if err != nil {
				t.Fatal(err)
			}
			if got.Room.Seed != seed {
				t.Fatalf("seed %d came back as %d", seed, got.Room.Seed)
			}
		})
	}
}

func TestTimeRoundTrip(t *testing.T) {
	d := open(t)
	if err := d.CreateRoom(rooms.RoomRecord{Code: "TIME", Game: "sonar", Created: start}); err != nil {
		t.Fatal(err)
	}
	la, err := time.LoadLocation("America/Los_Angeles")
	if err != nil {
		la = time.FixedZone("PST", -8*3600)
	}
	tests := []struct {
		name string
		at   time.Time
	}{
		{"UTC", time.Date(2025, 1, 1, 0, 0, 0, 1, time.UTC)},
		{"east of UTC, nanoseconds", start},
		{"west of UTC on a DST change", time.Date(2025, 3, 9, 1, 59, 59, 999999999, la)},
		{"with a monotonic reading", time.Now()},
		{"earliest storable", time.Unix(0, -1<<63)},
		{"latest storable", time.Unix(0, 1<<63-1)},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := int64(i + 1)
			c := rooms.CommandRecord{Room: "TIME", Version: v, Seat: 0, Body: json.RawMessage(`{}`), Time: tt.at}
			if err := d.AppendCommand(c); err != nil {
				t.Fatal(err)
			}
			got, err := d.Load("TIME")
			if err != nil {
				t.Fatal(err)
			}
			back := got.Commands[len(got.Commands)-1].Time
			if !back.Equal(tt.at) || back.Location() != time.UTC {
				t.Fatalf("time %v came back as %v", tt.at, back)
			}
		})
	}
}

func TestCreatedDefaultsToNow(t *testing.T) {
	d := open(t)
	d.Now = func() time.Time { return start }
	if err := d.CreateRoom(rooms.RoomRecord{Code: "NOW", Game: "sonar"}); err != nil {
		t.Fatal(err)
	}
	got, err := d.Load("NOW")
	if err != nil {
		t.Fatal(err)
	}
	if !got.Room.Created.Equal(start) || got.Room.State != rooms.StateWaiting {
		t.Fatalf("room created %v in state %q, want %v waiting", got.Room.Created, got.Room.State, start)
	}
}

// TestConcurrentAppend is 20 rooms logging at once, as on a busy night.
func TestConcurrentAppend(t *testing.T) {
	d := open(t)
	const roomsN, commandsN = 20, 50
	var matches []played
	for i := range roomsN {
		p := match(fmt.Sprintf("R%02d", i), "sonar", uint64(i), commandsN)
		if err := d.CreateRoom(p.room); err != nil {
			t.Fatal(err)
		}
		matches = append(matches, p)
	}
	var wg sync.WaitGroup
	errs := make(chan error, roomsN)
	for _, p := range matches {
		wg.Go(func() {
			for _, c := range p.commands {
				if err := d.AppendCommand(c); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for _, p := range matches {
		got, err := d.Load(p.room.Code)
		if err != nil {
			t.Fatal(err)
		}
		want := p.saved(rooms.StateWaiting)
		if !reflect.DeepEqual(got.Commands, want.Commands) {
			t.Errorf("room %s: got %d commands, want %d in order", p.room.Code, len(got.Commands), commandsN)
		}
	}
}

// TestReopen is the server killed and started again: everything committed is
// there, and the match resumes where it stopped.
func TestReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "periscope.db")
	d, err := db.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	live := match("LIVE", "sonar", 1<<64-1, 30)
	store(t, d, live)
	over := match("OVER", "duel", 5, 4)
	store(t, d, over)
	outcome := games.Outcome{Winners: []int{}, Reason: "both sunk"}
	if err := d.Finish("OVER", outcome, start.Add(time.Hour)); err != nil {
		t.Fatal(err)
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}

	d = openAt(t, path)
	got, err := d.Unfinished()
	if err != nil {
		t.Fatal(err)
	}
	if want := []rooms.SavedRoom{live.saved(rooms.StatePlaying)}; !reflect.DeepEqual(got, want) {
		t.Fatalf("Unfinished after reopen:\n got %+v\nwant %+v", got, want)
	}
	replay, err := d.Load("OVER")
	if err != nil {
		t.Fatal(err)
	}
	if len(replay.Commands) != 4 || replay.Room.Outcome == nil || replay.Room.Outcome.Reason != "both sunk" {
		t.Fatalf("replay after reopen: %+v", replay)
	}
	next := rooms.CommandRecord{Room: "LIVE", Version: 31, Seat: 1, Body: json.RawMessage(`{"type":"surface"}`), Time: start.Add(time.Hour)}
	if err := d.AppendCommand(next); err != nil {
		t.Fatalf("resumed match cannot log: %v", err)
	}
}

func TestMemory(t *testing.T) {
	d := openAt(t, ":memory:")
	store(t, d, match("MEMO", "sonar", 7, 3))
	got, err := d.Unfinished()
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || len(got[0].Commands) != 3 {
		t.Fatalf("in-memory store lost rows: %+v", got)
	}
}

func TestOpenRefusesOddPaths(t *testing.T) {
	for _, path := range []string{"", "x.db?_journal_mode=DELETE", "x.db#frag"} {
		t.Run(path, func(t *testing.T) {
			if d, err := db.Open(path); !errors.Is(err, db.ErrInvalid) {
				if err == nil {
					d.Close()
				}
				t.Fatalf("Open(%q) = %v, want ErrInvalid", path, err)
			}
		})
	}
}

func TestOpenFails(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(junk, []byte(strings.Repeat("not a database\n", 100)), 0o600); err != nil {
		t.Fatal(err)
	}
	for name, path := range map[string]string{
		"missing directory": filepath.Join(dir, "no", "such", "dir", "p.db"),
		"not a database":    junk,
	} {
		t.Run(name, func(t *testing.T) {
			d, err := db.Open(path)
			if err == nil {
				d.Close()
				t.Fatalf("Open(%s) succeeded", path)
			}
			if !strings.Contains(err.Error(), path) {
				t.Errorf("error %q does not name the file", err)
			}
		})
	}
}
