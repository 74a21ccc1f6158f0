package server

import (
	"bytes"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	fws "github.com/fasthttp/websocket"
)

// recordingConn keeps what a client reads off the wire.
type recordingConn struct {
	net.Conn
	mu  sync.Mutex
	got bytes.Buffer
}

func (c *recordingConn) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	c.mu.Lock()
	c.got.Write(b[:n])
	c.mu.Unlock()
	return n, err
}

func (c *recordingConn) take() []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	b := bytes.Clone(c.got.Bytes())
	c.got.Reset()
	return b
}

// link is a real websocket over loopback, with or without
// permessage-deflate, whose client records the bytes it reads.
func link(t *testing.T, compress bool) (server, client *fws.Conn, wire *recordingConn) {
	t.Helper()
	return linkWith(t, compress, nil)
}

// linkWith is link whose client socket is dialled by dialer (nil: the
// default one).
func linkWith(t *testing.T, compress bool, dialer *net.Dialer) (server, client *fws.Conn, wire *recordingConn) {
	t.Helper()
	if dialer == nil {
		dialer = &net.Dialer{}
	}
	conns := make(chan *fws.Conn, 1)
	up := fws.Upgrader{EnableCompression: compress, CheckOrigin: func(*http.Request) bool { return true }}
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := up.Upgrade(w, r, nil)
		if err != nil {
			t.Error(err)
			return
		}
		conns <- c
	}))
	t.Cleanup(ts.Close)
	d := fws.Dialer{EnableCompression: compress, NetDial: func(network, addr string) (net.Conn, error) {
		c, err := dialer.Dial(network, addr)
		if err != nil {
			return nil, err
		}
		wire = &recordingConn{Conn: c}
		return wire, nil
	}}
	client, _, err := d.Dial("ws"+strings.TrimPrefix(ts.URL, "http"), nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.Close() })
	server = <-conns
	t.Cleanup(func() { server.Close() })
	wire.take() // the handshake
	return server, client, wire
}

// TestBatchIsWriteMessage: a frame written by sendRaw is, byte for byte,
// the frame WriteMessage writes for an uncompressed text message, at every
// length encoding, with and without permessage-deflate negotiated; and a
// batch of frames in one write reaches the phone as as many messages, in
// order.
func TestBatchIsWriteMessage(t *testing.T) {
	for _, compress := range []bool{false, true} {
		server, client, wire := link(t, compress)
		for _, n := range []int{0, 1, 125, 126, 127, 1000, 1023, 1024, 1025, deflateFrom - 1, 1<<16 - 1, 1 << 16, 70000} {
			f := bytes.Repeat([]byte{'a' + byte(n%26)}, n)
			server.EnableWriteCompression(false)
			if err := server.WriteMessage(fws.TextMessage, f); err != nil {
				t.Fatal(err)
			}
			if _, got, err := client.ReadMessage(); err != nil || !bytes.Equal(got, f) {
				t.Fatalf("WriteMessage of %d bytes: read %d bytes, %v", n, len(got), err)
			}
			want := wire.take()
			if _, err := server.UnderlyingConn().Write(appendTextFrame(nil, f)); err != nil {
				t.Fatal(err)
			}
			if _, got, err := client.ReadMessage(); err != nil || !bytes.Equal(got, f) {
				t.Fatalf("raw frame of %d bytes: read %d bytes, %v", n, len(got), err)
			}
			if raw := wire.take(); !bytes.Equal(raw, want) {
				t.Fatalf("compress %v, %d bytes: raw frame %x..., WriteMessage's %x...", compress, n, raw[:min(len(raw), 12)], want[:min(len(want), 12)])
			}
		}
		p := &phone{c: server, writeTimeout: 5e9}
		batch := [][]byte{[]byte(`{"t":"update","v":7}`), bytes.Repeat([]byte("x"), 300), []byte(`{"t":"ack","v":7,"id":"c1"}`)}
		if !p.sendRaw(batch) {
			t.Fatal("sendRaw failed")
		}
		for i, f := range batch {
			if _, got, err := client.ReadMessage(); err != nil || !bytes.Equal(got, f) {
				t.Fatalf("batch frame %d: %q, %v", i, got, err)
			}
		}
	}
}
