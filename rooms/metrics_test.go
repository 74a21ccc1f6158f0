package rooms_test

import (
	"testing"

	"periscope/rooms"
)

// The counters a host's /metrics reads: committed commands (the start
// included), refusals by code, one commit timing per command, rooms by
// state.
func TestCounters(t *testing.T) {
	f := newFixture(t, nil)
	r, tokens := f.room(t, "", 2)
	f.room(t, "", 0) // a second room, still waiting
	c := f.hub.Counters()
	if c.Commands != 0 || c.Rooms[rooms.StateWaiting] != 2 || c.Rooms[rooms.StatePlaying] != 0 {
		t.Fatalf("before any play: %+v", c)
	}
	phones := started(t, r, tokens)
	mover, other := phones[phones[0].view.Turn], phones[1-phones[0].view.Turn]
	mustError(t, other.add("early", 1), rooms.CodeRefused, "it is Runner")
	mustError(t, mover.add("big", 5), rooms.CodeRefused, "add 1 to 3, not 5")
	mustAck(t, mover.add("m1", 3))
	mustError(t, other.do(map[string]any{"t": "cmd", "id": "x"}), rooms.CodeBadRequest, "") // no command

	c = f.hub.Counters()
	if c.Commands != 2 {
		t.Errorf("commands = %d, want 2 (the start and one move)", c.Commands)
	}
	if c.Refusals[rooms.CodeRefused] != 2 || c.Refusals[rooms.CodeBadRequest] != 1 {
		t.Errorf("refusals = %v, want 2 refused by the rules and 1 bad request", c.Refusals)
	}
	if c.Rooms[rooms.StatePlaying] != 1 || c.Rooms[rooms.StateWaiting] != 1 {
		t.Errorf("rooms = %v, want one playing and one waiting", c.Rooms)
	}
	if c.Commit.Count != 2 || c.Commit.Sum <= 0 {
		t.Errorf("commit timings: %d, sum %s; want one per command", c.Commit.Count, c.Commit.Sum)
	}
	cum := c.Commit.Cumulative()
	if len(cum) != len(rooms.CommitBuckets) || cum[len(cum)-1] > c.Commit.Count {
		t.Errorf("cumulative buckets %v for %d timings", cum, c.Commit.Count)
	}
	for i := 1; i < len(cum); i++ {
		if cum[i] < cum[i-1] {
			t.Fatalf("buckets not cumulative: %v", cum)
		}
	}
}
