package roles

import (
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"periscope/games"
)

// botRoom plays a match as the room runtime does: after every accepted
// command each bot seat is asked for its next order until none has one;
// then the clock jumps to the game's deadline and the room ticks.
type botRoom struct {
	t    testing.TB
	g    *Game
	bot  []bool
	now  time.Time
	log  []games.Command
	cmds int // commands applied
}

func newBotRoom(t testing.TB, o Options, seed uint64, bot []bool) *botRoom {
	t.Helper()
	g, err := New(o, seed)
	if err != nil {
		t.Fatal(err)
	}
	if bot == nil {
		bot = make([]bool, len(g.seats))
		for i := range bot {
			bot[i] = true
		}
	}
	r := &botRoom{t: t, g: g, bot: bot, now: time.Unix(1_700_000_000, 0).UTC()}
	r.apply(games.System, games.StartBody)
	return r
}

func (r *botRoom) apply(seat int, body json.RawMessage) {
	r.t.Helper()
	cmd := games.Command{Seat: seat, Body: body, Time: r.now}
	if _, err := r.g.Apply(cmd); err != nil {
		r.t.Fatalf("seat %d: %s refused: %v", seat, body, err)
	}
	r.log = append(r.log, cmd)
	r.cmds++
}

// settle lets the bots play until none has anything to do; every bot
// order must be accepted.
func (r *botRoom) settle(limit int) {
	r.t.Helper()
	for moved := true; moved && r.g.Outcome() == nil; {
		moved = false
		for seat, b := range r.bot {
			if !b || r.g.Outcome() != nil {
				continue
			}
			body, ok := r.g.BotCommand(seat)
			if !ok {
				continue
			}
			if r.cmds > limit {
				r.t.Fatalf("over %d commands without an end", limit)
			}
			r.apply(seat, body)
			moved = true
		}
	}
}

// run plays until the end, ticking at each deadline; false if the bots
// stop with no deadline ahead (stuck).
func (r *botRoom) run(limit int) bool {
	r.t.Helper()
	for r.g.Outcome() == nil {
		r.settle(limit)
		if r.g.Outcome() != nil {
			break
		}
		at, ok := r.g.Deadline()
		if !ok {
			return false
		}
		if at.After(r.now) {
			r.now = at
		}
		r.apply(games.System, games.TickBody)
	}
	return true
}

func botOptions(t testing.TB, js string) Options {
	t.Helper()
	o, err := ParseOptions([]byte(js))
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func TestEightBotsFinishInBothModes(t *testing.T) {
	for _, mode := range []string{"turnbased", "realtime"} {
		for _, m := range []string{"alpha", "bravo", "charlie", "echo"} {
			t.Run(mode+"/"+m, func(t *testing.T) {
				seeds := 6
				if testing.Short() {
					seeds = 2
				}
				for seed := range uint64(seeds) {
					r := newBotRoom(t, botOptions(t, fmt.Sprintf(`{"map":%q,"mode":%q}`, m, mode)), seed, nil)
					if !r.run(20000) {
						t.Fatalf("seed %d: stuck after %d commands:\n%+v", seed, r.cmds, r.g.view(0).Own)
					}
				}
			})
		}
	}
}
