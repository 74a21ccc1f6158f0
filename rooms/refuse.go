package rooms

// Refuse answers the phone with an error frame for a frame the transport
// itself refuses (a binary frame): nothing reaches the room or the game,
// and the session stays open.
func (s *Session) Refuse(err error) {
	s.push(s.room.errorFrame("", err))
}
