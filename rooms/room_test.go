package rooms_test

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"periscope/games"
	"periscope/rooms"
	"periscope/rooms/roomstest"
)

func TestCodes(t *testing.T) {
	f := newFixture(t, nil)
	seen := make(map[string]bool)
	for range 300 {
		r, err := f.hub.Create("race", nil)
		if err != nil {
			t.Fatal(err)
		}
		code := r.Code()
		if len(code) != rooms.CodeLength || strings.Trim(code, rooms.CodeAlphabet) != "" {
			t.Fatalf("code %q uses letters outside %s", code, rooms.CodeAlphabet)
		}
		if seen[code] {
			t.Fatalf("code %q given twice", code)
		}
		seen[code] = true
	}
	for _, lookalike := range "01258BILOSZ" {
		if strings.ContainsRune(rooms.CodeAlphabet, lookalike) {
			t.Errorf("alphabet holds the look-alike %c", lookalike)
		}
	}
}

func TestNormalizeCode(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string
		ok   bool
	}{
		{"ACDEF", "ACDEF", true},
		{"acd-ef", "ACDEF", true},
		{" ac def ", "ACDEF", true},
		{"ACDE", "", false},
		{"ACDEFG", "", false},
		{"ABCDE", "", false}, // B is a look-alike, never drawn
		{"ÄCDEF", "", false},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, ok := rooms.NormalizeCode(tc.in)
			if got != tc.want || ok != tc.ok {
				t.Fatalf("NormalizeCode(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
			}
		})
	}
}

func TestGet(t *testing.T) {
	f := newFixture(t, nil)
	r, _ := f.room(t, "", 0)
	got, err := f.hub.Get(strings.ToLower(r.Code()))
	if err != nil || got != r {
		t.Fatalf("Get(lower case) = %v, %v", got, err)
	}
	if _, err := f.hub.Get("QQQQQ"); rooms.ErrorCode(err) != rooms.CodeNotFound {
		t.Fatalf("unknown code: %v", err)
	}
	if _, err := f.hub.Create("chess", nil); rooms.ErrorCode(err) != rooms.CodeNotFound {
		t.Fatalf("unknown game: %v", err)
	}
	if _, err := f.hub.Create("race", json.RawMessage(`{"seats":12}`)); rooms.ErrorCode(err) != rooms.CodeBadRequest || !strings.Contains(err.Error(), "1 to 8 seats") {
		t.Fatalf("bad options: %v", err)
	}
}

func TestSeatTokens(t *testing.T) {
	store := rooms.NewMemoryStore()
	f := newFixture(t, store)
	r, tokens := f.room(t, `{"seats":3}`, 2)

	raw, err := base64.RawURLEncoding.DecodeString(tokens[0])
	if err != nil || len(raw) < 16 {
		t.Fatalf("token %q: %d bytes, %v; want >= 16 bytes of base64url", tokens[0], len(raw), err)
	}
	if tokens[0] == tokens[1] {
		t.Fatal("two seats got the same token")
	}
	saved, err := store.Load(r.Code())
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range saved.Seats {
		sum := sha256.Sum256([]byte(tokens[i]))
		if !reflect.DeepEqual(s.TokenHash, sum[:]) {
			t.Errorf("seat %d: the store keeps %x, want the token's SHA-256", i, s.TokenHash)
		}
		if s.Host != (i == 0) {
			t.Errorf("seat %d host = %v; the first seat taken is the host", i, s.Host)
		}
	}

	for _, tc := range []struct {
		name  string
		seat  int
		pname string
		code  string
		text  string
	}{
		{"taken", 1, "Zoe", rooms.CodeConflict, "seat 1 (Runner 2) is taken"},
		{"no such seat", 7, "Zoe", rooms.CodeNotFound, "no seat 7"},
		{"negative seat", -1, "Zoe", rooms.CodeNotFound, "no seat -1"},
		{"empty name", 2, "  ", rooms.CodeBadRequest, "a name is needed"},
		{"long name", 2, strings.Repeat("x", 40), rooms.CodeBadRequest, "longer than"},
		{"only invisible characters", 2, "\u202e\u200b\x00", rooms.CodeBadRequest, "a name is needed"},
		{"long once cleaned", 2, strings.Repeat("\u00e9", 25), rooms.CodeBadRequest, "longer than"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := r.Take(tc.seat, tc.pname)
			if rooms.ErrorCode(err) != tc.code || !strings.Contains(rooms.ErrorMessage(err), tc.text) {
				t.Fatalf("Take(%d, %q) = %v; want %s %q", tc.seat, tc.pname, err, tc.code, tc.text)
			}
		})
	}

	t.Run("hello", func(t *testing.T) {
		p, m := connect(t, r, tokens[1], nil)
		if p.seat != 1 || m.Room == nil || m.Room.Code != r.Code() {
			t.Fatalf("welcome %+v", m)
		}
		for _, s := range m.Room.Seats {
			if s.Seat == 1 && (!s.Taken || s.Name != "P1" || !s.Online) {
				t.Errorf("lobby seat 1 = %+v", s)
			}
		}
		spec, m := connect(t, r, "", nil)
		if spec.seat != games.Spectator {
			t.Fatalf("no token: seat %d", spec.seat)
		}
	})
	t.Run("wrong token", func(t *testing.T) {
		p := r.Connect(8)
		defer p.Close()
		p.Receive([]byte(`{"t":"hello","token":"` + tokens[0] + `x"}`))
		var m rooms.Message
		json.Unmarshal(mustFrame(t, p), &m)
		mustError(t, m, rooms.CodeUnauthorized, "holds no seat in room "+r.Code())
	})
	t.Run("token of another room", func(t *testing.T) {
		other, otherTokens := f.room(t, "", 1)
		_ = other
		p := r.Connect(8)
		defer p.Close()
		p.Receive([]byte(`{"t":"hello","token":"` + otherTokens[0] + `"}`))
		var m rooms.Message
		json.Unmarshal(mustFrame(t, p), &m)
		mustError(t, m, rooms.CodeUnauthorized, "holds no seat")
	})
}

func TestHostActions(t *testing.T) {
	f := newFixture(t, nil)
	r, tokens := f.room(t, `{"seats":3}`, 2)
	host, _ := connect(t, r, tokens[0], nil)
	guest, _ := connect(t, r, tokens[1], nil)

	mustError(t, guest.host("g1", rooms.ActionStart), rooms.CodeForbidden, "only the host can start")
	mustError(t, host.host("h1", rooms.ActionStart), rooms.CodeConflict, "still empty: Runner 3")
	mustError(t, host.add("c1", 1), rooms.CodeConflict, "has not started")
	mustError(t, host.host("h2", rooms.ActionFree, "seat", 0), rooms.CodeConflict, "cannot free their own seat")
	mustError(t, host.host("h3", rooms.ActionFree, "seat", 2), rooms.CodeConflict, "already free")
	mustError(t, host.host("h4", rooms.ActionMove, "from", 1, "to", 0), rooms.CodeConflict, "is taken")
	mustError(t, host.host("h5", rooms.ActionBot, "seat", 9), rooms.CodeNotFound, "no seat 9")

	// Move the guest to seat 2: the guest's phone follows with a new welcome,
	// and the same token now holds seat 2.
	mustAck(t, host.host("h6", rooms.ActionMove, "from", 1, "to", 2))
	if m := guest.expect(rooms.TypeWelcome); *m.Seat != 2 {
		t.Fatalf("moved guest welcomed at seat %d", *m.Seat)
	}
	again, _ := connect(t, r, tokens[1], nil)
	if again.seat != 2 {
		t.Fatalf("token after move holds seat %d", again.seat)
	}
	l := r.Lobby()
	if l.Seats[1].Taken || !l.Seats[2].Taken || l.Seats[2].Name != "P1" {
		t.Fatalf("lobby after move: %+v", l.Seats)
	}

	// A bot in seat 1, then free seat 2: the guest is dropped and its token dies.
	mustAck(t, host.host("h7", rooms.ActionBot, "seat", 1))
	if l := r.Lobby(); !l.Seats[1].Bot {
		t.Fatalf("no bot in seat 1: %+v", l.Seats[1])
	}
	mustAck(t, host.host("h8", rooms.ActionFree, "seat", 2))
	select {
	case <-guest.s.Dropped():
	case <-time.After(2 * time.Second):
		t.Fatal("the freed seat's phone was not dropped")
	}
	p := r.Connect(8)
	defer p.Close()
	p.Receive([]byte(`{"t":"hello","token":"` + tokens[1] + `"}`))
	var m rooms.Message
	json.Unmarshal(mustFrame(t, p), &m)
	mustError(t, m, rooms.CodeUnauthorized, "")

	// Someone else takes seat 2 and the host starts; the bot plays its turns.
	tok, err := r.Take(2, "Late")
	if err != nil {
		t.Fatal(err)
	}
	late, _ := connect(t, r, tok, nil)
	mustAck(t, host.host("h9", rooms.ActionStart))
	if r.Lobby().State != rooms.StatePlaying {
		t.Fatalf("state %s after start", r.Lobby().State)
	}
	mustError(t, host.host("h10", rooms.ActionStart), rooms.CodeConflict, "already started")
	catchUp([]*phone{host, late}, r)
	if host.view.Turn == 1 {
		t.Fatal("the bot left its turn unplayed")
	}
	waiting := map[int]*phone{0: late, 2: host}[host.view.Turn]
	mustError(t, waiting.add("x", 1), rooms.CodeRefused, "it is Runner")
}

func TestStartAndVersions(t *testing.T) {
	store := rooms.NewMemoryStore()
	f := newFixture(t, store)
	r, tokens := f.room(t, "", 2)
	phones := started(t, r, tokens)
	first := phones[0].view.Turn
	if !phones[0].view.Started || r.Version() != 1 {
		t.Fatalf("after start: view %+v, version %d", phones[0].view, r.Version())
	}
	saved, _ := store.Load(r.Code())
	if len(saved.Commands) != 1 || saved.Commands[0].Seat != games.System || string(saved.Commands[0].Body) != `{"type":"start"}` || !saved.Commands[0].Time.Equal(epoch) {
		t.Fatalf("version 1 logged as %+v", saved.Commands)
	}
	if saved.Room.State != rooms.StatePlaying {
		t.Fatalf("stored state %s", saved.Room.State)
	}

	mover, other := phones[first], phones[1-first]
	mustError(t, other.add("early", 1), rooms.CodeRefused, "it is Runner")
	mustError(t, mover.add("big", 5), rooms.CodeRefused, "add 1 to 3, not 5")
	if r.Version() != 1 {
		t.Fatalf("refused commands moved the version to %d", r.Version())
	}
	ack := mover.add("m1", 3)
	mustAck(t, ack)
	if ack.V != 2 {
		t.Fatalf("ack v%d", ack.V)
	}
	u := other.expect(rooms.TypeUpdate)
	if u.V != 2 || len(u.Events) != 1 || u.Events[0].Kind != "move" || u.Events[0].V != 2 {
		t.Fatalf("the other seat got %+v; it must see the move but not the mover's total", u)
	}
	if other.view.Mine == nil || *other.view.Mine != 0 {
		t.Fatalf("other's view %+v", other.view)
	}
	last := mover.updates[len(mover.updates)-1]
	if len(last.Events) != 2 || last.Events[1].Text != "You added 3: your total is 3" {
		t.Fatalf("mover's events %+v", last.Events)
	}
}

func TestSpectatorSeesPublicView(t *testing.T) {
	f := newFixture(t, nil)
	r, tokens := f.room(t, "", 2)
	spec, _ := connect(t, r, "", nil)
	phones := started(t, r, tokens)
	spec.expect(rooms.TypeUpdate)
	mover := phones[phones[0].view.Turn]
	mustAck(t, mover.add("m", 2))
	u := spec.expect(rooms.TypeUpdate)
	if spec.view.Mine != nil || len(u.Events) != 1 {
		t.Fatalf("spectator got view %+v events %+v", spec.view, u.Events)
	}
	if !strings.Contains(string(u.View), `"moves":1`) || strings.Contains(string(u.View), "mine") {
		t.Fatalf("spectator view %s", u.View)
	}
	spec.send(map[string]any{"t": "cmd", "id": "s1", "cmd": map[string]any{"type": "add", "n": 1}})
	mustError(t, spec.next(), rooms.CodeForbidden, "spectators cannot play")
}

func TestDuplicateIDAppliedOnce(t *testing.T) {
	store := rooms.NewMemoryStore()
	f := newFixture(t, store)
	r, tokens := f.room(t, "", 2)
	phones := started(t, r, tokens)
	mover := phones[phones[0].view.Turn]
	first := mover.add("same", 1)
	mustAck(t, first)
	again := mover.add("same", 1)
	if again.T != rooms.TypeAck || !again.Dup || again.V != first.V {
		t.Fatalf("repeat got %+v, want a dup ack of v%d", again, first.V)
	}
	saved, _ := store.Load(r.Code())
	if len(saved.Commands) != 2 || r.Version() != 2 {
		t.Fatalf("repeat applied: %d log rows, version %d", len(saved.Commands), r.Version())
	}
	if saved.Commands[1].ClientID != "same" {
		t.Fatalf("client id not logged: %+v", saved.Commands[1])
	}
	// Ids are per seat: the other seat may use the same id.
	other := phones[1-mover.seat]
	mustAck(t, other.add("same", 1))
	if r.Version() != 3 {
		t.Fatalf("version %d", r.Version())
	}
}

func TestReconnect(t *testing.T) {
	f := newFixture(t, nil, func(c *rooms.Config) { c.History = 4 })
	r, tokens := f.room(t, `{"target":100}`, 2)
	phones := started(t, r, tokens)
	seq := 0
	move := func() {
		turn := phones[0].view.Turn
		seq++
		mustAck(t, phones[turn].add("m"+string(rune('a'+seq)), 1))
		phones[1-turn].expect(rooms.TypeUpdate)
	}
	move()
	move()
	v := r.Version() // 3
	move()
	move()
	for _, tc := range []struct {
		name   string
		last   *int64
		events int
		gap    bool
	}{
		{"up to date", ptr(r.Version()), 0, false},
		{"missed two", ptr(v), 2, false}, // two moves, each one public event
		{"fresh phone, longer match than the history", nil, 0, true},
		{"from the future", ptr(r.Version() + 5), 0, true},
		{"older than the history", ptr(int64(0)), 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, m := connect(t, r, tokens[0], tc.last)
			_ = p
			if m.V != r.Version() || m.Gap != tc.gap {
				t.Fatalf("welcome v%d gap %v; want v%d gap %v", m.V, m.Gap, r.Version(), tc.gap)
			}
			var own int
			for _, e := range m.Events {
				if e.V <= *ptrOr(tc.last, 0) {
					t.Fatalf("event of v%d replayed to a phone at v%d", e.V, *tc.last)
				}
				if e.Kind == "total" {
					own++
				}
			}
			if len(m.Events)-own != tc.events {
				t.Fatalf("got %d public events %+v, want %d", len(m.Events)-own, m.Events, tc.events)
			}
			if len(m.View) == 0 {
				t.Fatal("welcome without a view")
			}
		})
	}
}

func ptrOr(p *int64, d int64) *int64 {
	if p == nil {
		return &d
	}
	return p
}

func TestBots(t *testing.T) {
	f := newFixture(t, nil)
	r, tokens := f.room(t, `{"seats":3,"target":9}`, 1)
	host, _ := connect(t, r, tokens[0], nil)
	mustAck(t, host.host("b1", rooms.ActionBot, "seat", 1))
	mustAck(t, host.host("b2", rooms.ActionBot, "seat", 2))
	mustAck(t, host.host("go", rooms.ActionStart))
	// Whoever starts, the bots play until it is the human's turn.
	if host.view.Turn != 0 {
		t.Fatalf("bots left the turn at %d", host.view.Turn)
	}
	before := r.Version()
	mustAck(t, host.add("h1", 1))
	if host.view.Turn != 0 || r.Version() != before+3 {
		t.Fatalf("after the human's move: turn %d, version %d (want %d)", host.view.Turn, r.Version(), before+3)
	}
	mustError(t, host.do(map[string]any{"t": "cmd", "id": "x", "cmd": map[string]any{"type": "add", "n": 1}, "extra": 1}), rooms.CodeBadRequest, "unknown field")
	// Bots at 2 per move reach 9 first.
	for i := 0; r.Lobby().State == rooms.StatePlaying && i < 10; i++ {
		mustAck(t, host.add("h"+string(rune('2'+i)), 1))
	}
	l := r.Lobby()
	if l.State != rooms.StateFinished || l.Outcome == nil || l.Outcome.Winners[0] == 0 {
		t.Fatalf("lobby %+v", l)
	}
	mustError(t, host.add("late", 1), rooms.CodeConflict, "the match is over")
}

func TestBotLoopIsBounded(t *testing.T) {
	f := newFixture(t, nil, func(c *rooms.Config) { c.BotSteps = 50 })
	r, tokens := f.room(t, `{"seats":2,"hog":true}`, 1)
	host, _ := connect(t, r, tokens[0], nil)
	mustAck(t, host.host("b", rooms.ActionBot, "seat", 1))
	mustAck(t, host.host("s", rooms.ActionStart))
	if host.view.Turn == 0 {
		mustAck(t, host.add("h", 1))
	}
	// The hogging bot played up to the bound, then the room went back to
	// serving its phones.
	if v := r.Version(); v < 50 || v > 1+1+50 {
		t.Fatalf("version %d: the bot loop was not bounded at 50 steps", v)
	}
	host.send(map[string]any{"t": "ping", "id": "p"})
	for m := host.next(); m.T != rooms.TypePong; m = host.next() {
	}
}

func TestClockTicks(t *testing.T) {
	store := rooms.NewMemoryStore()
	f := newFixture(t, store)
	r, tokens := f.room(t, `{"clock":30}`, 2)
	phones := started(t, r, tokens)
	turn := phones[0].view.Turn
	waitFor(t, func() bool { return f.clock.Pending() == 1 })
	f.clock.Advance(29 * time.Second)
	phones[0].quiet()
	f.clock.Advance(time.Second)
	u := phones[0].expect(rooms.TypeUpdate)
	if u.V != 2 || len(u.Events) != 1 || u.Events[0].Kind != "timeout" || phones[0].view.Turn == turn {
		t.Fatalf("tick update %+v view %+v", u, phones[0].view)
	}
	saved, _ := store.Load(r.Code())
	if c := saved.Commands[1]; c.Seat != games.System || string(c.Body) != `{"type":"tick"}` || !c.Time.Equal(epoch.Add(30*time.Second)) {
		t.Fatalf("tick logged as %+v", c)
	}
}

func waitFor(t *testing.T, ok func() bool) {
	t.Helper()
	for deadline := time.Now().Add(2 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		if ok() {
			return
		}
	}
	t.Fatal("condition not met within 2s")
}

func TestDurableBeforeVisible(t *testing.T) {
	store := roomstest.NewFlakyStore()
	f := newFixture(t, store)
	r, tokens := f.room(t, "", 2)
	phones := started(t, r, tokens)
	mover := phones[phones[0].view.Turn]
	other := phones[1-mover.seat]
	mustAck(t, mover.add("ok", 2))
	other.expect(rooms.TypeUpdate)
	mover = phones[phones[0].view.Turn]
	other = phones[1-mover.seat]
	viewBefore := mover.view

	store.Broken.Store(true)
	mustError(t, mover.add("lost", 3), rooms.CodeInternal, "could not save")
	other.quiet()
	mover.quiet()
	if r.Version() != 2 {
		t.Fatalf("version %d after a failed write", r.Version())
	}
	// The state is as before: the same turn, the same totals.
	p, m := connect(t, r, tokens[mover.seat], nil)
	var v roomstest.RaceView
	json.Unmarshal(m.View, &v)
	if !reflect.DeepEqual(v, viewBefore) {
		t.Fatalf("view after a failed write %+v, before %+v", v, viewBefore)
	}
	_ = p
	store.Broken.Store(false)
	ack := mover.add("lost", 3)
	mustAck(t, ack)
	if ack.Dup || ack.V != 3 {
		t.Fatalf("retry after the store healed: %+v", ack)
	}
	if *mover.view.Mine != 3 {
		t.Fatalf("total %d after the retried 3", *mover.view.Mine)
	}
	// The other phone, which saw nothing of the failed write, gets the
	// retried version as a change from the view it holds (the phone's
	// read checks the update's base).
	if m := other.expect(rooms.TypeUpdate); m.V != 3 {
		t.Fatalf("the other phone's next update is v%d", m.V)
	}
}

// TestFramesWaitForTheCommit: the frames of a version are built while its
// log row commits, but no phone sees any of them, the mover's included,
// before the commit; then every phone gets its frame.
func TestFramesWaitForTheCommit(t *testing.T) {
	store := roomstest.NewFlakyStore()
	store.Gate = make(chan struct{})
	f := newFixture(t, store)
	r, tokens := f.room(t, "", 2)
	go func() {
		store.Gate <- struct{}{} // the start
	}()
	phones := started(t, r, tokens)
	mover := phones[phones[0].view.Turn]
	other := phones[1-mover.seat]
	mover.send(map[string]any{"t": "cmd", "id": "ok", "cmd": map[string]any{"type": "add", "n": 2}})
	other.quiet()
	mover.quiet()
	if r.Version() != 1 {
		t.Fatalf("version %d before the commit", r.Version())
	}
	store.Gate <- struct{}{}
	if m := mover.expect(rooms.TypeUpdate); m.V != 2 {
		t.Fatalf("the mover's update is v%d after the commit", m.V)
	}
	mustAck(t, mover.expect(rooms.TypeAck))
	if m := other.expect(rooms.TypeUpdate); m.V != 2 {
		t.Fatalf("the other phone's update is v%d after the commit", m.V)
	}
	if r.Version() != 2 {
		t.Fatalf("version %d after the commit", r.Version())
	}
}

func TestSlowPhoneIsDropped(t *testing.T) {
	f := newFixture(t, nil)
	r, tokens := f.room(t, `{"target":1000}`, 2)
	phones := started(t, r, tokens)
	stuck := r.Connect(4) // never read
	stuck.Receive([]byte(`{"t":"hello"}`))
	for i := range 20 {
		turn := phones[0].view.Turn
		mustAck(t, phones[turn].add("s"+string(rune('a'+i)), 1))
		phones[1-turn].expect(rooms.TypeUpdate)
	}
	select {
	case <-stuck.Dropped():
	case <-time.After(2 * time.Second):
		t.Fatal("a phone that never reads was kept")
	}
}

func TestResumeEqualsLive(t *testing.T) {
	store := rooms.NewMemoryStore()
	f := newFixture(t, store)
	r, tokens := f.room(t, `{"seats":3,"target":30}`, 2)
	host, _ := connect(t, r, tokens[0], nil)
	mustAck(t, host.host("b", rooms.ActionBot, "seat", 2))
	other, _ := connect(t, r, tokens[1], nil)
	mustAck(t, host.host("s", rooms.ActionStart))
	phones := []*phone{host, other}
	for i := range 6 {
		catchUp(phones, r)
		turn := phones[0].view.Turn
		mustAck(t, phones[turn].add("r"+string(rune('a'+i)), 1+i%3))
	}
	catchUp(phones, r)
	views := func(h *rooms.Hub) []json.RawMessage {
		rr, err := h.Get(r.Code())
		if err != nil {
			t.Fatal(err)
		}
		var out []json.RawMessage
		for _, tok := range append([]string{""}, tokens...) {
			_, m := connect(t, rr, tok, nil)
			out = append(out, m.View)
		}
		return out
	}
	live := views(f.hub)
	liveVersion := r.Version()
	f.hub.Close()

	f2 := newFixture(t, store)
	n, err := f2.hub.Resume()
	if err != nil || n != 1 {
		t.Fatalf("Resume = %d, %v", n, err)
	}
	r2, _ := f2.hub.Get(r.Code())
	if r2.Version() != liveVersion {
		t.Fatalf("resumed at v%d, live was v%d", r2.Version(), liveVersion)
	}
	if got := views(f2.hub); !reflect.DeepEqual(got, live) {
		t.Fatalf("resumed views differ:\n%s\nlive:\n%s", got, live)
	}
	// The host is still host, ids are still remembered, the bot still plays.
	p, _ := connect(t, r2, tokens[0], nil)
	if m := p.host("s", rooms.ActionStart); m.T != rooms.TypeError && !m.Dup {
		t.Fatalf("start again: %+v", m)
	}
	turn := p.view.Turn
	q, _ := connect(t, r2, tokens[1], nil)
	mover := map[int]*phone{0: p, 1: q}[turn]
	if m := mover.add("ra", 1); !m.Dup {
		t.Fatalf("an id logged before the restart was applied again: %+v", m)
	}
}

func TestResumeRefusesAChangedLog(t *testing.T) {
	store := rooms.NewMemoryStore()
	f := newFixture(t, store)
	r, tokens := f.room(t, "", 2)
	started(t, r, tokens)
	f.hub.Close()
	// A row the game refuses: a command from a seat out of turn, twice.
	for v := int64(2); v <= 3; v++ {
		store.AppendCommand(rooms.CommandRecord{Room: r.Code(), Version: v, Seat: 0, Body: json.RawMessage(`{"type":"add","n":1}`), Time: epoch})
	}
	f2 := newFixture(t, store)
	n, err := f2.hub.Resume()
	if err == nil || !strings.Contains(err.Error(), "refused on replay") || n != 0 {
		t.Fatalf("Resume = %d, %v; want the room reported", n, err)
	}
	if _, err := f2.hub.Get(r.Code()); err == nil {
		t.Fatal("a room whose log no longer replays is served")
	}
}

func TestReplay(t *testing.T) {
	f := newFixture(t, nil)
	r, tokens := f.room(t, `{"target":3}`, 2)
	phones := started(t, r, tokens)
	if _, err := f.hub.Replay(r.Code(), 1, 0); rooms.ErrorCode(err) != rooms.CodeForbidden {
		t.Fatalf("replay of a live match: %v", err)
	}
	for i := 0; r.Lobby().State == rooms.StatePlaying; i++ {
		turn := phones[0].view.Turn
		mustAck(t, phones[turn].add(fmt.Sprint("r", i), 2))
		phones[1-turn].next()
	}
	last := r.Version()
	for _, tc := range []struct {
		name string
		v    int64
		seat int
		code string
	}{
		{"start as spectator", 1, games.Spectator, ""},
		{"end as seat 0", last, 0, ""},
		{"before start", 0, 1, ""},
		{"past the end", last + 1, 0, rooms.CodeNotFound},
		{"no such seat", 1, 5, rooms.CodeNotFound},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := f.hub.Replay(r.Code(), tc.v, tc.seat)
			if tc.code != "" {
				if rooms.ErrorCode(err) != tc.code {
					t.Fatalf("err %v, want %s", err, tc.code)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var v roomstest.RaceView
			json.Unmarshal(s.View, &v)
			if s.Last != last || v.Started != (tc.v > 0) || (tc.seat == games.Spectator) != (v.Mine == nil) {
				t.Fatalf("snapshot %+v view %+v", s, v)
			}
			if tc.v == last && (v.Winner == nil || s.Outcome == nil) {
				t.Fatalf("last step shows no winner: %+v", s)
			}
		})
	}
}

func TestSameSeedSameMatch(t *testing.T) {
	// The seed drives the dice: same seed and log, same match.
	play := func(seed uint64) []any {
		g, _ := roomstest.NewRace(nil, seed)
		var views []any
		g.Apply(games.Command{Seat: games.System, Body: json.RawMessage(`{"type":"start"}`), Time: epoch})
		for i := 0; g.Outcome() == nil && i < 20; i++ {
			turn := g.View(games.Spectator).(roomstest.RaceView).Turn
			g.Apply(games.Command{Seat: turn, Body: json.RawMessage(`{"type":"add","n":3}`), Time: epoch})
			views = append(views, g.View(0), g.View(1))
		}
		return views
	}
	if !reflect.DeepEqual(play(7), play(7)) {
		t.Fatal("the same seed played two different matches")
	}
	starts := map[int]bool{}
	for seed := range uint64(40) {
		g, _ := roomstest.NewRace(nil, seed)
		g.Apply(games.Command{Seat: games.System, Body: json.RawMessage(`{"type":"start"}`), Time: epoch})
		starts[g.View(games.Spectator).(roomstest.RaceView).Turn] = true
	}
	if len(starts) != 2 {
		t.Fatalf("40 seeds always started the same runner: %v", starts)
	}
}

// catchUp reads every phone's messages up to the room's version.
func catchUp(phones []*phone, r *rooms.Room) {
	for _, p := range phones {
		for p.v < r.Version() {
			p.next()
		}
	}
}

func TestPanicInGameCode(t *testing.T) {
	f := newFixture(t, nil)
	r, tokens := f.room(t, `{"buggy":true}`, 2)
	phones := started(t, r, tokens)
	before := phones[0].view
	phones[0].send(map[string]any{"t": "cmd", "id": "boom", "cmd": map[string]any{"type": "panic"}})
	// The room lives on with the match as it was.
	p, m := connect(t, r, tokens[0], nil)
	var v roomstest.RaceView
	json.Unmarshal(m.View, &v)
	if !reflect.DeepEqual(v, before) || r.Version() != 1 {
		t.Fatalf("after a panic: v%d view %+v, before %+v", r.Version(), v, before)
	}
	turn := p.view.Turn
	q, _ := connect(t, r, tokens[1], nil)
	mustAck(t, map[int]*phone{0: p, 1: q}[turn].add("after", 1))
}

// A panic while the room builds the phones' views comes after the command
// went to the log: the room keeps it (the log holds it, a restart would
// replay it), acknowledges it when the phone asks again, and plays on.
func TestPanicInViewCodeKeepsTheLoggedCommand(t *testing.T) {
	f := newFixture(t, nil)
	r, tokens := f.room(t, `{}`, 2)
	phones := started(t, r, tokens)
	turn := phones[0].view.Turn
	roomstest.ViewPanics.Store(1)
	t.Cleanup(func() { roomstest.ViewPanics.Store(0) })
	phones[turn].send(map[string]any{"t": "cmd", "id": "shaky", "cmd": map[string]any{"type": "add", "n": 2}})
	for end := time.Now().Add(5 * time.Second); r.Version() != 2; time.Sleep(time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("v%d: the logged command is not the room's", r.Version())
		}
	}
	saved, err := f.store.Load(r.Code())
	if err != nil || len(saved.Commands) != 2 {
		t.Fatalf("the log holds %d commands (%v), want the start and the add", len(saved.Commands), err)
	}
	// The phone that sent it asks again: the same command, acknowledged
	// at its version, not applied twice.
	p, m := connect(t, r, tokens[turn], nil)
	var v roomstest.RaceView
	json.Unmarshal(m.View, &v)
	if *v.Mine != 2 || v.Moves != 1 {
		t.Fatalf("after the panic the view reads %+v, want the add of 2 in it", v)
	}
	if a := p.add("shaky", 2); a.T != rooms.TypeAck || a.V != 2 {
		t.Fatalf("the command sent again: %s v%d, want its ack at v2", a.T, a.V)
	}
	q, _ := connect(t, r, tokens[1-turn], nil)
	mustAck(t, q.add("next", 1))
	if r.Version() != 3 {
		t.Fatalf("v%d after the next command", r.Version())
	}
}
