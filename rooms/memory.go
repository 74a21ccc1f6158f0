package rooms

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"
	"sync"
	"time"

	"periscope/games"
)

// MemoryStore is a Store that keeps everything in memory: for tests, load
// runs and servers that need no history. Nothing survives the process.
type MemoryStore struct {
	mu    sync.Mutex
	rooms map[string]*SavedRoom
}

// NewMemoryStore returns an empty store.
func NewMemoryStore() *MemoryStore {
	return &MemoryStore{rooms: make(map[string]*SavedRoom)}
}

var _ Store = (*MemoryStore)(nil)

func (m *MemoryStore) room(code string) (*SavedRoom, error) {
	r, ok := m.rooms[code]
	if !ok {
		return nil, fmt.Errorf("memory store: no room %q", code)
	}
	return r, nil
}

// CreateRoom adds a room; its code must be new.
func (m *MemoryStore) CreateRoom(r RoomRecord) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, dup := m.rooms[r.Code]; dup {
		return fmt.Errorf("memory store: room %q exists", r.Code)
	}
	r.Options = cloneRaw(r.Options)
	m.rooms[r.Code] = &SavedRoom{Room: r}
	return nil
}

// SetState changes a room's state.
func (m *MemoryStore) SetState(code, state string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, err := m.room(code)
	if err != nil {
		return err
	}
	r.Room.State = state
	return nil
}

// PutSeat creates or replaces a seat.
func (m *MemoryStore) PutSeat(s SeatRecord) error {
	return m.PutSeats(s)
}

// PutSeats creates or replaces several seats: all of them, or none when one
// names an unknown room.
func (m *MemoryStore) PutSeats(seats ...SeatRecord) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, s := range seats {
		if _, err := m.room(s.Room); err != nil {
			return err
		}
	}
	for _, s := range seats {
		m.putSeat(m.rooms[s.Room], s)
	}
	return nil
}

func (m *MemoryStore) putSeat(r *SavedRoom, s SeatRecord) {
	s.TokenHash = slices.Clone(s.TokenHash)
	for i := range r.Seats {
		if r.Seats[i].Seat == s.Seat {
			r.Seats[i] = s
			return
		}
	}
	r.Seats = append(r.Seats, s)
	sort.Slice(r.Seats, func(i, j int) bool { return r.Seats[i].Seat < r.Seats[j].Seat })
}

// AppendCommand adds a log row; versions must follow each other.
func (m *MemoryStore) AppendCommand(c CommandRecord) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, err := m.room(c.Room)
	if err != nil {
		return err
	}
	if want := int64(len(r.Commands)) + 1; c.Version != want {
		return fmt.Errorf("memory store: room %s: version %d, want %d", c.Room, c.Version, want)
	}
	c.Body = cloneRaw(c.Body)
	r.Commands = append(r.Commands, c)
	return nil
}

// Finish marks a room finished.
func (m *MemoryStore) Finish(code string, o games.Outcome, at time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, err := m.room(code)
	if err != nil {
		return err
	}
	r.Room.State, r.Room.Outcome, r.Room.Finished = StateFinished, &o, at
	return nil
}

// Expire closes a waiting or playing room without a result.
func (m *MemoryStore) Expire(code string, at time.Time) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, err := m.room(code)
	if err != nil {
		return err
	}
	if r.Room.State != StateWaiting && r.Room.State != StatePlaying {
		return fmt.Errorf("memory store: room %s is %s", code, r.Room.State)
	}
	r.Room.State, r.Room.Finished = StateExpired, at
	return nil
}

// Load returns a copy of one room.
func (m *MemoryStore) Load(code string) (SavedRoom, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, err := m.room(code)
	if err != nil {
		return SavedRoom{}, err
	}
	return copyRoom(r), nil
}

// Unfinished returns copies of the rooms still waiting or playing, oldest first.
func (m *MemoryStore) Unfinished() ([]SavedRoom, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []SavedRoom
	for _, r := range m.rooms {
		if r.Room.State == StateWaiting || r.Room.State == StatePlaying {
			out = append(out, copyRoom(r))
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Room.Created.Before(out[j].Room.Created) })
	return out, nil
}

// Finished lists finished rooms, newest first; limit <= 0 means all.
func (m *MemoryStore) Finished(limit int) ([]RoomRecord, error) {
	return m.FinishedPage(0, limit)
}

// FinishedPage lists finished rooms newest first (ties by code), from
// offset on; limit <= 0 means all the rest.
func (m *MemoryStore) FinishedPage(offset, limit int) ([]RoomRecord, error) {
	if offset < 0 {
		return nil, fmt.Errorf("memory store: negative offset %d", offset)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []RoomRecord
	for _, r := range m.rooms {
		if r.Room.State == StateFinished {
			out = append(out, r.Room)
		}
	}
	sort.Slice(out, func(i, j int) bool {
		if !out[i].Finished.Equal(out[j].Finished) {
			return out[i].Finished.After(out[j].Finished)
		}
		return out[i].Code < out[j].Code
	})
	out = out[min(offset, len(out)):]
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// SetRematch records the rematch of a finished room.
func (m *MemoryStore) SetRematch(code string, x Rematch) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, err := m.room(code)
	if err != nil {
		return err
	}
	if r.Room.State != StateFinished {
		return fmt.Errorf("memory store: room %q is not finished", code)
	}
	r.Room.Rematch = cloneRematch(&x)
	return nil
}

func copyRoom(r *SavedRoom) SavedRoom {
	c := SavedRoom{Room: r.Room, Seats: slices.Clone(r.Seats), Commands: slices.Clone(r.Commands)}
	c.Room.Options = cloneRaw(c.Room.Options)
	c.Room.Rematch = cloneRematch(c.Room.Rematch)
	return c
}

func cloneRematch(m *Rematch) *Rematch {
	if m == nil {
		return nil
	}
	c := *m
	c.Seats = maps.Clone(m.Seats)
	return &c
}

func cloneRaw(b json.RawMessage) json.RawMessage {
	if b == nil {
		return nil
	}
	return append(json.RawMessage(nil), b...)
}
