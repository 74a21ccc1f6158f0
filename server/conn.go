package server

import (
	"errors"
	"io"
	"io/fs"
	"net/http"
	"sync"
	"time"

	"github.com/fasthttp/websocket"
	"github.com/gofiber/fiber/v2"
	"github.com/valyala/fasthttp"

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
//   - the websocket's read buffer is small: the hijacked connection already
//     reads through fasthttp's 4 KiB buffer, and a phone sends commands of
//     a few hundred bytes (larger frames are read through it all the same);
//   - its write buffer is taken from a pool for each message and given
//     back after it: a phone gets a frame or two a second and holds none
//     between them;
//   - the upgrade hands the connection to goroutines of its own and
//     returns, so that fasthttp takes back the request's context (its
//     headers, URI and buffers) at once rather than at the hang-up, and
//     the reader's stack does not sit under fasthttp's handler chain.
const (
	wsReadBuffer  = 256
	wsWriteBuffer = 1024
)

// wsWriteBuffers is shared by every connection (a sync.Pool meets
// websocket.BufferPool).
var wsWriteBuffers sync.Pool

// newUpgrader is the server's websocket upgrader. Origins are checked in
// upgrade, which also allows the server's own host.
func newUpgrader() *websocket.FastHTTPUpgrader {
	return &websocket.FastHTTPUpgrader{
		HandshakeTimeout: 10 * time.Second,
		ReadBufferSize:   wsReadBuffer,
		WriteBufferSize:  wsWriteBuffer,
		WriteBufferPool:  &wsWriteBuffers,
		// Negotiated when the phone offers it; the writer compresses only
		// frames large enough to pay (welcomes with a match's log), see
		// deflateFrom.
		EnableCompression: true,
		CheckOrigin:       func(*fasthttp.RequestCtx) bool { return true },
	}
}

// acceptSocket upgrades a request that upgrade let through and hands the
// websocket to serveConn. The server keeps hijacked connections
// (fasthttp's KeepHijackedConns, set in New): serveConn closes it.
func (s *Server) acceptSocket(c *fiber.Ctx) error {
	room, ok := c.Locals("room").(*rooms.Room)
	if !ok {
		return fiber.ErrUpgradeRequired
	}
	addr, _ := c.Locals("addr").(string)
	err := s.upgrader.Upgrade(c.Context(), func(ws *websocket.Conn) {
		go s.serveConn(ws, room, addr)
	})
	if err != nil {
		return fiber.ErrUpgradeRequired
	}
	return nil
}

// serveConn is one phone's websocket. It is the connection's only reader,
// and closes the connection once it and the writer goroutine are done.
func (s *Server) serveConn(c *websocket.Conn, room *rooms.Room, addr string) {
	defer c.Close()
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("websocket handler panic", "panic", r)
		}
	}()
	stop := make(chan struct{})
	s.mu.Lock()
	if s.down.Load() {
		s.mu.Unlock()
		return
	}
	s.live[c] = stop
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
	sess := room.ConnectFrom(addr, s.cfg.SendQueue)
	defer sess.Close()
	c.SetReadLimit(s.cfg.MaxFrame)
	alive := func() { _ = c.SetReadDeadline(time.Now().Add(s.cfg.ReadTimeout)) }
	alive()
	c.SetPongHandler(func(string) error { alive(); return nil })

	readerDone := make(chan struct{})
	writerDone := make(chan struct{})
	go s.write(c, sess, stop, readerDone, writerDone)
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
	close(readerDone)
	<-writerDone
}

// errInflated is a compressed message larger than MaxFrame once inflated.
var errInflated = errors.New("message too big once inflated")

// readFrame reads one message, at most limit bytes once inflated. The
// connection's read limit counts the bytes on the wire, and a compressed
// frame within it may inflate a thousandfold: reading it whole would let
// a phone make the server allocate gigabytes.
func readFrame(c *websocket.Conn, limit int64) (int, []byte, error) {
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

// write is the connection's only writer: room messages in order, pings,
// and the close frame when the room drops the phone or the server stops.
func (s *Server) write(c *websocket.Conn, sess *rooms.Session, stop, readerDone <-chan struct{}, done chan<- struct{}) {
	defer close(done)
	// Closing the network connection also ends the reader's ReadMessage.
	defer c.Close()
	ping := time.NewTicker(s.cfg.PingEvery)
	defer ping.Stop()
	send := func(frame []byte) bool {
		_ = c.SetWriteDeadline(time.Now().Add(s.cfg.WriteTimeout))
		c.EnableWriteCompression(len(frame) >= deflateFrom)
		return c.WriteMessage(websocket.TextMessage, frame) == nil
	}
	closing := func(code int, text string) {
		_ = c.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, text), time.Now().Add(time.Second))
	}
	for {
		select {
		case <-sess.Ready():
			for _, frame := range sess.Take() {
				if !send(frame) {
					return
				}
			}
		case frame := <-sess.LobbyFrames():
			if !send(frame) {
				return
			}
		case <-ping.C:
			if c.WriteControl(websocket.PingMessage, nil, time.Now().Add(s.cfg.WriteTimeout)) != nil {
				return
			}
		case <-sess.Dropped():
			// What was queued before the drop (the reason, for one) still
			// goes out, briefly: a phone too slow to take it resyncs anyway.
			deadline := time.Now().Add(time.Second)
			for _, frame := range sess.Take() {
				if time.Now().After(deadline) || !send(frame) {
					break
				}
			}
			closing(websocket.CloseTryAgainLater, "resync")
			return
		case <-stop:
			closing(websocket.CloseGoingAway, "server restarting")
			return
		case <-readerDone:
			return
		}
	}
}
