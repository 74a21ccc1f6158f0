//go:build unix

package server

import (
	"fmt"
	"net"
	"syscall"
)

// rawOf is conn's socket, for writes that must not wait; nil when conn
// has none (a pipe in a test, a TLS layer).
func rawOf(conn net.Conn) syscall.RawConn {
	sc, ok := conn.(syscall.Conn)
	if !ok {
		return nil
	}
	raw, err := sc.SyscallConn()
	if err != nil {
		return nil
	}
	return raw
}

// writeSome writes as much of b as the socket takes now and returns how
// much that was: an error wrapping errSocketGone when the socket failed,
// another when it could not be written at all (closed, say). It never waits: the socket is non-blocking (the runtime's
// poller sets it so), and a full send buffer ends the write early without
// an error.
func writeSome(raw syscall.RawConn, b []byte) (int, error) {
	n := 0
	var werr error
	err := raw.Write(func(fd uintptr) bool {
		for n < len(b) {
			m, err := syscall.Write(int(fd), b[n:])
			switch {
			case err == syscall.EINTR:
				continue
			case err == syscall.EAGAIN:
				return true
			case err != nil:
				werr = fmt.Errorf("%w: %w", errSocketGone, err)
				return true
			case m <= 0:
				return true
			}
			n += m
		}
		return true // done: never wait for the poller
	})
	if err != nil {
		return n, err
	}
	return n, werr
}
