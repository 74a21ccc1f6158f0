package rooms_test

import (
	"testing"

	"periscope/rooms"
)

func TestHostClosesARoom(t *testing.T) {
	t.Run("finished", func(t *testing.T) {
		f := newFixture(t, nil)
		r, tokens := f.room(t, `{"target":3}`, 2)
		phones := started(t, r, tokens)
		if err := f.hub.CloseRoom(r.Code(), tokens[0]); rooms.ErrorCode(err) != rooms.CodeConflict || rooms.ErrorMessage(err) == "" {
			t.Fatalf("closing a match in play: %v", err)
		}
		finishRace(t, r, phones)
		if err := f.hub.CloseRoom(r.Code(), tokens[1]); rooms.ErrorCode(err) != rooms.CodeForbidden || rooms.ErrorRule(err) != rooms.RuleHostOnly {
			t.Fatalf("a player who is not the host closes: %v (rule %q)", err, rooms.ErrorRule(err))
		}
		if err := f.hub.CloseRoom(r.Code(), tokens[0]); err != nil {
			t.Fatal(err)
		}
		<-r.Done()
		if _, err := f.hub.Get(r.Code()); rooms.ErrorCode(err) != rooms.CodeNotFound {
			t.Fatalf("the closed room is still served: %v", err)
		}
		// Its replay stays: the store keeps the match.
		if _, err := f.hub.Replay(r.Code(), 1, 0); err != nil {
			t.Fatalf("replay of a closed room: %v", err)
		}
		// Its phones were told why (after whatever the end sent them).
		for _, p := range phones {
			var m rooms.Message
			for i := 0; i < 10 && m.T != rooms.TypeError; i++ {
				m = p.next()
			}
			if m.Code != rooms.CodeNotFound || m.Message == "" {
				t.Errorf("phone %d heard %+v", p.seat, m)
			}
		}
	})
	t.Run("waiting", func(t *testing.T) {
		f := newFixture(t, nil)
		r, tokens := f.room(t, `{}`, 1)
		if err := f.hub.CloseRoom(r.Code(), tokens[0]); err != nil {
			t.Fatal(err)
		}
		<-r.Done()
		s, err := f.store.Load(r.Code())
		if err != nil || s.Room.State != rooms.StateExpired {
			t.Fatalf("closed waiting room: %+v, %v", s.Room, err)
		}
	})
}
