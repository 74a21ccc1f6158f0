//go:build race

package server_test

// raceEnabled is set when the tests run under the race detector, which
// makes every goroutine several times slower.
const raceEnabled = true
