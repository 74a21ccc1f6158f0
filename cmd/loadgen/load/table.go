package load

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"

	"periscope/client"
	"periscope/rooms"
)

// table is one room under load, real or bare: its 8 phones, what each
// received and when, and the commands sent to it.
type table struct {
	col    *collector
	conns  []*client.Conn
	meters []*meter
	prefix string

	mu   sync.Mutex
	n    int
	sent map[string]sentCmd
	vers map[int64]*verRec
	over bool
	rec  *recording // non-nil when the frames are kept for the bare replay
	wg   sync.WaitGroup
}

type sentCmd struct {
	at   time.Time
	seat int
	raw  []byte
	cmd  bool // a game command (the start is not one)
}

// verRec is one room version as the phones saw it.
type verRec struct {
	sent    time.Time // when the command that produced it was sent
	cmd     bool
	last    time.Time // when the last seat that got a frame of it got it
	frames  int
	payload int
	wire    int
}

// recording keeps a table's frames, to replay them in the bare baseline.
type recording struct {
	welcome [][]byte
	updates [][]recFrame
	steps   []Step
}

type recFrame struct {
	v   int64
	raw []byte
}

func newTable(col *collector, seats int, capture bool) *table {
	var p [4]byte
	_, _ = rand.Read(p[:])
	t := &table{col: col, prefix: hex.EncodeToString(p[:]), sent: map[string]sentCmd{}, vers: map[int64]*verRec{}}
	if capture {
		t.rec = &recording{welcome: make([][]byte, seats), updates: make([][]recFrame, seats)}
	}
	return t
}

// dial connects seat's phone (metered) and records its welcome.
func (t *table) dial(ctx context.Context, base, code, token string, seat int) error {
	var m *meter
	c, err := client.DialLean(withMeter(ctx, &m, t.rec != nil), base, code, token, -1)
	if err != nil {
		return fmt.Errorf("seat %d: %w", seat, err)
	}
	if m == nil {
		c.Close()
		return fmt.Errorf("seat %d: the connection was not metered", seat)
	}
	// Dial read every message up to the welcome (a lobby frame may come first).
	for {
		f, ok := m.pop()
		if !ok {
			t.col.mismatch.Add(1)
			break
		}
		if strings.HasPrefix(f.head, `{"t":"welcome"`) {
			t.col.addWelcome(f.payload)
			if t.rec != nil {
				t.rec.welcome[seat] = f.raw
			}
			break
		}
		t.col.lobby(f)
	}
	for len(t.conns) <= seat {
		t.conns = append(t.conns, nil)
		t.meters = append(t.meters, nil)
	}
	t.conns[seat], t.meters[seat] = c, m
	t.wg.Add(1)
	go t.read(seat, c, m)
	return nil
}

// read follows one phone: every message it gets, matched with its size.
func (t *table) read(seat int, c *client.Conn, m *meter) {
	defer t.wg.Done()
	ctx := context.Background()
	for {
		msg, err := c.Next(ctx)
		if err != nil {
			return
		}
		now := time.Now()
		f, ok := m.pop()
		if !ok || !strings.HasPrefix(f.head, `{"t":"`+msg.T+`"`) {
			t.col.mismatch.Add(1)
		}
		switch msg.T {
		case rooms.TypeUpdate:
			t.mu.Lock()
			r := t.ver(msg.V)
			r.frames++
			r.payload += f.payload
			r.wire += f.wire
			if now.After(r.last) {
				r.last = now
			}
			if t.rec != nil {
				t.rec.updates[seat] = append(t.rec.updates[seat], recFrame{v: msg.V, raw: f.raw})
			}
			t.mu.Unlock()
		case rooms.TypeAck:
			t.mu.Lock()
			if s, ok := t.sent[msg.ID]; ok {
				delete(t.sent, msg.ID)
				r := t.ver(msg.V)
				r.sent, r.cmd = s.at, s.cmd
				if t.rec != nil {
					t.rec.steps = append(t.rec.steps, Step{Seat: s.seat, ID: msg.ID, Request: s.raw, V: msg.V, Cmd: s.cmd})
				}
				if s.cmd {
					t.col.accepted.Add(1)
				}
			}
			t.mu.Unlock()
		case rooms.TypeError:
			t.mu.Lock()
			if s, ok := t.sent[msg.ID]; ok {
				delete(t.sent, msg.ID)
				if s.cmd {
					t.col.refuse(msg.Rule, msg.Code)
				}
			}
			t.mu.Unlock()
		case rooms.TypeRoom:
			t.col.lobby(f)
			if msg.Room != nil && msg.Room.State == rooms.StateFinished {
				t.setOver()
			}
		case rooms.TypeWelcome:
			t.col.addWelcome(f.payload)
		}
	}
}

func (t *table) ver(v int64) *verRec {
	r := t.vers[v]
	if r == nil {
		r = &verRec{}
		t.vers[v] = r
	}
	return r
}

// send sends a client frame from seat, timed: the clock of its version
// starts now.
func (t *table) send(seat int, req rooms.Request, cmd bool) error {
	t.mu.Lock()
	if req.ID == "" {
		t.n++
		req.ID = fmt.Sprintf("%s-%d", t.prefix, t.n)
	}
	frame, err := json.Marshal(req)
	if err != nil {
		t.mu.Unlock()
		return err
	}
	s := sentCmd{at: time.Now(), seat: seat, cmd: cmd}
	if t.rec != nil {
		s.raw = frame
	}
	t.sent[req.ID] = s
	t.mu.Unlock()
	if cmd {
		t.col.sent.Add(1)
	}
	return t.conns[seat].Raw(frame)
}

// sendRaw sends a recorded frame as it is (the bare replay).
func (t *table) sendRaw(seat int, id string, frame []byte, cmd bool) error {
	t.mu.Lock()
	t.sent[id] = sentCmd{at: time.Now(), seat: seat, cmd: cmd}
	t.mu.Unlock()
	if cmd {
		t.col.sent.Add(1)
	}
	return t.conns[seat].Raw(frame)
}

func (t *table) setOver() {
	t.mu.Lock()
	t.over = true
	t.mu.Unlock()
}

// isOver reports a finished match, or a phone whose connection ended
// (counted as lost: the run replaces the room).
func (t *table) isOver() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.over {
		return true
	}
	for _, c := range t.conns {
		select {
		case <-c.Done():
			t.col.lost.Add(1)
			t.over = true
			return true
		default:
		}
	}
	return false
}

// waitVersion waits until every phone holds version v or later.
func (t *table) waitVersion(ctx context.Context, v int64) error {
	for _, c := range t.conns {
		for c.Version() < v {
			select {
			case <-ctx.Done():
				return fmt.Errorf("waiting for v%d: %w", v, ctx.Err())
			case <-c.Done():
				return fmt.Errorf("waiting for v%d: %w", v, c.Err())
			case <-time.After(5 * time.Millisecond):
			}
		}
	}
	return nil
}

// close hangs up every phone and hands the table's figures to the collector.
func (t *table) close() {
	for _, c := range t.conns {
		if c != nil {
			c.Close()
		}
	}
	t.wg.Wait()
	t.mu.Lock()
	defer t.mu.Unlock()
	t.col.add(t)
}

// trace turns a recording into the bare replay's script: each step is a
// client frame and, per seat, the frames of the versions it produced up to
// the next step's (timers' versions included, so patches stay in order).
func (r *recording) trace() *Trace {
	if r == nil || len(r.steps) == 0 {
		return nil
	}
	steps := append([]Step(nil), r.steps...)
	sortSteps(steps)
	for i := range steps {
		steps[i].Frames = make([][][]byte, len(r.updates))
	}
	for seat, ups := range r.updates {
		j := 0
		for _, f := range ups {
			for j+1 < len(steps) && steps[j+1].V <= f.v {
				j++
			}
			if f.v < steps[j].V {
				continue // before the first step: not replayable
			}
			steps[j].Frames[seat] = append(steps[j].Frames[seat], f.raw)
		}
	}
	return &Trace{Welcome: r.welcome, Steps: steps}
}
