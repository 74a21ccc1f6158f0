package rooms

// Phones joining: sessions, seats taken, hello, catch-up and each seat's view.

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"periscope/games"
)

// Connect opens a session for a phone. It holds no seat until the phone's
// hello; queue bounds its outbox (messages waiting for the transport).
func (r *Room) Connect(queue int) *Session { return r.ConnectFrom("", queue) }

// ConnectFrom is Connect for a phone at a network address (its IP, or
// whatever the transport counts clients by): one address may watch with
// at most Config.PerAddress phones and ask for one seat at a time, so a
// script on the Wi-Fi can neither fill a room's spectator places nor
// crowd out the claim of a player whose phone died. "" is not counted.
func (r *Room) ConnectFrom(addr string, queue int) *Session {
	if queue < 4 {
		queue = 4
	}
	return &Session{room: r, addr: addr, limit: queue, ready: make(chan struct{}, 1), lobby: make(chan []byte, 1), dropped: make(chan struct{}), seat: games.Spectator}
}

// Take gives a free seat to a player and returns the seat's secret token.
// The first player to take a seat becomes the host.
func (r *Room) Take(seat int, name string) (token string, err error) {
	name, err = cleanName(name)
	if err != nil {
		return "", err
	}
	err = r.call(func() error {
		if err := r.checkSeat(seat); err != nil {
			return err
		}
		switch r.rec.State {
		case StateFinished:
			return errorf(CodeConflict, "the match is over").ruled(RuleMatchOver)
		case StatePlaying:
			// A seat of a match in play holds secrets: it changes phones
			// only through a claim that its own side grants.
			return errorf(CodeConflict, "the match has started: a seat changes phones only when a player of its side lets you in (%s)", r.sideText(seat)).ruled(RuleMatchStarted)
		}
		if !r.free(seat) {
			return errorf(CodeConflict, "seat %d (%s) is taken", seat, r.specs[seat].Label)
		}
		if err := r.nameTaken(name, seat); err != nil {
			return err
		}
		token = newToken()
		rec := SeatRecord{Room: r.code, Seat: seat, Name: name, TokenHash: hashToken(token), Host: r.host() < 0}
		if err := r.hub.store.PutSeat(rec); err != nil {
			return r.internal("take seat", err)
		}
		r.seats[seat] = rec
		r.lobbyChanged()
		return nil
	})
	return token, err
}

// sideText names the seats of seat's side, for refusals that send a player
// to their own side: "Blue Captain, Blue First Mate".
func (r *Room) sideText(seat int) string {
	var labels []string
	for _, sp := range r.specs {
		if sp.Team == r.specs[seat].Team {
			labels = append(labels, sp.Label)
		}
	}
	return strings.Join(labels, ", ")
}

func (r *Room) checkSeat(seat int) error {
	if seat < 0 || seat >= len(r.seats) {
		return errorf(CodeNotFound, "room %s has no seat %d (seats are 0 to %d)", r.code, seat, len(r.seats)-1)
	}
	return nil
}

func (r *Room) free(seat int) bool {
	return len(r.seats[seat].TokenHash) == 0 && !r.seats[seat].Bot
}

func (r *Room) host() int {
	for i, s := range r.seats {
		if s.Host && len(s.TokenHash) > 0 {
			return i
		}
	}
	return -1
}

// seatOf finds the seat a token holds, comparing in constant time.
func (r *Room) seatOf(token string) (int, bool) {
	h := hashToken(token)
	found := -1
	for i, s := range r.seats {
		if sameHash(s.TokenHash, h) && found < 0 {
			found = i
		}
	}
	return found, found >= 0
}

// handle runs one decoded request of a session, on the room goroutine.
func (r *Room) handle(s *Session, req Request) {
	select {
	case <-s.dropped:
		return
	default:
	}
	switch {
	case req.T == TypePing:
		s.push(encode(Message{T: TypePong, V: r.public.Load(), ID: req.ID}))
		return
	case req.T == TypeHello:
		r.hello(s, req)
		return
	case !s.joined:
		s.push(r.errorFrame(req.ID, errorf(CodeBadRequest, "send hello first")))
		return
	case req.T == TypeClaim:
		r.reply(s, req.ID, r.claim(s, *req.Seat, req.Name, req.ID))
		return
	case s.seat == games.Spectator:
		s.push(r.errorFrame(req.ID, errorf(CodeForbidden, "spectators cannot play or host").ruled(RuleSpectator)))
		return
	}
	key := clientKey{s.seat, req.ID}
	if v, ok := r.seen[key]; ok {
		// The original version, so the phone can tell which update was its own.
		s.push(ackFrame(v, req.ID, true))
		return
	}
	var err error
	v := r.version
	switch req.T {
	case TypeCmd:
		v, err = r.commandOf(s, req.ID, req.Cmd)
	case TypeHost:
		err = r.hostAction(s, req)
		v = r.public.Load()
	case TypeGrant:
		err = r.grant(s, req.ID, req.Claim, *req.Allow)
		v = r.public.Load()
	}
	if err != nil {
		s.push(r.errorFrame(req.ID, err))
		return
	}
	r.seen[key] = v
	s.push(ackFrame(v, req.ID, false))
}

// commandOf plays a phone's command: its updates are queued for it
// unannounced, and the ack that handle queues next wakes its transport
// (Room.flush).
func (r *Room) commandOf(s *Session, id string, body json.RawMessage) (int64, error) {
	r.acting = s
	defer func() { r.acting = nil }()
	return r.command(s.seat, id, body)
}

// ackFrame is encode(Message{T: TypeAck, V: v, ID: id, Dup: dup}), written
// by hand for the ids phones send (TestAckFrameIsEncode): one a command.
func ackFrame(v int64, id string, dup bool) []byte {
	if id == "" {
		return encode(Message{T: TypeAck, V: v, Dup: dup})
	}
	for i := 0; i < len(id); i++ {
		// What encoding/json writes otherwise: escapes.
		if c := id[i]; c < 0x20 || c > 0x7e || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return encode(Message{T: TypeAck, V: v, ID: id, Dup: dup})
		}
	}
	b := make([]byte, 0, 48+len(id))
	b = append(b, `{"t":"`+TypeAck+`","v":`...)
	b = strconv.AppendInt(b, v, 10)
	b = append(b, `,"id":"`...)
	b = append(b, id...)
	b = append(b, '"')
	if dup {
		b = append(b, `,"dup":true`...)
	}
	return append(b, '}')
}

// reply acknowledges a request that changes no version, or refuses it.
func (r *Room) reply(s *Session, id string, err error) {
	if err != nil {
		s.push(r.errorFrame(id, err))
		return
	}
	s.push(encode(Message{T: TypeAck, V: r.public.Load(), ID: id}))
}

func (r *Room) hello(s *Session, req Request) {
	if s.joined {
		s.push(r.errorFrame(req.ID, errorf(CodeBadRequest, "hello was already said on this connection")))
		return
	}
	seat := games.Spectator
	if req.Token != "" {
		var ok bool
		if seat, ok = r.seatOf(req.Token); !ok {
			s.push(r.errorFrame(req.ID, errorf(CodeUnauthorized, "this seat token holds no seat in room %s (was the seat freed or moved to another phone?)", r.code)))
			return
		}
	}
	if err := r.placeFor(s, seat); err != nil {
		s.push(r.errorFrame(req.ID, err))
		return
	}
	s.joined = true
	r.join(s, seat, req.V)
}

// placeFor refuses s a place on seat past the room's bounds: the phones
// of one seat, the spectators of the room and those of one address.
func (r *Room) placeFor(s *Session, seat int) error {
	if seat != games.Spectator {
		if n := r.count(seat); n >= r.hub.perSeat {
			return errorf(CodeConflict, "seat %d (%s) is open on %d phones already: close one first", seat, r.specs[seat].Label, n)
		}
		return nil
	}
	if s.addr != "" {
		if n := r.fromAddr(s.addr); n >= r.hub.perAddress {
			return errorf(CodeConflict, "%d phones of this address already watch room %s, the most one address may open", n, r.code).ruled(RuleSpectatorsPerAddress)
		}
	}
	if n := r.count(seat); n >= r.hub.maxSpectators {
		return errorf(CodeConflict, "room %s has %d spectators already, the most it takes", r.code, n)
	}
	return nil
}

// join puts a session on seat and sends it the whole state: its welcome.
func (r *Room) join(s *Session, seat int, last *int64) {
	s.seat = seat
	v, view := r.catchUp(seat)
	r.sessions = append(r.sessions, s)
	r.publishLobby()
	if !s.push(r.welcome(seat, v, last, view)) {
		r.removeSession(s)
		return
	}
	r.lobbyChanged()
}

// fromAddr is the number of spectator sessions from addr.
func (r *Room) fromAddr(addr string) int {
	n := 0
	for _, x := range r.sessions {
		if x.addr == addr && x.seat == games.Spectator {
			n++
		}
	}
	return n
}

// count is the number of sessions on seat.
func (r *Room) count(seat int) int {
	n := 0
	for _, x := range r.sessions {
		if x.seat == seat {
			n++
		}
	}
	return n
}

// catchUp returns seat's view now, and the version a new phone of the
// seat is welcomed at, and makes them the base of the seat's next patch.
// Phones already on the seat first get what changed since their view, if
// anything, so every phone of a seat holds the same view.
//
// When the seat learnt nothing since its phones' version, the welcome
// stays at that version: a phone that reconnects in a loop must not see
// the version climb while another side acts in secret.
func (r *Room) catchUp(seat int) (int64, []byte) {
	view := r.view(seat)
	f := r.feeds[seat]
	if f == nil {
		f = &feed{}
		r.feeds[seat] = f
	}
	if f.raw != nil && bytes.Equal(f.raw, view) {
		if events, ok := r.hist.since(f.v, r.version, seat); ok && len(events) == 0 {
			return f.v, f.raw
		}
	}
	if r.count(seat) == 0 {
		f.reset(r.version, view)
		return r.version, view
	}
	// The seat's phones move to the current version (with what changed,
	// if anything), so that the next patch's base is one they all hold.
	if d := f.next(r.version, view); d.changed || f.v != r.version {
		if !d.changed {
			f.eventsSent(r.version)
		}
		frame := updateFrame(r.version, nil, d)
		for _, x := range r.sessions {
			if x.seat == seat {
				x.push(frame)
			}
		}
	}
	return r.version, view
}

// welcome is the full state a phone starts from: its seat, the lobby, its
// view, and the events it may see: since the version of its hello, or the
// whole match for a first visit.
func (r *Room) welcome(seat int, v int64, last *int64, view []byte) []byte {
	m := Message{T: TypeWelcome, V: v, Seat: &seat}
	l := r.Lobby()
	m.Room = &l
	from := int64(0)
	if last != nil {
		from = *last
	}
	// The seat saw nothing after v (catchUp), so the events up to the
	// room's version are the events up to v; a phone past v is from the
	// future.
	events, ok := r.hist.since(from, r.version, seat)
	if from > v {
		events, ok = nil, false
	}
	m.Events, m.Gap = events, !ok
	return encodeView(m, view)
}

func (r *Room) view(seat int) []byte {
	if r.game == nil {
		return nil
	}
	var b []byte
	var err error
	if a, ok := r.game.(games.ViewAppender); ok {
		// Into the feed's spare buffer, or one with room for the view the
		// seat was last sent, and some: a view grown by appending from
		// nothing is copied about ten times.
		var dst []byte
		if f := r.feeds[seat]; f != nil && len(f.raw) > 0 {
			if f.spare != nil {
				dst, f.spare = f.spare[:0], nil
			} else {
				dst = make([]byte, 0, len(f.raw)+len(f.raw)/8)
			}
		}
		b, err = a.AppendView(dst, seat)
	} else {
		b, err = json.Marshal(r.game.View(seat))
	}
	if err != nil {
		r.hub.log.Error("view does not marshal", "room", r.code, "seat", seat, "err", err)
		return nil
	}
	return b
}
