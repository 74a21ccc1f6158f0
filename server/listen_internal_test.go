package server

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

// fakeListener answers Accept from a script: errors first, then conns.
type fakeListener struct {
	errs  []error
	conns []net.Conn
}

func (f *fakeListener) Accept() (net.Conn, error) {
	if len(f.errs) > 0 {
		err := f.errs[0]
		f.errs = f.errs[1:]
		return nil, err
	}
	if len(f.conns) > 0 {
		c := f.conns[0]
		f.conns = f.conns[1:]
		return c, nil
	}
	return nil, net.ErrClosed
}
func (f *fakeListener) Close() error   { return nil }
func (f *fakeListener) Addr() net.Addr { return &net.TCPAddr{IP: net.IPv4(10, 0, 0, 1), Port: 8080} }

// fakeConn is a connection from remote to local; closed counts Close calls.
type fakeConn struct {
	net.Conn
	remote, local net.IP
	closed        int
}

func (c *fakeConn) RemoteAddr() net.Addr { return &net.TCPAddr{IP: c.remote, Port: 5000} }
func (c *fakeConn) LocalAddr() net.Addr  { return &net.TCPAddr{IP: c.local, Port: 8080} }
func (c *fakeConn) Close() error         { c.closed++; return nil }

func accepted(from string) *fakeConn {
	return &fakeConn{remote: net.ParseIP(from), local: net.IPv4(10, 0, 0, 1)}
}

// Out of descriptors, accept waits 5 ms, doubling to a second, and tries
// again; the flood is logged once, and the next connection is served.
func TestAcceptOutlivesRunningOutOfFiles(t *testing.T) {
	emfile := &net.OpError{Op: "accept", Net: "tcp", Err: os.NewSyscallError("accept4", syscall.EMFILE)}
	var errs []error
	for range 12 {
		errs = append(errs, emfile)
	}
	errs = append(errs, &net.OpError{Op: "accept", Err: syscall.ENFILE}, &net.OpError{Op: "accept", Err: syscall.ECONNABORTED})
	want := accepted("10.0.0.7")
	var logged bytes.Buffer
	l := newGuardedListener(&fakeListener{errs: errs, conns: []net.Conn{want}}, 10, 5, slog.New(slog.NewTextHandler(&logged, nil)))
	var pauses []time.Duration
	l.sleep = func(d time.Duration) { pauses = append(pauses, d) }
	c, err := l.Accept()
	if err != nil {
		t.Fatalf("accept gave up: %v", err)
	}
	if c.(*guardedConn).Conn != want {
		t.Fatal("not the waiting connection")
	}
	wantPauses := []time.Duration{5, 10, 20, 40, 80, 160, 320, 640, 1000, 1000, 1000, 1000, 1000, 1000}
	if fmt.Sprint(pauses) != fmt.Sprint(scale(wantPauses, time.Millisecond)) {
		t.Fatalf("pauses %v, want %v ms", pauses, wantPauses)
	}
	if n := strings.Count(logged.String(), "cannot take new connections"); n != 1 {
		t.Fatalf("logged %d times, want once:\n%s", n, logged.String())
	}
	// The listener closed: that error ends Serve, as it should.
	if _, err := l.Accept(); !errors.Is(err, net.ErrClosed) {
		t.Fatalf("a closed listener: %v", err)
	}
}

func scale(ds []time.Duration, unit time.Duration) []time.Duration {
	out := make([]time.Duration, len(ds))
	for i, d := range ds {
		out[i] = d * unit
	}
	return out
}

// One address gets perAddress connections, the server's own machine any
// number within the total; a connection over a bound is closed at once,
// and closing one gives its place back (once, however often closed).
func TestConnectionBounds(t *testing.T) {
	var script []net.Conn
	var phone []*fakeConn
	for range 4 {
		c := accepted("10.0.0.7")
		phone = append(phone, c)
		script = append(script, c)
	}
	other := accepted("10.0.0.8")
	self := []*fakeConn{accepted("10.0.0.1"), accepted("10.0.0.1"), accepted("10.0.0.1")}
	script = append(script, other, self[0], self[1], self[2])
	l := newGuardedListener(&fakeListener{conns: script}, 6, 3, slog.New(slog.DiscardHandler))
	var got []net.Conn
	for {
		c, err := l.Accept()
		if err != nil {
			break
		}
		got = append(got, c)
	}
	// 3 of the phone, the other phone, 2 of the machine itself: 6, the total.
	if len(got) != 6 || phone[3].closed != 1 || self[2].closed != 1 || other.closed != 0 {
		t.Fatalf("accepted %d; closed at once: 4th of one address %d, 3rd of the machine %d, the other phone %d", len(got), phone[3].closed, self[2].closed, other.closed)
	}
	if total, one := l.counts("10.0.0.7"); total != 6 || one != 3 {
		t.Fatalf("counts %d in all, %d from the phone", total, one)
	}
	got[0].Close()
	got[0].Close()
	if total, one := l.counts("10.0.0.7"); total != 5 || one != 2 {
		t.Fatalf("after a close: %d in all, %d from the phone", total, one)
	}
}

func TestConnLimitsStayBelowTheFileLimit(t *testing.T) {
	for _, tc := range []struct{ files, total, per int }{
		{0, 922, 128}, {256, 192, 48}, {1024, 922, 128}, {20000, 18000, 128}, {64, 16, 4},
	} {
		total, per := ConnLimits(tc.files)
		if total != tc.total || per != tc.per {
			t.Errorf("ConnLimits(%d) = %d, %d; want %d, %d", tc.files, total, per, tc.total, tc.per)
		}
		if tc.files > 0 && total >= tc.files {
			t.Errorf("ConnLimits(%d): %d connections would leave no file for the database", tc.files, total)
		}
	}
}
