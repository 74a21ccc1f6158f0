package roles

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"runtime"
	"testing"
	"time"

	"periscope/games"
	"periscope/rooms"
)

// BenchmarkRoomCommand is the room's whole work for one command of a real
// Captain Sonar match with eight phones connected: the rules, the eight
// seats' views, their diffs and frames, the acknowledgement, the log (an
// in-memory store here, not SQLite). One op is one command, so -benchmem's
// B/op and allocs/op are the server's allocation per command, a figure the
// machine's load does not move (issue 26):
//
//	go test ./roles -run '^$' -bench RoomCommand -benchmem -benchtime 2000x
//
// The commands are a turn-based match's (teaching, radio heat; random
// legal orders, seed 1), recorded once and replayed in fresh rooms.
func BenchmarkRoomCommand(b *testing.B) {
	const opts = `{"mode":"turnbased","teaching":true,"radio":"heat"}`
	p := newPlayer(b, botOptions(b, opts), 1)
	for range 300 {
		if p.g.Outcome() != nil || !p.step() {
			break
		}
	}
	var sends [][]byte
	var seats []int
	for i, c := range p.log[1:] { // [0] is the start, the host's
		if c.Seat == games.System {
			break // a tick: the room's clock, not a phone's
		}
		f, err := json.Marshal(map[string]any{"t": "cmd", "id": fmt.Sprint("c", i), "cmd": c.Body})
		if err != nil {
			b.Fatal(err)
		}
		sends, seats = append(sends, f), append(seats, c.Seat)
	}
	if len(sends) < 100 {
		b.Fatalf("only %d commands before the first tick", len(sends))
	}
	h, err := rooms.NewHub(rooms.Config{Store: rooms.NewMemoryStore(), Games: []games.Definition{Definition},
		Clock: rooms.NewManualClock(time.Unix(1_700_000_000, 0).UTC()),
		Log:   slog.New(slog.NewTextHandler(io.Discard, nil)), Seeds: func() uint64 { return 1 }})
	if err != nil {
		b.Fatal(err)
	}
	defer h.Close()
	var r *rooms.Room
	var phones []*rooms.Session
	next, base := len(sends), int64(0)
	b.ResetTimer()
	for range b.N {
		if next == len(sends) {
			b.StopTimer()
			for _, s := range phones {
				s.Close()
			}
			r, phones = eightPhones(b, h, opts)
			base, next = r.Version(), 0
			b.StartTimer()
		}
		phones[seats[next]].Receive(sends[next])
		next++
		for r.Version() < base+int64(next) {
			runtime.Gosched()
		}
	}
	b.StopTimer()
	for _, s := range phones {
		s.Close()
	}
}

// eightPhones opens a room with opts, seats a phone at each of its eight
// seats (their frames read and dropped, as a socket writer would) and
// starts the match.
func eightPhones(b *testing.B, h *rooms.Hub, opts string) (*rooms.Room, []*rooms.Session) {
	r, err := h.Create("sonar", json.RawMessage(opts))
	if err != nil {
		b.Fatal(err)
	}
	var phones []*rooms.Session
	for seat := range 8 {
		token, err := r.Take(seat, fmt.Sprint("P", seat))
		if err != nil {
			b.Fatal(err)
		}
		s := r.Connect(1024)
		hello, _ := json.Marshal(map[string]any{"t": "hello", "token": token})
		s.Receive(hello)
		go func() {
			for {
				select {
				case <-s.Ready():
					s.Take()
				case <-s.LobbyFrames():
				case <-s.Dropped():
					return
				}
			}
		}()
		phones = append(phones, s)
	}
	start, _ := json.Marshal(map[string]any{"t": "host", "id": "start", "action": "start"})
	phones[0].Receive(start)
	for deadline := time.Now().Add(10 * time.Second); r.Lobby().State != rooms.StatePlaying; {
		if time.Now().After(deadline) {
			b.Fatalf("the match did not start: %+v", r.Lobby())
		}
		time.Sleep(time.Millisecond)
	}
	return r, phones
}
