package rooms

import "periscope/games"

// history keeps the events of a room's versions, so a phone that
// reconnects gets exactly what it missed, and a new phone the whole log its
// seat may see. size bounds it (the last size versions); 0 keeps them all.
type history struct {
	size    int
	entries []historyEntry // consecutive versions, oldest first
}

type historyEntry struct {
	v      int64
	events []games.Event
}

func (h *history) push(v int64, events []games.Event) {
	h.entries = append(h.entries, historyEntry{v: v, events: events})
	// Trim in batches so pushing stays amortised O(1).
	if h.size > 0 && len(h.entries) >= 2*h.size {
		n := copy(h.entries, h.entries[len(h.entries)-h.size:])
		clear(h.entries[n:])
		h.entries = h.entries[:n]
	}
}

// since returns the events of versions after v visible to seat, with their
// versions. ok is false when the history no longer reaches back to v (or v
// is from the future): the phone then needs the full view alone.
func (h *history) since(v, current int64, seat int) (events []WireEvent, ok bool) {
	if v > current || v < 0 {
		return nil, false
	}
	if v == current {
		return nil, true
	}
	oldest := current - int64(len(h.entries)) // the history covers (oldest, current]
	if h.size > 0 && len(h.entries) > h.size {
		oldest = current - int64(h.size)
	}
	if v < oldest {
		return nil, false
	}
	start := len(h.entries) - int(current-v)
	for _, e := range h.entries[start:] {
		events = appendVisible(events, e.v, e.events, seat)
	}
	return events, true
}

func appendVisible(dst []WireEvent, v int64, events []games.Event, seat int) []WireEvent {
	for _, e := range events {
		if e.VisibleTo(seat) {
			dst = append(dst, WireEvent{V: v, Event: e})
		}
	}
	return dst
}

// public reports whether any of events is for everyone.
func public(events []games.Event) bool {
	for _, e := range events {
		if e.Seats == nil {
			return true
		}
	}
	return false
}
