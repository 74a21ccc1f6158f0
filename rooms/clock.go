package rooms

import (
	"sync"
	"time"
)

// Clock is the time source of rooms. Tests drive a ManualClock; the server
// runs on the wall clock.
type Clock interface {
	Now() time.Time
	// After returns a channel that receives once d has passed, and a
	// function that cancels it.
	After(d time.Duration) (<-chan time.Time, func())
}

// WallClock is the real clock.
type WallClock struct{}

// Now returns the current time.
func (WallClock) Now() time.Time { return time.Now() }

// After wraps time.NewTimer.
func (WallClock) After(d time.Duration) (<-chan time.Time, func()) {
	t := time.NewTimer(d)
	return t.C, func() { t.Stop() }
}

// ManualClock is a clock that moves only when told to. Timers fire when
// Advance or Set moves the time past them.
type ManualClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*manualTimer
}

type manualTimer struct {
	at time.Time
	c  chan time.Time
}

// NewManualClock returns a clock stopped at start.
func NewManualClock(start time.Time) *ManualClock {
	return &ManualClock{now: start}
}

// Now returns the clock's time.
func (m *ManualClock) Now() time.Time {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.now
}

// After registers a timer that fires when the clock reaches now+d.
func (m *ManualClock) After(d time.Duration) (<-chan time.Time, func()) {
	m.mu.Lock()
	defer m.mu.Unlock()
	t := &manualTimer{at: m.now.Add(d), c: make(chan time.Time, 1)}
	if d <= 0 {
		t.c <- m.now
		return t.c, func() {}
	}
	m.timers = append(m.timers, t)
	return t.c, func() {
		m.mu.Lock()
		defer m.mu.Unlock()
		for i, x := range m.timers {
			if x == t {
				m.timers = append(m.timers[:i], m.timers[i+1:]...)
				return
			}
		}
	}
}

// Advance moves the clock forward by d and fires the timers that are due.
func (m *ManualClock) Advance(d time.Duration) {
	m.mu.Lock()
	m.setLocked(m.now.Add(d))
	m.mu.Unlock()
}

// Set moves the clock to t (never backwards) and fires due timers.
func (m *ManualClock) Set(t time.Time) {
	m.mu.Lock()
	if t.After(m.now) {
		m.setLocked(t)
	}
	m.mu.Unlock()
}

func (m *ManualClock) setLocked(t time.Time) {
	m.now = t
	kept := m.timers[:0]
	for _, x := range m.timers {
		if !x.at.After(t) {
			x.c <- t
			continue
		}
		kept = append(kept, x)
	}
	m.timers = kept
}

// Pending reports how many timers wait to fire, so tests can tell when a
// room has armed its clock.
func (m *ManualClock) Pending() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.timers)
}
