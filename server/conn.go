package server

import (
	"errors"
	"io"
	"io/fs"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	fws "github.com/fasthttp/websocket"
	"github.com/gofiber/contrib/websocket"

	"periscope/rooms"
)

func httpFS(f fs.FS) http.FileSystem { return http.FS(f) }

// deflateFrom is the smallest frame worth compressing: deflate shrinks
// frames over 1 KiB to 15-40% but costs 25-100 µs of CPU each
// (docs/benchmarks.md), which pays for a welcome carrying a match's log,
// not for the small patches that make most of the traffic.
const deflateFrom = 4 << 10

// errBinaryFrame answers a binary frame; the connection stays open.
var errBinaryFrame = &rooms.Error{Code: rooms.CodeBadRequest, Message: "send JSON text frames: binary frames are not read"}

// What a phone's websocket holds for its whole life is most of a room's
// memory after the room's own state (docs/benchmarks.md, "Issue 26: memory
// per room"), so it holds little:
//   - the contrib handler (handOff) hands the websocket to goroutines of
//     its own and returns at once: contrib then takes back its wrapper,
//     with the copies of every header, cookie and query argument it made,
//     and fasthttp its request context (headers, URI, buffers), at the
//     upgrade rather than at the hang-up (the server keeps hijacked
//     connections open: KeepHijackedConns, set in New); the reader's stack
//     does not sit under fasthttp's handler chain either;
//   - fasthttp's 4 KiB read buffer is let go once the upgrade request is
//     read (ReduceMemoryUsage, set in New), and the websocket's own is
//     small: a phone sends commands of a few hundred bytes (larger frames
//     are read through it all the same, in more reads);
//   - the websocket's write buffer is taken from a pool for each message
//     and given back after it: a phone gets a frame or two a second and
//     holds none between them.
const (
	wsReadBuffer  = 256
	wsWriteBuffer = 1024
)

// wsWriteBuffers is shared by every connection (a sync.Pool meets
// websocket.BufferPool).
var wsWriteBuffers sync.Pool

// socketConfig is the contrib websocket handler's configuration.
func (s *Server) socketConfig() websocket.Config {
	return websocket.Config{
		// Origins are checked in upgrade, which also allows the server's own host.
		Origins:          []string{"*"},
		HandshakeTimeout: 10 * time.Second,
		ReadBufferSize:   wsReadBuffer,
		WriteBufferSize:  wsWriteBuffer,
		WriteBufferPool:  &wsWriteBuffers,
		// Negotiated when the phone offers it; the writer compresses only
		// frames large enough to pay (welcomes with a match's log), see
		// deflateFrom.
		EnableCompression: true,
		RecoverHandler: func(c *websocket.Conn) {
			if r := recover(); r != nil {
				s.log.Error("websocket handler panic", "panic", r)
			}
		},
	}
}

// handOff is the contrib handler: it starts serveConn on the websocket
// itself (contrib's wrapper is recycled when handOff returns) and returns.
func (s *Server) handOff(c *websocket.Conn) {
	room, ok := c.Locals("room").(*rooms.Room)
	if !ok {
		_ = c.Close()
		return
	}
	addr, _ := c.Locals("addr").(string)
	raw, _ := c.Locals("raw").(syscall.RawConn)
	go s.serveConn(c.Conn, room, addr, raw)
}

// serveConn is one phone's websocket. It is the connection's only reader;
// writes are done by the room's goroutine while the socket takes them at
// once (phone.wake), else by a goroutine started only when there is
// something to write (phone.flush). It closes the connection once the
// reader is done and no write is under way. raw is the socket itself, nil
// where writes that must not wait are not available.
func (s *Server) serveConn(c *fws.Conn, room *rooms.Room, addr string, raw syscall.RawConn) {
	defer c.Close()
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("websocket handler panic", "panic", r)
		}
	}()
	sess := room.ConnectFrom(addr, s.cfg.SendQueue)
	p := &phone{c: c, raw: raw, sess: sess, writeTimeout: s.cfg.WriteTimeout}
	p.heard.Store(monotonic())
	s.mu.Lock()
	if s.down.Load() {
		s.mu.Unlock()
		p.end()
		return
	}
	s.live[c] = p
	if !s.pinging {
		s.pinging = true
		go s.pinger()
	}
	s.wg.Add(1)
	s.mu.Unlock()
	defer s.wg.Done()
	defer func() {
		s.mu.Lock()
		delete(s.live, c)
		s.mu.Unlock()
	}()

	s.socketOpened(addr)
	defer s.socketClosed(addr)
	sess.OnWake(p.wake)
	defer sess.Close()
	// The reader's end (p.end) comes before the session's: once the phone
	// is gone, the drop that Close makes writes no close frame.
	defer p.end()
	c.SetReadLimit(s.cfg.MaxFrame)
	alive := func() {
		p.heard.Store(monotonic())
		_ = c.SetReadDeadline(time.Now().Add(s.cfg.ReadTimeout))
	}
	alive()
	c.SetPongHandler(func(string) error { alive(); return nil })
	// The pong goes out with the phone's other writes: a write of its own
	// from here could land inside a batch the socket took only in part.
	c.SetPingHandler(func(data string) error {
		p.pong.Store(&data)
		p.kick()
		return nil
	})
	for {
		kind, frame, err := readFrame(c, s.cfg.MaxFrame)
		if errors.Is(err, errInflated) {
			_ = c.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(websocket.CloseMessageTooBig, "message too big"), time.Now().Add(time.Second))
			break
		}
		if err != nil {
			break
		}
		alive()
		if kind != websocket.TextMessage {
			sess.Refuse(errBinaryFrame)
			continue
		}
		sess.Receive(frame)
	}
}

// phone is the writing side of one websocket: room messages in order,
// pings, and the close frame when the room drops the phone or the server
// stops. No goroutine waits on it. When the room queues frames, wake
// writes them at once on the room's goroutine if the socket takes them
// without waiting, the path of nearly every update: a goroutine woken for
// each of a version's eight phones cost more CPU than the writes
// themselves (docs/benchmarks.md, "Issue 26"). Anything else (a socket
// that is full, a large frame to compress, a ping, a close) goes to
// flush, which kick starts on a goroutine of its own and which returns
// once it has written everything.
type phone struct {
	c            *fws.Conn
	raw          syscall.RawConn // nil: every write goes through flush
	sess         outbox
	writeTimeout time.Duration
	// heard is when the phone last sent anything (a frame, a pong), pinged
	// when the server last pinged it (monotonic): the pinger's.
	heard, pinged atomic.Int64

	// busy is set while a flush or a wake writes or is about to; pingDue
	// when the pinger wants a ping sent; stopping when the server shuts down; over once the
	// connection is closed or its reader done: nothing more is written.
	busy, pingDue, stopping, over atomic.Bool
	// mu is held by a flush or a wake while it writes, and by end.
	mu sync.Mutex
	// Held by mu. rest is the end of a batch the socket took only in part,
	// held the frames a wake took from the session but left to flush; flush
	// writes both first. Both are nil while the phone keeps up.
	rest []byte
	held [][]byte
	// pong is the payload of a ping to answer.
	pong atomic.Pointer[string]
}

// outbox is what a phone writes from: a rooms.Session.
type outbox interface {
	Take() [][]byte
	Queued() int
	Dropped() <-chan struct{}
	LobbyFrames() <-chan []byte
}

var _ outbox = (*rooms.Session)(nil)

// kick makes sure a flush runs. It never waits (rooms.Session.OnWake).
func (p *phone) kick() {
	if p.busy.CompareAndSwap(false, true) {
		go p.flush()
	}
}

// wake is the session's OnWake, called on the room's goroutine when it
// queued frames (and by the pinger): it writes what waits there and then
// when the socket takes it all without waiting, and leaves the rest to a
// flush.
func (p *phone) wake() {
	if !p.busy.CompareAndSwap(false, true) {
		return // a flush or a wake is writing: it looks again before it stops
	}
	if !p.writeNow() {
		go p.flush()
		return
	}
	p.busy.Store(false)
	if p.due() && p.busy.CompareAndSwap(false, true) {
		go p.flush()
	}
}

// writeNow writes the small frames waiting, in one write that does not
// wait; it reports whether nothing is left for a flush to do. It leaves
// everything else to flush: a frame to compress, a socket that took the
// batch only in part (the rest and the frames after it are kept, in
// order, for flush), a ping, a drop, a shutdown.
func (p *phone) writeNow() bool {
	if p.raw == nil || !p.mu.TryLock() {
		return false
	}
	defer p.mu.Unlock()
	if p.over.Load() {
		return true
	}
	if p.rest != nil || p.held != nil || p.stopping.Load() || p.pong.Load() != nil {
		return false
	}
	select {
	case <-p.sess.Dropped():
		return false
	default:
	}
	ping := p.pingDue.Swap(false)
	frames := p.sess.Take()
	n := smallRun(frames)
	if n < len(frames) {
		// Take's slice is the session's again at its next call.
		p.held = append([][]byte(nil), frames[n:]...)
	}
	if n == 0 && !ping {
		return p.held == nil
	}
	bp, b := batch(frames[:n])
	if ping {
		b = append(b, 0x89, 0) // FIN, ping, no payload
	}
	w, err := writeSome(p.raw, b)
	switch {
	case errors.Is(err, errSocketGone):
		p.hangUp()
		p.held = nil
		w = len(b)
	case err != nil && w == 0:
		// The socket would not be written now (closed under us): flush
		// finds out with a write of its own.
		p.held = append(slices.Clone(frames[:n]), p.held...)
		if ping {
			p.pingDue.Store(true)
		}
		w = len(b)
	}
	if w < len(b) {
		p.rest = append([]byte(nil), b[w:]...)
	}
	release(bp, b)
	return p.rest == nil && p.held == nil
}

// errSocketGone is a write that failed on the socket itself (reset,
// broken pipe): the phone is gone (writeSome).
var errSocketGone = errors.New("the socket failed")

// stop closes the connection with "going away" (Shutdown).
func (p *phone) stop() {
	p.stopping.Store(true)
	p.kick()
}

// flush writes what waits, then looks again after letting go of busy: a
// kick that came while it wrote found busy set and started nothing.
func (p *phone) flush() {
	for {
		p.mu.Lock()
		if !p.over.Load() && !p.writeAll() {
			p.hangUp()
		}
		// A deadline left on the socket would fail a wake's write once
		// past: a wake's writes never wait, so they need none.
		_ = p.c.UnderlyingConn().SetWriteDeadline(time.Time{})
		p.mu.Unlock()
		p.busy.Store(false)
		if !p.due() || !p.busy.CompareAndSwap(false, true) {
			return
		}
	}
}

// due reports whether a flush has something to do.
func (p *phone) due() bool {
	if p.over.Load() {
		return false
	}
	select {
	case <-p.sess.Dropped():
		return true
	default:
	}
	return p.stopping.Load() || p.pingDue.Load() || p.pong.Load() != nil || p.sess.Queued() > 0 || len(p.sess.LobbyFrames()) > 0
}

// writeAll writes what waits; false when the connection is to end (a write
// failed, the room dropped the phone, the server stops), its close frame
// written.
func (p *phone) writeAll() bool {
	// What a wake left comes first: the end of a frame on the wire, then
	// the frames queued after it.
	if p.rest != nil {
		conn := p.c.UnderlyingConn()
		_ = conn.SetWriteDeadline(time.Now().Add(p.writeTimeout))
		_, err := conn.Write(p.rest)
		p.rest = nil
		if err != nil {
			p.held = nil
			return false
		}
	}
	if held := p.held; held != nil {
		p.held = nil
		if !p.sendAll(held) {
			return false
		}
	}
	if data := p.pong.Swap(nil); data != nil {
		if p.c.WriteControl(websocket.PongMessage, []byte(*data), time.Now().Add(p.writeTimeout)) != nil {
			return false
		}
	}
	select {
	case <-p.sess.Dropped():
		// What was queued before the drop (the reason, for one) still
		// goes out, briefly: a phone too slow to take it resyncs anyway.
		deadline := time.Now().Add(time.Second)
		for _, frame := range p.sess.Take() {
			if time.Now().After(deadline) || !p.send(frame) {
				break
			}
		}
		p.closing(websocket.CloseTryAgainLater, "resync")
		return false
	default:
	}
	if p.stopping.Load() {
		p.closing(websocket.CloseGoingAway, "server restarting")
		return false
	}
	for frames := p.sess.Take(); len(frames) > 0; frames = p.sess.Take() {
		if !p.sendAll(frames) {
			return false
		}
	}
	select {
	case frame := <-p.sess.LobbyFrames():
		if !p.send(frame) {
			return false
		}
	default:
	}
	if p.pingDue.Swap(false) {
		if p.c.WriteControl(websocket.PingMessage, nil, time.Now().Add(p.writeTimeout)) != nil {
			return false
		}
	}
	return true
}

func (p *phone) send(frame []byte) bool {
	_ = p.c.SetWriteDeadline(time.Now().Add(p.writeTimeout))
	p.c.EnableWriteCompression(len(frame) >= deflateFrom)
	return p.c.WriteMessage(websocket.TextMessage, frame) == nil
}

// sendAll writes frames in order. Runs of frames too small to compress go
// out together in one write of the socket (a phone's update and the ack of
// its command, or a burst of timer versions): one system call, where
// WriteMessage makes one a frame. Each is the one unmasked, final text
// frame WriteMessage would write (TestBatchIsWriteMessage); the socket's
// writes are this goroutine's alone, as WriteMessage's are.
func (p *phone) sendAll(frames [][]byte) bool {
	for len(frames) > 0 {
		n := smallRun(frames)
		switch n {
		case 0, 1:
			n = 1
			if !p.send(frames[0]) {
				return false
			}
		default:
			if !p.sendRaw(frames[:n]) {
				return false
			}
		}
		frames = frames[n:]
	}
	return true
}

// maxBatch bounds the frames of one write, and so its buffer (at most
// maxBatch frames under deflateFrom).
const maxBatch = 16

// smallRun is how many of frames, from the first, go out in one write:
// at most maxBatch, each under deflateFrom.
func smallRun(frames [][]byte) int {
	n := 0
	for n < len(frames) && n < maxBatch && len(frames[n]) < deflateFrom {
		n++
	}
	return n
}

// batchBuffers holds the buffers of batched writes between writes: a
// phone holds none while idle.
var batchBuffers = sync.Pool{New: func() any { b := make([]byte, 0, 4<<10); return &b }}

// batch writes frames, each under deflateFrom, as text frames into a
// buffer of batchBuffers; release gives it back.
func batch(frames [][]byte) (*[]byte, []byte) {
	bp := batchBuffers.Get().(*[]byte)
	b := (*bp)[:0]
	for _, f := range frames {
		b = appendTextFrame(b, f)
	}
	return bp, b
}

// release gives b, grown from *bp, back to batchBuffers, unless a burst
// made it large.
func release(bp *[]byte, b []byte) {
	if cap(b) <= 64<<10 {
		*bp = b
		batchBuffers.Put(bp)
	}
}

// sendRaw writes frames, each under deflateFrom, as text frames in one
// write.
func (p *phone) sendRaw(frames [][]byte) bool {
	bp, b := batch(frames)
	conn := p.c.UnderlyingConn()
	_ = conn.SetWriteDeadline(time.Now().Add(p.writeTimeout))
	_, err := conn.Write(b)
	release(bp, b)
	return err == nil
}

// appendTextFrame appends f as one final, unmasked text frame (RFC 6455
// 5.2): a server's frames are not masked, and frames under deflateFrom
// are not compressed (RSV1 clear, as permessage-deflate allows a frame at
// a time).
func appendTextFrame(b, f []byte) []byte {
	b = append(b, 0x81) // FIN, text
	switch n := len(f); {
	case n < 126:
		b = append(b, byte(n))
	case n < 1<<16:
		b = append(b, 126, byte(n>>8), byte(n))
	default:
		b = append(b, 127, byte(n>>56), byte(n>>48), byte(n>>40), byte(n>>32), byte(n>>24), byte(n>>16), byte(n>>8), byte(n))
	}
	return append(b, f...)
}

func (p *phone) closing(code int, text string) {
	_ = p.c.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, text), time.Now().Add(time.Second))
}

// hangUp closes the connection, which also ends the reader's read. Called
// with mu held.
func (p *phone) hangUp() {
	p.over.Store(true)
	_ = p.c.Close()
}

// end is the reader's: once a write under way is done, nothing more is
// written, and the connection can close.
func (p *phone) end() {
	p.mu.Lock()
	p.over.Store(true)
	p.mu.Unlock()
}

// The pinger. A phone that sends nothing for PingEvery is pinged, and
// again every PingEvery while it stays silent; its pong (or any frame)
// extends its read deadline, and one silent for ReadTimeout is dropped. A
// phone that sends frames has shown it is there and is not pinged: at a
// game night's pace most phones send something every few seconds, and
// the pings with their pongs had been the server's largest cost between
// commands (docs/benchmarks.md, "Issue 26"). One goroutine sweeps every
// phone a few times a period, in place of a timer and a goroutine per
// phone and ping; it runs while phones are connected.
func (s *Server) pinger() {
	every := int64(s.cfg.PingEvery)
	tick := time.NewTicker(min(max(s.cfg.PingEvery/4, 10*time.Millisecond), time.Second))
	defer tick.Stop()
	var due []*phone
	for range tick.C {
		now := monotonic()
		s.mu.Lock()
		if s.down.Load() || len(s.live) == 0 {
			s.pinging = false
			s.mu.Unlock()
			return
		}
		for _, p := range s.live {
			if now-p.heard.Load() >= every && now-p.pinged.Load() >= every {
				due = append(due, p)
			}
		}
		s.mu.Unlock()
		for i, p := range due {
			p.pinged.Store(now)
			p.pingDue.Store(true)
			p.wake()
			due[i] = nil
		}
		due = due[:0]
	}
}

// epoch anchors monotonic.
var epoch = time.Now()

// monotonic is a reading of the monotonic clock, in nanoseconds.
func monotonic() int64 { return int64(time.Since(epoch)) }

// errInflated is a compressed message larger than MaxFrame once inflated.
var errInflated = errors.New("message too big once inflated")

// readFrame reads one message, at most limit bytes once inflated. The
// connection's read limit counts the bytes on the wire, and a compressed
// frame within it may inflate a thousandfold: reading it whole would let
// a phone make the server allocate gigabytes.
func readFrame(c *fws.Conn, limit int64) (int, []byte, error) {
	kind, r, err := c.NextReader()
	if err != nil {
		return 0, nil, err
	}
	b, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return 0, nil, err
	}
	if int64(len(b)) > limit {
		return 0, nil, errInflated
	}
	return kind, b, nil
}
