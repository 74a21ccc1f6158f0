package rooms_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"periscope/games"
	"periscope/rooms"
	"periscope/rooms/roomstest"
)

// Four runners on two sides: seats 0 and 2 are one side, 1 and 3 the other.
const twoSides = `{"seats":4,"teams":2,"target":1000}`

func TestEnemySeatTakeoverIsRefused(t *testing.T) {
	f := newFixture(t, nil)
	r, tokens := f.room(t, twoSides, 4)
	phones := started(t, r, tokens)
	host := phones[0]

	for _, m := range []rooms.Message{
		host.host("free", rooms.ActionFree, "seat", 1),
		host.host("move", rooms.ActionMove, "from", 1, "to", 2),
		host.host("move-self", rooms.ActionMove, "from", 0, "to", 1),
		host.host("bot", rooms.ActionBot, "seat", 3),
	} {
		mustError(t, m, rooms.CodeForbidden, "only seats of their own side")
		if m.Rule != rooms.RuleOtherSide {
			t.Fatalf("refusal %q names rule %q, want %s", m.Message, m.Rule, rooms.RuleOtherSide)
		}
	}
	if _, err := r.Take(1, "Mallory"); rooms.ErrorCode(err) != rooms.CodeConflict || rooms.ErrorRule(err) != rooms.RuleMatchStarted || !strings.Contains(err.Error(), "has started") {
		t.Fatalf("Take of an enemy seat mid-match = %v (rule %q)", err, rooms.ErrorRule(err))
	}

	// A second phone of the host claims the enemy seat; the host cannot
	// grant it: only the enemy side may.
	spy, _ := connect(t, r, "", nil)
	mustAck(t, spy.do(map[string]any{"t": "claim", "id": "c", "seat": 1, "name": "Mallory"}))
	claims := r.Lobby().Claims
	if len(claims) != 1 || claims[0].Seat != 1 || claims[0].Name != "Mallory" {
		t.Fatalf("lobby claims %+v", claims)
	}
	m := host.do(map[string]any{"t": "grant", "id": "g", "claim": claims[0].ID, "allow": true})
	mustError(t, m, rooms.CodeForbidden, "only a player of the side")
	if m.Rule != rooms.RuleOtherSide {
		t.Fatalf("the other side's grant names rule %q", m.Rule)
	}

	// Nothing changed: the enemy still holds the seat with its token, and
	// the spy is still a spectator that never saw a private total.
	if p, m := connect(t, r, tokens[1], nil); p.seat != 1 || m.T != rooms.TypeWelcome {
		t.Fatalf("the enemy's token no longer works: %+v", m)
	}
	spy.quiet()
	if spy.seat != games.Spectator || spy.view.Mine != nil {
		t.Fatalf("the spy sits in %d with view %+v", spy.seat, spy.view)
	}
}

func TestClaimGrantedByTheSideMovesTheSeat(t *testing.T) {
	f := newFixture(t, nil)
	r, tokens := f.room(t, twoSides, 4)
	phones := started(t, r, tokens)
	old := phones[2]

	newPhone, _ := connect(t, r, "", nil)
	mustAck(t, newPhone.do(map[string]any{"t": "claim", "id": "c", "seat": 2, "name": "P2 again"}))
	mustError(t, newPhone.do(map[string]any{"t": "claim", "id": "c2", "seat": 3}), rooms.CodeConflict, "already asked")
	id := r.Lobby().Claims[0].ID

	// The claimed seat's side-mate lets the phone in.
	mustAck(t, phones[0].do(map[string]any{"t": "grant", "id": "g", "claim": id, "allow": true}))
	seatMsg := newPhone.expect(rooms.TypeSeat)
	if seatMsg.Seat == nil || *seatMsg.Seat != 2 || seatMsg.Token == "" || seatMsg.Token == tokens[2] {
		t.Fatalf("seat message %+v", seatMsg)
	}
	w := newPhone.expect(rooms.TypeWelcome)
	if *w.Seat != 2 || newPhone.view.Mine == nil {
		t.Fatalf("the new phone's welcome %+v view %+v", w, newPhone.view)
	}
	mustError(t, old.next(), rooms.CodeUnauthorized, "moved to another phone: P0 let it in")
	if len(r.Lobby().Claims) != 0 || r.Lobby().Seats[2].Name != "P2 again" {
		t.Fatalf("lobby after the grant %+v", r.Lobby())
	}
	// The old token is dead, the new one holds the seat.
	dead := r.Connect(8)
	dead.Receive([]byte(`{"t":"hello","token":"` + tokens[2] + `"}`))
	var m rooms.Message
	json.Unmarshal(mustFrame(t, dead), &m)
	mustError(t, m, rooms.CodeUnauthorized, "holds no seat")
	if p, _ := connect(t, r, seatMsg.Token, nil); p.seat != 2 {
		t.Fatalf("the new token opens seat %d", p.seat)
	}

	// The same person's other phone: the seat's own phone lets it in, and
	// is told so by its own name.
	other, _ := connect(t, r, "", nil)
	mustAck(t, other.do(map[string]any{"t": "claim", "id": "c3", "seat": 3, "name": "P3 tablet"}))
	mustAck(t, phones[3].do(map[string]any{"t": "grant", "id": "g3", "claim": r.Lobby().Claims[0].ID, "allow": true}))
	mustError(t, phones[3].next(), rooms.CodeUnauthorized, "moved to another phone: P3 let it in")
	other.expect(rooms.TypeSeat)
	if w := other.expect(rooms.TypeWelcome); *w.Seat != 3 {
		t.Fatalf("the other phone welcomed in seat %d", *w.Seat)
	}
}

func TestClaimRefusedAndLimits(t *testing.T) {
	f := newFixture(t, nil)
	r, tokens := f.room(t, twoSides, 4)

	early, _ := connect(t, r, "", nil)
	mustError(t, early.do(map[string]any{"t": "claim", "id": "c", "seat": 1}), rooms.CodeConflict, "take a free seat from the lobby")

	phones := started(t, r, tokens)
	mustError(t, phones[1].do(map[string]any{"t": "claim", "id": "c", "seat": 3}), rooms.CodeConflict, "already plays seat 1")
	mustAck(t, early.do(map[string]any{"t": "claim", "id": "c2", "seat": 1, "name": "Eve"}))
	id := r.Lobby().Claims[0].ID
	mustAck(t, phones[3].do(map[string]any{"t": "grant", "id": "g", "claim": id, "allow": false}))
	mustError(t, early.next(), rooms.CodeForbidden, "did not let this phone take seat 1")
	if len(r.Lobby().Claims) != 0 {
		t.Fatalf("claims left %+v", r.Lobby().Claims)
	}
	mustError(t, phones[3].do(map[string]any{"t": "grant", "id": "g2", "claim": id, "allow": true}), rooms.CodeNotFound, "no claim")
	// A refused phone does not put its request back over the side's pages
	// at once.
	mustError(t, early.do(map[string]any{"t": "claim", "id": "c4", "seat": 1, "name": "Eve"}), rooms.CodeConflict, "refused this phone's last claim: ask again in 60 s")
	f.clock.Advance(59*time.Second + time.Millisecond)
	mustError(t, early.do(map[string]any{"t": "claim", "id": "c5", "seat": 1, "name": "Eve"}), rooms.CodeConflict, "ask again in 1 s")
	f.clock.Advance(time.Second)
	mustAck(t, early.do(map[string]any{"t": "claim", "id": "c6", "seat": 1, "name": "Eve"}))
	early.s.Close()
	waitFor(t, func() bool { return len(r.Lobby().Claims) == 0 })

	// A phone that leaves takes its claim with it.
	gone, _ := connect(t, r, "", nil)
	mustAck(t, gone.do(map[string]any{"t": "claim", "id": "c3", "seat": 1, "name": "Gone"}))
	gone.s.Close()
	waitFor(t, func() bool { return len(r.Lobby().Claims) == 0 })
}

func TestRefusalCarriesTheRule(t *testing.T) {
	f := newFixture(t, nil)
	r, tokens := f.room(t, "", 2)
	phones := started(t, r, tokens)
	turn := phones[0].view.Turn
	m := phones[turn].add("x", 9)
	mustError(t, m, rooms.CodeRefused, "add 1 to 3")
	if m.Rule != "add_range" {
		t.Fatalf("refusal rule %q, want add_range", m.Rule)
	}
	if r.Version() != 1 {
		t.Fatalf("a refused command moved the room to v%d", r.Version())
	}
}

// TestRuntimeRefusalsNameTheirRule: what the room itself refuses of a
// command carries a rule code too, the same a game uses for that rule.
func TestRuntimeRefusalsNameTheirRule(t *testing.T) {
	f := newFixture(t, nil)
	r, tokens := f.room(t, `{"seats":2,"target":3}`, 2)
	early, _ := connect(t, r, tokens[0], nil)
	watcher, _ := connect(t, r, "", nil)
	check := func(m rooms.Message, code, rule string) {
		t.Helper()
		mustError(t, m, code, "")
		if m.Rule != rule {
			t.Fatalf("%q names rule %q, want %s", m.Message, m.Rule, rule)
		}
	}
	check(early.add("a", 1), rooms.CodeConflict, rooms.RuleNotStarted)
	check(watcher.add("b", 1), rooms.CodeForbidden, rooms.RuleSpectator)
	second, _ := connect(t, r, tokens[1], nil)
	for _, m := range []rooms.Message{
		second.host("guest-start", rooms.ActionStart),
		second.host("guest-free", rooms.ActionFree, "seat", 0),
		second.host("guest-move", rooms.ActionMove, "from", 1, "to", 0),
		second.host("guest-bot", rooms.ActionBot, "seat", 0),
	} {
		check(m, rooms.CodeForbidden, rooms.RuleHostOnly)
	}
	mustAck(t, early.host("start", rooms.ActionStart))
	phones := []*phone{early, second}
	for i := 0; r.Lobby().State != rooms.StateFinished && i < 10; i++ {
		for _, p := range phones {
			for {
				if _, ok := p.read(20 * time.Millisecond); !ok {
					break
				}
			}
		}
		phones[early.view.Turn].add(fmt.Sprint("m", i), 3) // the target: the race ends
	}
	check(phones[1].add("late", 1), rooms.CodeConflict, rooms.RuleMatchOver)
	check(phones[0].host("late-bot", rooms.ActionBot, "seat", 1), rooms.CodeConflict, rooms.RuleMatchOver)
}

func TestNothingNewWakesNoPhone(t *testing.T) {
	f := newFixture(t, nil)
	// Padded views, so that updates are patches with a base.
	r, tokens := f.room(t, `{"seats":4,"teams":2,"target":1000,"pad":300}`, 4)
	phones := started(t, r, tokens)
	watcher, _ := connect(t, r, "", nil)

	mustAck(t, phones[1].do(map[string]any{"t": "cmd", "id": "n", "cmd": map[string]any{"type": "note"}}))
	u := phones[1].updates[len(phones[1].updates)-1]
	if u.V != 2 || len(u.Patch) == 0 || len(u.View) != 0 || phones[1].view.Notes != 1 {
		t.Fatalf("the noting seat's update %+v view %+v", u, phones[1].view)
	}
	// Every other phone, the other side and the side-mate and the
	// spectator alike, hears nothing at all of a private note.
	for i, p := range []*phone{phones[0], phones[2], phones[3], watcher} {
		if m, ok := p.read(50 * time.Millisecond); ok && m.T != rooms.TypeRoom {
			t.Fatalf("phone %d was woken by another seat's private note: %+v", i, m)
		}
	}
	// The next public move reaches them, patched from the view they hold:
	// version 1's, since version 2 was sent to none of them.
	turn := phones[0].view.Turn
	mustAck(t, phones[turn].add("m", 2))
	for _, p := range []*phone{phones[0], phones[2], phones[3], watcher} {
		var m rooms.Message
		if p == phones[turn] {
			m = p.updates[len(p.updates)-1] // read while waiting for the ack
		} else {
			m = p.expect(rooms.TypeUpdate)
		}
		if m.V != 3 || m.Base == nil || *m.Base != 1 || len(m.Patch) == 0 {
			t.Fatalf("update after a silent version: %+v", m)
		}
	}
}

// TestPatchedViewsMatchFreshViews plays whole bot matches and checks that
// every phone's view, kept from patches alone, equals what a new phone is
// welcomed with.
func TestPatchedViewsMatchFreshViews(t *testing.T) {
	f := newFixture(t, nil)
	// The appender race writes each view into the buffer of an earlier
	// one (the room's spare), which must never be a view a phone's next
	// patch is made against.
	for _, opts := range []string{`{"seats":3,"target":15}`, `{"seats":3,"target":15,"appender":true,"pad":300,"churn":true}`,
		twoSides[:len(twoSides)-len(`,"target":1000}`)] + `,"target":12}`} {
		r, tokens := f.room(t, opts, 1)
		mustAck(t, func() rooms.Message {
			host, _ := connect(t, r, tokens[0], nil)
			for s := 1; s < len(r.Lobby().Seats); s++ {
				mustAck(t, host.host("b"+string(rune('0'+s)), rooms.ActionBot, "seat", s))
			}
			watcher, _ := connect(t, r, "", nil)
			mustAck(t, host.host("start", rooms.ActionStart))
			for r.Lobby().State != rooms.StateFinished {
				if host.view.Turn == 0 && host.view.Started {
					host.add("h"+time.Now().Format("150405.000000000"), 3)
				}
				host.read(10 * time.Millisecond)
			}
			for {
				if _, ok := watcher.read(20 * time.Millisecond); !ok {
					break
				}
			}
			for {
				if _, ok := host.read(20 * time.Millisecond); !ok {
					break
				}
			}
			for _, p := range []*phone{host, watcher} {
				_, w := connect(t, r, map[bool]string{true: tokens[0], false: ""}[p == host], nil)
				if string(w.View) != string(p.raw) {
					t.Fatalf("seat %d: view from patches\n%s\nfresh view\n%s", p.seat, p.raw, w.View)
				}
			}
			return rooms.Message{T: rooms.TypeAck}
		}())
	}
}

func TestCrowdLimits(t *testing.T) {
	f := newFixture(t, nil, func(c *rooms.Config) { c.MaxSpectators = 3; c.PerSeat = 2 })
	r, tokens := f.room(t, "", 1)
	for range 3 {
		connect(t, r, "", nil)
	}
	s := r.Connect(8)
	s.Receive([]byte(`{"t":"hello"}`))
	var m rooms.Message
	json.Unmarshal(mustFrame(t, s), &m)
	mustError(t, m, rooms.CodeConflict, "3 spectators already")
	connect(t, r, tokens[0], nil)
	connect(t, r, tokens[0], nil)
	s = r.Connect(8)
	s.Receive([]byte(`{"t":"hello","token":"` + tokens[0] + `"}`))
	json.Unmarshal(mustFrame(t, s), &m)
	mustError(t, m, rooms.CodeConflict, "open on 2 phones already")
}

// TestSpectatorStampedeNeverDropsAPlayer: hundreds of phones joining and
// leaving send every player a lobby frame each time; with a small queue
// that once dropped players. Lobby frames are coalesced into one slot.
func TestSpectatorStampedeNeverDropsAPlayer(t *testing.T) {
	f := newFixture(t, nil, func(c *rooms.Config) { c.MaxSpectators = 1000 })
	r, tokens := f.room(t, "", 2)
	player := r.Connect(4) // the smallest queue a session may have
	player.Receive([]byte(`{"t":"hello","token":"` + tokens[0] + `"}`))
	mustFrame(t, player) // welcome
	var crowd []*rooms.Session
	for range 600 {
		s := r.Connect(4)
		s.Receive([]byte(`{"t":"hello"}`))
		crowd = append(crowd, s)
	}
	for _, s := range crowd {
		s.Close()
	}
	waitFor(t, func() bool { return r.Lobby().Spectators == 0 })
	select {
	case <-player.Dropped():
		t.Fatal("the stampede dropped a player")
	default:
	}
	// The player is told of the crowd by the newest lobby frame only.
	deadline := time.After(2 * time.Second)
	for {
		select {
		case b := <-player.LobbyFrames():
			var m rooms.Message
			json.Unmarshal(b, &m)
			if m.T == rooms.TypeRoom && m.Room.Spectators == 0 {
				return
			}
			t.Logf("lobby frame: %d spectators", m.Room.Spectators)
		case <-deadline:
			t.Fatal("no lobby frame with the crowd gone")
		}
	}
}

func TestNamesAreCleaned(t *testing.T) {
	f := newFixture(t, nil)
	for _, tc := range []struct {
		name, shown, refusal string
	}{
		{"  Ann\u202e \u200b\tLee\x07 ", "Ann Lee", ""},
		{"\u2066Bob\u2069\u200f", "Bob", ""},
		{"Zoë 🚢", "Zoë 🚢", ""},
		// Issue 22: a zero-width space is removed, not made a space; a
		// zero-width joiner and other format characters are removed; a
		// decomposed letter is stored composed (NFC).
		{"A\u200Bna", "Ana", ""},
		{"Ana\u200D", "Ana", ""},
		{"\u00ADAna\uFEFF\u2060", "Ana", ""},
		{"Zoe\u0308", "Zo\u00EB", ""},
		{strings.Repeat("é", rooms.MaxName), strings.Repeat("é", rooms.MaxName), ""},
		{strings.Repeat("é", rooms.MaxName+1), "", "longer than 24 characters"},
		{"\u202e\u200b \x00", "", "a name is needed"},
		{"", "", "a name is needed"},
		{"Ann\xff", "", "not valid UTF-8"},
	} {
		r, _ := f.room(t, "", 0)
		_, err := r.Take(0, tc.name)
		if tc.refusal != "" {
			if rooms.ErrorCode(err) != rooms.CodeBadRequest || !strings.Contains(err.Error(), tc.refusal) || r.Lobby().Seats[0].Taken {
				t.Errorf("Take(%q) = %v; want bad_request %q and a free seat", tc.name, err, tc.refusal)
			}
			continue
		}
		if err != nil {
			t.Errorf("Take(%q) = %v", tc.name, err)
		} else if got := r.Lobby().Seats[0].Name; got != tc.shown {
			t.Errorf("%q shown as %q, want %q", tc.name, got, tc.shown)
		}
	}
}

// TestLookAlikeNamesAreRefused: once a player sits as "Ana", no other seat
// takes a name that shows the same (case, invisible characters and Unicode
// forms set aside), neither from the lobby nor through a claim.
func TestLookAlikeNamesAreRefused(t *testing.T) {
	f := newFixture(t, nil)
	r, _ := f.room(t, `{"seats":3}`, 0)
	if _, err := r.Take(0, "Zoë"); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"Zoë", "ZOË", "zoë\u200D", "Zo\u200Bë", "Zoe\u0308", "\u202EZoë"} {
		if _, err := r.Take(1, name); rooms.ErrorCode(err) != rooms.CodeConflict || rooms.ErrorRule(err) != rooms.RuleNameTaken || r.Lobby().Seats[1].Taken {
			t.Errorf("Take(1, %q) = %v; want conflict %s and a free seat", name, err, rooms.RuleNameTaken)
		}
	}
	if _, err := r.Take(1, "Zoe"); err != nil {
		t.Fatalf("a name that differs (no diaeresis): %v", err)
	}

	// A claim cannot pass for another player of the table either; the
	// claimed seat's own name is the claimant's to keep.
	r, tokens := f.room(t, twoSides, 4)
	started(t, r, tokens)
	spy, _ := connect(t, r, "", nil)
	m := spy.do(map[string]any{"t": "claim", "id": "c", "seat": 1, "name": "p0\u200b"})
	mustError(t, m, rooms.CodeConflict, "P0 (seat 0")
	if m.Rule != rooms.RuleNameTaken || len(r.Lobby().Claims) != 0 {
		t.Fatalf("a look-alike claim names rule %q; claims %+v", m.Rule, r.Lobby().Claims)
	}
	mustAck(t, spy.do(map[string]any{"t": "claim", "id": "c2", "seat": 1, "name": "p1"}))
}

func TestFailedSeatWriteChangesNothing(t *testing.T) {
	store := roomstest.NewFlakyStore()
	f := newFixture(t, store)
	r, tokens := f.room(t, `{"seats":3}`, 2)
	host, _ := connect(t, r, tokens[0], nil)
	store.Broken.Store(true)
	mustError(t, host.host("m", rooms.ActionMove, "from", 1, "to", 2), rooms.CodeInternal, "could not save")
	store.Broken.Store(false)
	l := r.Lobby()
	if !l.Seats[1].Taken || l.Seats[2].Taken {
		t.Fatalf("a failed move left seats %+v", l.Seats)
	}
	saved, _ := store.Load(r.Code())
	for _, s := range saved.Seats {
		if s.Seat == 2 && len(s.TokenHash) > 0 {
			t.Fatal("the store holds the player in two seats")
		}
	}
}

func TestFinishedRoomsLeaveMemory(t *testing.T) {
	f := newFixture(t, nil)
	r, tokens := f.room(t, `{"seats":2,"target":3}`, 1)
	host, _ := connect(t, r, tokens[0], nil)
	mustAck(t, host.host("b", rooms.ActionBot, "seat", 1))
	mustAck(t, host.host("s", rooms.ActionStart))
	for r.Lobby().State != rooms.StateFinished {
		if host.view.Turn == 0 {
			host.add("a"+time.Now().Format("150405.000000000"), 3)
		}
		host.read(10 * time.Millisecond)
	}
	live := f.hub.Live()
	f.clock.Advance(11 * time.Minute)
	f.hub.Sweep()
	if f.hub.Live() != live {
		t.Fatal("a finished room with a phone still open left memory after 11 minutes")
	}
	host.s.Close()
	f.hub.Sweep()
	if f.hub.Live() != live-1 {
		t.Fatalf("%d rooms live after the sweep, want %d", f.hub.Live(), live-1)
	}
	if _, err := f.hub.Get(r.Code()); err == nil {
		t.Fatal("the evicted room is still served")
	}
	if saved, err := f.store.Load(r.Code()); err != nil || saved.Room.State != rooms.StateFinished || len(saved.Commands) == 0 {
		t.Fatalf("the finished match is not kept in the store: %v %+v", err, saved.Room)
	}
	select {
	case <-r.Done():
	case <-time.After(time.Second):
		t.Fatal("the evicted room's goroutine still runs")
	}
}

func TestWaitingRoomsExpire(t *testing.T) {
	store := rooms.NewMemoryStore()
	f := newFixture(t, store)
	empty, _ := f.room(t, "", 0)
	joined, _ := f.room(t, "", 1)
	if e := empty.Lobby().Expires; e == nil || !e.Equal(epoch.Add(30*time.Minute)) {
		t.Fatalf("an empty room expires at %v", e)
	}
	if e := joined.Lobby().Expires; e == nil || !e.Equal(epoch.Add(12*time.Hour)) {
		t.Fatalf("a room with a player expires at %v, want after a night: 12 hours", e)
	}
	watcher, _ := connect(t, empty, "", nil)
	f.clock.Advance(31 * time.Minute)
	f.hub.Sweep()
	mustError(t, watcher.next(), rooms.CodeNotFound, "expired")
	if _, err := f.hub.Get(empty.Code()); err == nil {
		t.Fatal("the expired room is still served")
	}
	if _, err := f.hub.Get(joined.Code()); err != nil {
		t.Fatal("a room with a player expired")
	}
	// A restart does not bring it back.
	f.hub.Close()
	sameClock := func(c *rooms.Config) { c.Clock = f.clock }
	h2 := newFixture(t, store, sameClock).hub
	if n, err := h2.Resume(); err != nil || n != 1 {
		t.Fatalf("resumed %d rooms (%v), want only the one with a player", n, err)
	}
	// Its players never started it: the next morning it is gone too, and
	// not resumed by the next restart.
	abandoned, err := h2.Get(joined.Code())
	if err != nil {
		t.Fatal(err)
	}
	player, _ := connect(t, abandoned, "", nil)
	f.clock.Advance(12 * time.Hour)
	h2.Sweep()
	mustError(t, player.next(), rooms.CodeNotFound, "its match never started")
	if saved, _ := store.Load(joined.Code()); saved.Room.State != rooms.StateExpired {
		t.Fatalf("the abandoned room is %s in the store", saved.Room.State)
	}
	if n, err := newFixture(t, store, sameClock).hub.Resume(); err != nil || n != 0 {
		t.Fatalf("resumed %d rooms (%v), want none", n, err)
	}
}

// TestSecondPhoneOfASeatAfterSilentVersions: a seat's first phone holds an
// old version (later ones told the seat nothing); a second phone joins at
// the current one; the next patch must suit both.
func TestSecondPhoneOfASeatAfterSilentVersions(t *testing.T) {
	f := newFixture(t, nil)
	r, tokens := f.room(t, `{"seats":4,"teams":2,"target":1000,"pad":300}`, 4)
	phones := started(t, r, tokens)
	mustAck(t, phones[1].do(map[string]any{"t": "cmd", "id": "n", "cmd": map[string]any{"type": "note"}}))
	// Seat 0 learnt nothing from v2: its new phone is welcomed at v1, as
	// the first phone holds it, and the first phone is not woken.
	second, w := connect(t, r, tokens[0], nil)
	if w.V != 1 {
		t.Fatalf("second phone welcomed at v%d", w.V)
	}
	phones[0].quiet()
	turn := phones[0].view.Turn
	mustAck(t, phones[turn].add("m", 2))
	for _, p := range []*phone{phones[0], second} {
		var u rooms.Message
		if p == phones[turn] {
			u = p.updates[len(p.updates)-1]
		} else {
			u = p.expect(rooms.TypeUpdate)
		}
		if u.V != 3 || u.Base == nil || *u.Base != 1 {
			t.Fatalf("update after the second phone joined: %+v", u)
		}
	}
	// A third phone after the seat's own private note: welcomed at the
	// note's version, the other two caught up to it first.
	mustAck(t, second.do(map[string]any{"t": "cmd", "id": "n2", "cmd": map[string]any{"type": "note"}}))
	phones[0].expect(rooms.TypeUpdate)
	if _, w := connect(t, r, tokens[0], nil); w.V != 4 {
		t.Fatalf("third phone welcomed at v%d, want v4", w.V)
	}
}

// TestSecretOrdersMoveNoVersionAPhoneCanPoll: while one side gives private
// orders, nothing another phone can ask for at will (a pong, a refusal,
// the lobby, a fresh welcome) shows the room's version move; the next
// public move shows it to everyone.
func TestSecretOrdersMoveNoVersionAPhoneCanPoll(t *testing.T) {
	f := newFixture(t, nil)
	r, tokens := f.room(t, twoSides, 4)
	phones := started(t, r, tokens)
	enemy := phones[1]
	for i := range 3 {
		mustAck(t, phones[0].do(map[string]any{"t": "cmd", "id": fmt.Sprint("n", i), "cmd": map[string]any{"type": "note"}}))
	}
	if r.Version() != 4 {
		t.Fatalf("the notes took the room to v%d, want v4", r.Version())
	}
	probe := func(p *phone, frame any) rooms.Message {
		t.Helper()
		p.send(frame)
		return p.next()
	}
	if m := probe(enemy, map[string]any{"t": "ping", "id": "p"}); m.T != rooms.TypePong || m.V != 1 {
		t.Fatalf("the enemy's pong %+v, want v1", m)
	}
	if m := probe(enemy, map[string]any{"t": "cmd", "id": "x", "cmd": map[string]any{"type": "add", "n": 9}}); m.T != rooms.TypeError || m.V != 1 || m.Rule == "" {
		t.Fatalf("the enemy's refusal %+v, want v1", m)
	}
	if m := probe(enemy, map[string]any{"t": "cmd", "id": 7}); m.T != rooms.TypeError || m.V != 1 {
		t.Fatalf("a malformed frame's refusal %+v, want v1", m)
	}
	stranger := &phone{t: t, s: r.Connect(8)}
	t.Cleanup(stranger.s.Close)
	if m := probe(stranger, map[string]any{"t": "ping"}); m.V != 1 {
		t.Fatalf("a pong before hello %+v, want v1", m)
	}
	if l := r.Lobby(); l.Version != 1 {
		t.Fatalf("the lobby shows v%d, want v1", l.Version)
	}
	for range 2 { // a spectator reconnecting in a loop
		w, m := connect(t, r, "", nil)
		if m.V != 1 || m.Gap || m.Room.Version != 1 {
			t.Fatalf("a spectator's welcome at v%d (gap %v, lobby v%d), want v1", m.V, m.Gap, m.Room.Version)
		}
		w.s.Close()
	}
	if _, m := connect(t, r, tokens[3], nil); m.V != 1 {
		t.Fatalf("a second phone of the other side welcomed at v%d, want v1", m.V)
	}
	// The noting side's own new phone is welcomed at its own version.
	if _, m := connect(t, r, tokens[0], nil); m.V != 4 || phones[0].view.Notes != 3 {
		t.Fatalf("the noting seat's second phone welcomed at v%d", m.V)
	}

	turn := phones[0].view.Turn
	mustAck(t, phones[turn].add("m", 2))
	if l := r.Lobby(); l.Version != 5 {
		t.Fatalf("after a public move the lobby shows v%d, want v5", l.Version)
	}
	m := enemy.updates[len(enemy.updates)-1] // the mover read its update with its ack
	if phones[turn] != enemy {
		m = enemy.expect(rooms.TypeUpdate)
	}
	if m.V != 5 || (m.Base != nil && *m.Base != 1) {
		t.Fatalf("the enemy's update after the public move %+v", m)
	}
}

// TestGrantToAPhoneThatCannotHearIt: the asking phone stopped reading
// before the answer; letting it in would kill the seat's token and hand
// the new one to nobody. The grant is refused and the seat stays.
func TestGrantToAPhoneThatCannotHearIt(t *testing.T) {
	f := newFixture(t, nil)
	r, tokens := f.room(t, twoSides, 4)
	phones := started(t, r, tokens)
	asker := r.Connect(4)
	t.Cleanup(asker.Close)
	for _, frame := range []string{`{"t":"hello"}`, `{"t":"claim","id":"c","seat":2,"name":"New"}`, `{"t":"ping"}`, `{"t":"ping"}`} {
		asker.Receive([]byte(frame))
	}
	waitFor(t, func() bool { return asker.Queued() == 4 }) // full: it reads nothing
	id := r.Lobby().Claims[0].ID
	mustError(t, phones[0].do(map[string]any{"t": "grant", "id": "g", "claim": id, "allow": true}), rooms.CodeNotFound, "no longer connected")
	if len(r.Lobby().Claims) != 0 {
		t.Fatalf("the claim of a deaf phone stays: %+v", r.Lobby().Claims)
	}
	select {
	case <-asker.Dropped():
	case <-time.After(time.Second):
		t.Fatal("the deaf phone was not let go")
	}
	if p, _ := connect(t, r, tokens[2], nil); p.seat != 2 {
		t.Fatal("the seat's own token no longer opens it")
	}
}

// TestOneAddressCannotCrowdARoom: a script on the Wi-Fi opens phones from
// one address: it gets a few spectator places, not the room's, and one
// claim at a time, so the claim of a player whose phone died still fits.
func TestOneAddressCannotCrowdARoom(t *testing.T) {
	f := newFixture(t, nil, func(c *rooms.Config) { c.PerAddress = 3 })
	r, tokens := f.room(t, twoSides, 4)
	phones := started(t, r, tokens)
	from := func(addr string, frames ...string) (*phone, rooms.Message) {
		t.Helper()
		p := &phone{t: t, s: r.ConnectFrom(addr, 64)}
		t.Cleanup(p.s.Close)
		var m rooms.Message
		for _, fr := range frames {
			p.s.Receive([]byte(fr))
			m = p.next()
		}
		return p, m
	}
	const script, player = "192.168.1.66", "192.168.1.20"
	var crowd []*phone
	for range 3 {
		p, m := from(script, `{"t":"hello"}`)
		if m.T != rooms.TypeWelcome {
			t.Fatalf("a spectator of the script's address: %+v", m)
		}
		crowd = append(crowd, p)
	}
	_, m := from(script, `{"t":"hello"}`)
	mustError(t, m, rooms.CodeConflict, "3 phones of this address already watch")
	if m.Rule != rooms.RuleSpectatorsPerAddress {
		t.Fatalf("the address's fourth spectator is refused with rule %q", m.Rule)
	}
	// Seats of the same address are the players' own: not counted.
	if _, m := from(script, `{"t":"hello","token":"`+tokens[1]+`"}`); m.T != rooms.TypeWelcome {
		t.Fatalf("a seated phone was counted as a spectator: %+v", m)
	}

	mustAck(t, crowd[0].do(map[string]any{"t": "claim", "id": "c1", "seat": 0, "name": "Ann"}))
	mustError(t, crowd[1].do(map[string]any{"t": "claim", "id": "c2", "seat": 2, "name": "Ann"}), rooms.CodeConflict, "one claim at a time per address")
	_, m = from(player, `{"t":"hello"}`, `{"t":"claim","id":"c3","seat":3,"name":"Bea"}`)
	mustAck(t, m)
	if n := len(r.Lobby().Claims); n != 2 {
		t.Fatalf("%d claims wait, want the script's one and the player's", n)
	}
	// Refused, the script's address waits a minute, whichever phone asks.
	var scripted string
	for _, c := range r.Lobby().Claims {
		if c.Name == "Ann" {
			scripted = c.ID
		}
	}
	mustAck(t, phones[0].do(map[string]any{"t": "grant", "id": "no", "claim": scripted, "allow": false}))
	mustError(t, crowd[1].do(map[string]any{"t": "claim", "id": "c4", "seat": 2, "name": "Ann"}), rooms.CodeConflict, "refused this address's last claim: ask again in 60 s")
	// Leaving frees the address's place.
	crowd[2].s.Close()
	waitFor(t, func() bool { return r.Lobby().Spectators == 3 })
	if _, m := from(script, `{"t":"hello"}`); m.T != rooms.TypeWelcome {
		t.Fatalf("after one left, the address could not watch: %+v", m)
	}
}
