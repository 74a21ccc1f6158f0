package rooms

import (
	"context"
	"encoding/json"
	"sync"
	"time"
)

// Session is one phone connected to a room, whatever the transport. The
// transport feeds it the phone's frames with Receive and, whenever Ready
// says so, writes what Take hands it; when Dropped is closed it closes the
// connection, and the phone reconnects with its last version.
//
// A transport may instead keep no goroutine waiting on those channels: it
// sets OnWake, and is called whenever one of them may have changed.
//
// A Session never blocks its room: when its outbox is full the room drops
// it rather than wait.
type Session struct {
	room *Room
	addr string // the phone's address, for per-address limits; "" counts for none
	// The outbox: frames waiting for the transport, oldest first, at most
	// limit of them. A queue that grows with what waits, not a channel of
	// limit slots: a phone that keeps up (nearly all of them) holds a few
	// frames, and a room's eight sessions held 48 KiB of empty slots.
	mu      sync.Mutex
	queue   [][]byte
	spare   [][]byte // the slice the transport handed back, reused
	limit   int
	ready   chan struct{} // holds a token while queue is not empty
	lobby   chan []byte   // the newest lobby frame only
	dropped chan struct{}
	once    sync.Once
	onWake  func() // OnWake's; nil for none

	// Owned by the room goroutine.
	seat      int
	joined    bool
	refusedAt time.Time // when a claim of this phone was last refused
}

// Ready has a value whenever frames wait in the outbox: the transport then
// calls Take.
func (s *Session) Ready() <-chan struct{} { return s.ready }

// Take hands the transport every frame waiting, in order, and empties the
// outbox; nil when none waits. The slice is the transport's until its next
// call of Take (one transport goroutine calls it).
func (s *Session) Take() [][]byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	q := s.queue
	if len(q) == 0 {
		return nil
	}
	// The slice handed out last time is free again: clear it, so frames
	// already sent are not kept alive, and queue into it.
	clear(s.spare[:cap(s.spare)])
	s.queue, s.spare = s.spare[:0], q
	return q
}

// Queued is how many frames wait in the outbox.
func (s *Session) Queued() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.queue)
}

// Next waits for the oldest frame of the outbox, for a transport (or a
// test) that sends one frame at a time.
func (s *Session) Next(ctx context.Context) ([]byte, error) {
	for {
		s.mu.Lock()
		if len(s.queue) > 0 {
			b := s.queue[0]
			s.queue[0] = nil
			s.queue = s.queue[1:]
			if len(s.queue) > 0 {
				s.signal()
			}
			s.mu.Unlock()
			return b, nil
		}
		s.mu.Unlock()
		select {
		case <-s.ready:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
}

// signal leaves a token on ready if none is there. Called with mu held.
func (s *Session) signal() {
	select {
	case s.ready <- struct{}{}:
	default:
	}
}

// OnWake sets f to be called whenever a frame is queued, a lobby frame
// waits or the session is dropped, so that a transport can start a writer
// only when there is something to write: a phone gets a frame or two a
// second, and a goroutine waiting on Ready for each connection held a
// stack of its own the whole time (docs/benchmarks.md, "Issue 26: memory
// per room"). f must not block. Set it before the first Receive.
func (s *Session) OnWake(f func()) { s.onWake = f }

// LobbyFrames yields the newest lobby frame whenever the lobby changed. It
// is apart from Outbox so that a crowd coming and going never fills the
// queue that carries a player's updates; a transport sends whichever is
// ready. A lobby frame is a snapshot: sending one late is harmless.
func (s *Session) LobbyFrames() <-chan []byte { return s.lobby }

// Dropped is closed when the room lets go of the session: its outbox
// overflowed, its seat was freed, or the room shut down.
func (s *Session) Dropped() <-chan struct{} { return s.dropped }

// Receive handles one frame from the phone. Replies and updates arrive on
// the outbox; Receive itself never waits for the game.
//
// The frame is decoded on the room goroutine, not the caller's: a JSON
// decoder's stack is deep, and a connection's reader that never runs one
// keeps a small stack for its whole life, where a decode on it every
// command grew it for good (goroutine stacks per room went from 115 to 78
// KiB; "Issue 26: memory per room" in docs/benchmarks.md). The room
// goroutine's stack is deep already.
func (s *Session) Receive(frame []byte) {
	if !s.room.do(func() {
		req, err := DecodeRequest(frame)
		if err != nil {
			s.push(s.room.errorFrame(salvageID(frame), err))
			return
		}
		s.room.handle(s, req)
	}) {
		s.push(s.room.errorFrame(salvageID(frame), errClosed))
	}
}

// Close tells the room the phone is gone. It is safe to call more than once.
func (s *Session) Close() {
	s.drop()
	s.room.do(func() { s.room.removeSession(s) })
}

// push queues one message without waiting; a full outbox drops the session.
func (s *Session) push(b []byte) bool {
	if !s.pushQuiet(b) {
		return false
	}
	s.wake()
	return true
}

// pushQuiet is push without waking the transport: the room queues a
// version's frames for all its phones, then wakes them together (see
// Room.flush), so that the scheduler starts one thread for the lot
// instead of waking one (a futex call) for each phone as its frame is
// built. The caller must call wake once it is done.
func (s *Session) pushQuiet(b []byte) bool {
	select {
	case <-s.dropped:
		return false
	default:
	}
	s.mu.Lock()
	if len(s.queue) >= s.limit {
		s.mu.Unlock()
		s.drop()
		return false
	}
	s.queue = append(s.queue, b)
	s.mu.Unlock()
	return true
}

// wake tells the transport that frames wait. A wake that finds them
// taken already only costs the transport a Take that returns nil.
func (s *Session) wake() {
	select {
	case s.ready <- struct{}{}:
	default:
	}
	if s.onWake != nil {
		s.onWake()
	}
}

// canTake reports whether n more messages fit in the outbox now. Besides
// the room goroutine (its caller) only the phone's reader pushes, one
// refusal per frame it reads, so a caller keeps a slot to spare.
func (s *Session) canTake(n int) bool {
	select {
	case <-s.dropped:
		return false
	default:
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.limit-len(s.queue) >= n
}

// pushLobby replaces the waiting lobby frame, if any, by b. Only the room
// goroutine pushes, so the slot is free once drained.
func (s *Session) pushLobby(b []byte) {
	select {
	case <-s.lobby:
	default:
	}
	select {
	case s.lobby <- b:
	default:
	}
	if s.onWake != nil {
		s.onWake()
	}
}

func (s *Session) drop() {
	s.once.Do(func() {
		close(s.dropped)
		if s.onWake != nil {
			s.onWake()
		}
	})
}

// encodeView marshals m with view as its view without re-validating the
// view: it comes straight from json.Marshal, and re-compacting a view per
// seat per version was a tenth of the server's time under load.
func encodeView(m Message, view json.RawMessage) []byte {
	m.View = nil
	b := encode(m)
	if len(view) == 0 {
		return b
	}
	out := make([]byte, 0, len(b)+len(view)+8)
	out = append(out, b[:len(b)-1]...) // drop the closing brace
	out = append(out, `,"view":`...)
	out = append(out, view...)
	return append(out, '}')
}

// encode marshals a message; every field is plain data, so it cannot fail
// except for a game view that does not marshal, which the caller handles.
func encode(m Message) []byte {
	b, err := json.Marshal(m)
	if err != nil {
		b, _ = json.Marshal(Message{T: TypeError, V: m.V, ID: m.ID, Code: CodeInternal, Message: "internal server error"})
	}
	return b
}

// salvageID finds the id of a message that failed to decode, so the phone
// can match the error to what it sent. Only a well-formed id is echoed.
func salvageID(frame []byte) string {
	var m struct {
		ID string `json:"id"`
	}
	if len(frame) > MaxRequest || json.Unmarshal(frame, &m) != nil || len(m.ID) > maxID {
		return ""
	}
	for i := 0; i < len(m.ID); i++ {
		if m.ID[i] < 0x21 || m.ID[i] > 0x7e {
			return ""
		}
	}
	return m.ID
}
