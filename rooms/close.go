package rooms

// CloseRoom lets the host (token) close a room now rather than when the
// sweeper gets to it: a finished room leaves memory at once (its log,
// result and debrief stay in the store), a waiting room expires. A match
// in play is not closed: it ends by its rules, and its players' secrets
// and seats stay theirs until then. Every phone of the room is told why.
func (h *Hub) CloseRoom(code, token string) error {
	r, err := h.Get(code)
	if err != nil {
		return err
	}
	// The room goroutine stops right after evicting, so call may report
	// the room closed even though this very call closed it.
	closed := false
	err = r.call(func() error {
		seat, ok := r.seatOf(token)
		if !ok || !r.seats[seat].Host {
			return errorf(CodeForbidden, "only the host can close room %s", r.code).ruled(RuleHostOnly)
		}
		switch r.rec.State {
		case StateFinished:
			r.evict(errorf(CodeNotFound, "the host closed room %s: the match is over, its debrief stays in the history", r.code))
		case StateWaiting:
			if err := r.hub.store.Expire(r.code, r.hub.clock.Now()); err != nil {
				return r.internal("close room", err)
			}
			r.rec.State = StateExpired
			r.evict(errorf(CodeNotFound, "the host closed room %s before the match started", r.code))
		default:
			return errorf(CodeConflict, "the match in room %s is in play: the room can be closed once it is over", r.code)
		}
		closed = true
		return nil
	})
	if closed {
		return nil
	}
	return err
}
