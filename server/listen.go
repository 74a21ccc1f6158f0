package server

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"sync"
	"syscall"
	"time"
)

// Connection bounds. Every TCP connection costs a file descriptor, and a
// process out of them can accept nothing, websockets and lobby requests
// alike: a phone that opens idle connections by the thousand must hit a
// bound of its own long before the process's file limit.
//
// A phone's browser keeps up to 6 HTTP connections and a websocket; a
// laptop with a few tabs stays within a few dozen.
const (
	defaultConnsPerAddress = 128
	// fileReserve is kept back from the file limit for what is not a
	// connection: the database and its journal, the listener, stdio.
	minFileReserve = 64
)

// ConnLimits are the connection bounds that suit a process allowed files
// file descriptors: total stays below it by a reserve (a tenth, at least
// 64), and one address may hold a quarter of the total at most, so that a
// single device can never take every connection. files <= 0 (unknown)
// gives the bounds of a 1,024 limit.
func ConnLimits(files int) (total, perAddress int) {
	if files <= 0 {
		files = 1024
	}
	files = min(files, 1<<20)
	total = max(files-max(minFileReserve, files/10), 16)
	return total, max(min(defaultConnsPerAddress, total/4), 4)
}

// guardedListener wraps the server's listener. Accept never fails for
// what passes (out of file descriptors, a connection reset before it was
// taken, a timeout): it waits and tries again, as net/http does, since
// the web stack under Fiber treats any such error as fatal and would stop
// the whole game night. It also bounds connections per address and in
// total: one over a bound is closed at once, which frees its descriptor,
// and the next is taken.
type guardedListener struct {
	net.Listener
	total, perAddress int
	log               *slog.Logger
	sleep             func(time.Duration) // time.Sleep; tests shorten it

	mu     sync.Mutex
	open   int
	byAddr map[string]int
	warned map[string]time.Time // what was logged last, by kind, so a flood logs once a while
	// refused counts the connections closed over a bound since the last log.
	refused int
}

// logEvery is how often a kind of accept trouble is logged while it lasts.
const logEvery = time.Minute

func newGuardedListener(ln net.Listener, total, perAddress int, log *slog.Logger) *guardedListener {
	return &guardedListener{Listener: ln, total: total, perAddress: perAddress, log: log, sleep: time.Sleep,
		byAddr: make(map[string]int), warned: make(map[string]time.Time)}
}

// passing reports accept errors that say nothing about the listener
// itself: the process or system is out of descriptors, or one connection
// went wrong before it was taken.
func passing(err error) bool {
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		return true
	}
	for _, e := range []error{syscall.EMFILE, syscall.ENFILE, syscall.ECONNABORTED, syscall.ECONNRESET, syscall.EAGAIN, syscall.EINTR, syscall.ENOBUFS, syscall.ENOMEM, syscall.EPROTO} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

// Accept returns the next connection within the bounds.
func (l *guardedListener) Accept() (net.Conn, error) {
	var pause time.Duration
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			if !passing(err) {
				return nil, err
			}
			// 5 ms, doubling up to a second, as net/http waits.
			if pause == 0 {
				pause = 5 * time.Millisecond
			} else {
				pause = min(2*pause, time.Second)
			}
			l.warn("accept", "cannot take new connections for now; retrying", "err", err, "retry_in", pause)
			l.sleep(pause)
			continue
		}
		pause = 0
		if gc, ok := l.admit(c); ok {
			return gc, nil
		}
		c.Close()
	}
}

// warn logs msg at most once per logEvery for kind.
func (l *guardedListener) warn(kind, msg string, args ...any) {
	if l.warnDue(kind) {
		l.log.Warn(msg, args...)
	}
}

// connKey is what the per-address bound counts c by (the IPv4 address, or
// the /64 of an IPv6 one, as the rate limits do), or "" when c is the
// server's own machine: a connection whose peer is the very address it
// arrived on. The kernel gives a connection from this machine to one of
// its own addresses that address as its source; no other device can, as
// it would have to own the server's address. So the table screen and load
// tools on the server's machine are spared, while a connection from
// another loopback address (127.0.0.2 to 127.0.0.1, how tests stand in for
// a phone) is counted like a phone's.
func connKey(c net.Conn) string {
	remote, ok1 := c.RemoteAddr().(*net.TCPAddr)
	local, ok2 := c.LocalAddr().(*net.TCPAddr)
	if !ok1 || !ok2 {
		return ""
	}
	if remote.IP.Equal(local.IP) {
		return ""
	}
	if remote.IP.To4() == nil {
		return remote.IP.Mask(net.CIDRMask(64, 128)).String() + "/64"
	}
	return remote.IP.String()
}

// admit counts c in, or reports that it is over a bound.
func (l *guardedListener) admit(c net.Conn) (net.Conn, bool) {
	key := connKey(c)
	l.mu.Lock()
	over := ""
	switch {
	case l.total > 0 && l.open >= l.total:
		over = fmt.Sprintf("%d connections are open, the most this server takes", l.open)
	case key != "" && l.perAddress > 0 && l.byAddr[key] >= l.perAddress:
		over = fmt.Sprintf("%s has %d connections open, the most one address may", key, l.byAddr[key])
	}
	if over != "" {
		l.refused++
		n := l.refused
		l.mu.Unlock()
		if l.warnDue("bound") {
			l.mu.Lock()
			l.refused = 0
			l.mu.Unlock()
			l.log.Warn("connections closed at once: "+over, "closed_since_last_report", n)
		}
		return nil, false
	}
	l.open++
	if key != "" {
		l.byAddr[key]++
	}
	l.mu.Unlock()
	return &guardedConn{Conn: c, l: l, key: key}, true
}

// warnDue reports whether kind may be logged now, and marks it logged.
func (l *guardedListener) warnDue(kind string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := time.Now()
	if now.Sub(l.warned[kind]) < logEvery {
		return false
	}
	l.warned[kind] = now
	return true
}

func (l *guardedListener) release(key string) {
	l.mu.Lock()
	l.open--
	if key != "" {
		if l.byAddr[key]--; l.byAddr[key] <= 0 {
			delete(l.byAddr, key)
		}
	}
	l.mu.Unlock()
}

// counts is the connections open in total and from key.
func (l *guardedListener) counts(key string) (int, int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.open, l.byAddr[key]
}

// guardedConn gives its place back when closed, once, however often it
// is closed (the web stack and a hijacked websocket may both close it).
type guardedConn struct {
	net.Conn
	l    *guardedListener
	key  string
	once sync.Once
}

// SyscallConn is the socket's own, for a phone's writes that must not
// wait (phone.writeNow); an error when the connection has none.
func (c *guardedConn) SyscallConn() (syscall.RawConn, error) {
	if sc, ok := c.Conn.(syscall.Conn); ok {
		return sc.SyscallConn()
	}
	return nil, errNoSocket
}

var errNoSocket = errors.New("the connection is not a socket")

func (c *guardedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(func() { c.l.release(c.key) })
	return err
}
