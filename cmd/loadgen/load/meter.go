package load

import (
	"bytes"
	"context"
	"net"
	"sync"
)

// frameSize is one websocket message from the server as it crossed the
// wire: its payload (the JSON text, or what permessage-deflate made of it)
// and the frame headers around it.
type frameSize struct {
	payload int
	wire    int
	raw     []byte // the payload itself, when the meter captures
	head    string // the payload's first bytes: `{"t":"update"` tells the type
	deflate bool   // RSV1: the payload is compressed
}

// meter wraps a client's TCP connection and parses the websocket frames the
// server sends as they are read, so that each message the client package
// hands out can be matched, in order, with its size on the wire. The client
// reads messages in order and control frames (ping, close) are skipped, so
// the n-th message Next returns is the n-th one the meter completed.
type meter struct {
	net.Conn
	capture bool // keep each message's payload (for the bare baseline's replay)

	mu      sync.Mutex
	http    bool // the upgrade response is over
	tail    []byte
	hdr     [14]byte
	hn      int   // header bytes held
	left    int64 // payload bytes of the current frame still to come
	inFrame bool
	control bool
	msg     frameSize
	done    []frameSize
}

// headLen is how much of each payload the meter keeps to tell its type.
const headLen = 20

type meterKey struct{}

// withMeter asks the dialler to meter the connection it opens under ctx;
// the meter is put in *m.
func withMeter(ctx context.Context, m **meter, capture bool) context.Context {
	return context.WithValue(ctx, meterKey{}, &meterSlot{m: m, capture: capture})
}

type meterSlot struct {
	m       **meter
	capture bool
}

// meteredDial is the websocket dialler's NetDialContext: a plain TCP dial,
// metered when the context asks for it.
func meteredDial(ctx context.Context, network, addr string) (net.Conn, error) {
	var d net.Dialer
	c, err := d.DialContext(ctx, network, addr)
	if err != nil {
		return nil, err
	}
	slot, ok := ctx.Value(meterKey{}).(*meterSlot)
	if !ok {
		return c, nil
	}
	m := &meter{Conn: c, capture: slot.capture}
	*slot.m = m
	return m, nil
}

func (m *meter) Read(p []byte) (int, error) {
	n, err := m.Conn.Read(p)
	if n > 0 {
		m.mu.Lock()
		m.feed(p[:n])
		m.mu.Unlock()
	}
	return n, err
}

// feed parses what was read: first the HTTP response of the upgrade, then
// websocket frames (RFC 6455 section 5.2). Server frames are not masked.
func (m *meter) feed(p []byte) {
	if !m.http {
		m.tail = append(m.tail, p...)
		i := bytes.Index(m.tail, []byte("\r\n\r\n"))
		if i < 0 {
			return
		}
		m.http = true
		p = m.tail[i+4:]
		m.tail = nil
	}
	for len(p) > 0 {
		if !m.inFrame {
			m.hdr[m.hn] = p[0]
			m.hn++
			p = p[1:]
			if m.hn < 2 {
				continue
			}
			need := 2
			switch m.hdr[1] & 0x7f {
			case 126:
				need += 2
			case 127:
				need += 8
			}
			if m.hdr[1]&0x80 != 0 {
				need += 4
			}
			if m.hn < need {
				continue
			}
			var n int64
			switch l := m.hdr[1] & 0x7f; l {
			case 126:
				n = int64(m.hdr[2])<<8 | int64(m.hdr[3])
			case 127:
				for i := 2; i < 10; i++ {
					n = n<<8 | int64(m.hdr[i])
				}
			default:
				n = int64(l)
			}
			op := m.hdr[0] & 0x0f
			m.control = op >= 8
			if !m.control {
				if op != 0 { // first frame of a message
					m.msg.deflate = m.hdr[0]&0x40 != 0
				}
				m.msg.wire += need
			}
			m.left, m.inFrame, m.hn = n, true, 0
			if n == 0 {
				m.endFrame()
			}
			continue
		}
		k := int64(len(p))
		if k > m.left {
			k = m.left
		}
		if !m.control {
			if n := len(m.msg.head); n < headLen {
				m.msg.head += string(p[:min(k, int64(headLen-n))])
			}
			m.msg.payload += int(k)
			m.msg.wire += int(k)
			if m.capture {
				m.msg.raw = append(m.msg.raw, p[:k]...)
			}
		}
		m.left -= k
		p = p[k:]
		if m.left == 0 {
			m.endFrame()
		}
	}
}

// endFrame closes the current frame; a final data frame completes a message.
func (m *meter) endFrame() {
	m.inFrame = false
	fin := m.hdr[0]&0x80 != 0 // the next header has not started yet
	if m.control || !fin {
		return
	}
	m.done = append(m.done, m.msg)
	m.msg = frameSize{}
}

// pop returns the size of the oldest message not yet popped; ok is false
// if the meter has not seen it (which would be a bug of the meter).
func (m *meter) pop() (frameSize, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.done) == 0 {
		return frameSize{}, false
	}
	f := m.done[0]
	m.done[0] = frameSize{}
	m.done = m.done[1:]
	return f, true
}
