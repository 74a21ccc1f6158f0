//go:build !unix

package server

import (
	"errors"
	"net"
	"syscall"
)

// rawOf is nil where writes that must not wait are not written: every
// write goes through the phone's writer goroutine.
func rawOf(net.Conn) syscall.RawConn { return nil }

func writeSome(syscall.RawConn, []byte) (int, error) {
	return 0, errors.New("no raw socket writes on this system")
}
