package roles

import (
	"bytes"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"periscope/games"
	"periscope/sonar"
)

// referenceRoomEvents is how Apply made the room's events before they
// were written by hand (roomEvents): data by reflection, each event its
// own slice and seat list. It is the reference TestRoomEventsAreMarshal
// holds roomEvents to.
func referenceRoomEvents(g *Game, evs []sonar.Event) []games.Event {
	out := make([]games.Event, len(evs))
	for i, e := range evs {
		bare := e
		bare.Text = ""
		data, _ := json.Marshal(bare)
		re := games.Event{Text: e.Text, Kind: string(e.Kind), Data: data}
		if e.To != nil {
			re.Seats = g.crewSeats(*e.To)
		}
		out[i] = re
	}
	return out
}

// sameRoomEvents fails unless got are want: the same text, kind, data
// byte for byte (none where there was none) and seats (nil for everyone).
func sameRoomEvents(t *testing.T, at int, got, want []games.Event) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("command %d: %d events, want %d", at, len(got), len(want))
	}
	for i := range got {
		g, w := got[i], want[i]
		if g.Text != w.Text || g.Kind != w.Kind || (g.Data == nil) != (w.Data == nil) || !bytes.Equal(g.Data, w.Data) ||
			(g.Seats == nil) != (w.Seats == nil) || !slices.Equal(g.Seats, w.Seats) || cap(g.Data) != len(g.Data) {
			t.Fatalf("command %d, event %d differs from encoding/json's\n got %q %q %s %v (cap %d)\nwant %q %q %s %v",
				at, i, g.Kind, g.Text, g.Data, g.Seats, cap(g.Data), w.Kind, w.Text, w.Data, w.Seats)
		}
	}
}

// TestRoomEventsAreMarshal plays whole bot matches (both modes, all five
// maps, tables of options that change what happens) and matches of random
// legal orders (what careful bots never do: sonar questions, rejected
// sections), and checks every event of every command: what Apply gives
// the room is what it gave when encoding/json wrote the data
// (referenceRoomEvents), byte for byte, with the same seats; and the
// engine's events keep their sentences.
func TestRoomEventsAreMarshal(t *testing.T) {
	tables := []string{
		`{"mode":"turnbased","map":"alpha"}`,
		`{"mode":"realtime","map":"alpha","radio":"cells"}`,
		`{"mode":"turnbased","map":"bravo","teaching":true,"trigger_is_system":true,"torpedo_range":"orthogonal"}`,
		`{"mode":"realtime","map":"bravo","surface_order":"sheet","damage_before_repair":true,"mine_adjacency":4}`,
		`{"mode":"turnbased","map":"charlie","trigger_own_turn":true,"blue_crew":2,"red_crew":3,"bot_level":"learner"}`,
		`{"mode":"realtime","map":"charlie","surface_order":"any","teaching":true,"bot_level":"veteran"}`,
		`{"mode":"turnbased","map":"delta","radio":"heat","bot_level":"veteran"}`,
		`{"mode":"realtime","map":"delta","inspection_rejections":3}`,
		`{"mode":"turnbased","map":"echo","teaching":true}`,
		`{"mode":"realtime","map":"echo","bot_level":"learner"}`,
	}
	seeds := 4
	if testing.Short() {
		seeds = 1
	}
	kinds := map[string]int{}
	commands, events, private := 0, 0, 0
	listen := func(g *Game) {
		g.heard = func(evs []sonar.Event, out []games.Event) {
			commands++
			texts := make([]string, len(evs))
			for i, e := range evs {
				texts[i] = e.Text
				kinds[string(e.Kind)]++
				if e.To != nil {
					private++
				}
			}
			events += len(evs)
			sameRoomEvents(t, commands, out, referenceRoomEvents(g, evs))
			for i, e := range evs {
				if e.Text != texts[i] {
					t.Fatalf("command %d: event %d's sentence became %q", commands, i, e.Text)
				}
			}
		}
	}
	for _, js := range tables {
		t.Run(js, func(t *testing.T) {
			for seed := range uint64(seeds) {
				g, err := New(botOptions(t, js), seed)
				if err != nil {
					t.Fatal(err)
				}
				listen(g)
				r := newBotRoomOf(t, g, seed)
				if !r.run(20000) {
					t.Fatalf("seed %d: the bots stopped after %d commands", seed, r.cmds)
				}
			}
		})
	}
	for _, js := range []string{`{"mode":"turnbased","map":"echo","teaching":true}`,
		`{"mode":"realtime","map":"charlie","radio":"heat"}`, `{"mode":"realtime","map":"delta","surface_order":"sheet"}`} {
		t.Run("random orders "+js, func(t *testing.T) {
			for seed := range uint64(seeds) {
				p := newPlayer(t, botOptions(t, js), seed+1)
				listen(p.g)
				p.play(600, func() {})
			}
		})
	}
	t.Logf("%d commands, %d events (%d to one crew), %d kinds: each as encoding/json wrote it", commands, events, private, len(kinds))
	// Every kind the rules announce was met, so each field was written.
	for _, k := range []sonar.Kind{sonar.KindStarted, sonar.KindDived, sonar.KindStartCell, sonar.KindTurn,
		sonar.KindCourse, sonar.KindSilence, sonar.KindSilentRun, sonar.KindCharge, sonar.KindReady, sonar.KindMark,
		sonar.KindRepair, sonar.KindOverload, sonar.KindDamage, sonar.KindMineDropped, sonar.KindMineLaid,
		sonar.KindTrigger, sonar.KindTorpedo, sonar.KindArcher, sonar.KindDrone, sonar.KindSonar,
		sonar.KindSonarAnswer, sonar.KindSurface, sonar.KindSecured, sonar.KindInspected, sonar.KindDestroyed,
		sonar.KindOver} {
		if kinds[string(k)] == 0 {
			t.Errorf("no event of kind %s: its data was not checked", k)
		}
	}
}

// newBotRoomOf is newBotRoom for a game made (and listened to) already:
// bots on every seat.
func newBotRoomOf(t testing.TB, g *Game, seed uint64) *botRoom {
	t.Helper()
	bot := make([]bool, len(g.seats))
	for i := range bot {
		bot[i] = true
	}
	r := &botRoom{t: t, g: g, bot: bot, now: time.Unix(1_700_000_000, 0).UTC()}
	r.apply(games.System, games.StartBody)
	return r
}
