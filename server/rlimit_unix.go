//go:build linux || darwin

package server

import "syscall"

// RaiseFileLimit raises the process's soft limit on open files to its hard
// limit (every connection is a file) and returns the limit in force.
// The Go runtime does the same at start on most systems; doing it here
// says what the limit is, and covers a runtime that did not.
func RaiseFileLimit() (int, error) {
	var lim syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
		return 0, err
	}
	if lim.Cur < lim.Max {
		want := lim
		want.Cur = want.Max
		if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &want); err == nil {
			lim = want
		} else if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim); err != nil {
			return 0, err
		}
	}
	return int(min(lim.Cur, 1<<30)), nil
}

// currentFileLimit is the soft limit on open files now, 0 if unknown.
func currentFileLimit() int {
	var lim syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim) != nil {
		return 0
	}
	return int(min(lim.Cur, 1<<30))
}
