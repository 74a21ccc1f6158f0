//go:build !(linux || darwin)

package server

// RaiseFileLimit knows no file limit on this system: 0.
func RaiseFileLimit() (int, error) { return 0, nil }

func currentFileLimit() int { return 0 }
