//go:build unix

package server

import (
	"bytes"
	"fmt"
	"net"
	"sync"
	"syscall"
	"testing"
	"time"
)

// fakeOutbox is a session's outbox without a room: the test queues frames.
type fakeOutbox struct {
	mu      sync.Mutex
	queue   [][]byte
	dropped chan struct{}
	lobby   chan []byte
}

func newFakeOutbox() *fakeOutbox {
	return &fakeOutbox{dropped: make(chan struct{}), lobby: make(chan []byte, 1)}
}

func (o *fakeOutbox) push(f []byte) {
	o.mu.Lock()
	o.queue = append(o.queue, f)
	o.mu.Unlock()
}

func (o *fakeOutbox) Take() [][]byte {
	o.mu.Lock()
	defer o.mu.Unlock()
	q := o.queue
	o.queue = nil
	return q
}

func (o *fakeOutbox) Queued() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	return len(o.queue)
}

func (o *fakeOutbox) Dropped() <-chan struct{}   { return o.dropped }
func (o *fakeOutbox) LobbyFrames() <-chan []byte { return o.lobby }

// TestWakeWritesInOrderWhenTheSocketIsFull: a room's wake writes a phone's
// frames on the spot while its socket takes them; once the socket is full
// (a phone that stopped reading), what the socket did not take, the end
// of a frame included, and every frame after it goes out through the
// phone's writer, in order and whole, pings between them included. The
// room never waits meanwhile.
func TestWakeWritesInOrderWhenTheSocketIsFull(t *testing.T) {
	// Small buffers on both sides, so that the socket fills within a few
	// frames: the phone's receive buffer set before it connects (shrunk
	// later, the kernel drops what the window had let in, and the
	// retransmissions crawl).
	dialer := &net.Dialer{Control: func(_, _ string, c syscall.RawConn) error {
		var err error
		if cerr := c.Control(func(fd uintptr) {
			err = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 4<<10)
		}); cerr != nil {
			return cerr
		}
		return err
	}}
	server, client, wire := linkWith(t, true, dialer)
	tcp, ok := server.UnderlyingConn().(*net.TCPConn)
	if !ok {
		t.Skipf("the server side is a %T, not a socket", server.UnderlyingConn())
	}
	_ = tcp.SetWriteBuffer(4 << 10)
	raw := rawOf(tcp)
	if raw == nil {
		t.Skip("no raw socket writes on this system")
	}
	box := newFakeOutbox()
	p := &phone{c: server, raw: raw, sess: box, writeTimeout: 10 * time.Second}

	// The phone reads nothing while the room queues about a megabyte:
	// frames of every size, one over deflateFrom now and then (written by
	// the writer), a ping every 50 frames.
	const frames = 3000
	var want [][]byte
	handedOff := 0
	for i := range frames {
		n := 40 + (i*37)%900
		if i%97 == 96 {
			n = deflateFrom + i
		}
		f := fmt.Appendf(nil, `{"t":"update","v":%d,"pad":"%s"}`, i, bytes.Repeat([]byte{'a' + byte(i%26)}, n))
		want = append(want, f)
		box.push(f)
		if i%50 == 0 {
			p.pingDue.Store(true)
		}
		began := time.Now()
		p.wake()
		if d := time.Since(began); d > time.Second {
			t.Fatalf("wake %d waited %v for the phone", i, d)
		}
		// Until the socket is full, a writer the wake started is let
		// finish, so that the next wakes write on the spot again and one
		// of them finds the socket full.
		for waited := time.Now(); p.busy.Load() && handedOff == 0; {
			if time.Since(waited) > 50*time.Millisecond {
				handedOff++ // a writer waits on the phone: the socket is full
			}
			time.Sleep(100 * time.Microsecond)
		}
	}
	if handedOff == 0 {
		t.Fatal("the socket never filled: the writer's path was not exercised")
	}

	pings := 0
	client.SetPingHandler(func(string) error { pings++; return nil })
	_ = client.SetReadDeadline(time.Now().Add(20 * time.Second))
	for i, f := range want {
		_, got, err := client.ReadMessage()
		if err != nil {
			got := wire.take()
			t.Logf("want len %d, i%%97=%d; wire tail %q", len(f), i%97, got[max(0, len(got)-120):])
			t.Fatalf("frame %d of %d: %v", i, frames, err)
		}
		if !bytes.Equal(got, f) {
			t.Fatalf("frame %d: got %.60s... (%d bytes), want %.60s... (%d bytes)", i, got, len(got), f, len(f))
		}
	}
	if pings == 0 {
		t.Fatal("no ping reached the phone")
	}
}
