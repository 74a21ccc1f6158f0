package rooms

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"periscope/games"
)

var (
	errClosed = errorf(CodeUnavailable, "the room is closed: the server is restarting, reconnect in a moment")
	errSaving = errorf(CodeInternal, "the server could not save that; nothing changed, try again")
)

// MaxName is the longest player name, in characters.
const MaxName = 24

// maxClaims bounds the claims waiting in one room: a script cannot fill a
// side's phones with requests.
const maxClaims = 8

// claimPause is how long a phone (and its address) whose claim was refused
// waits before asking again: a script cannot keep a request over a side's
// game pages.
const claimPause = time.Minute

// Room is one match and everyone connected to it. A single goroutine owns
// all of its state; other goroutines talk to it through its inbox.
type Room struct {
	hub   *Hub
	def   games.Definition
	code  string
	inbox chan func()
	quit  chan struct{}
	done  chan struct{}

	lobby atomic.Pointer[Lobby]
	ver   atomic.Int64
	// public is the version of the match's latest public event (all of it
	// once the match is over): the version a phone is told outside its own
	// updates (lobby, pong, errors). The room's own version would tell a
	// phone that polls when another side acts in secret.
	public atomic.Int64

	// Owned by the room goroutine.
	rec      RoomRecord
	game     games.Game
	specs    []games.SeatSpec
	seats    []SeatRecord // index = seat; a free seat has no TokenHash and no Bot
	log      []CommandRecord
	hist     history
	version  int64
	seen     map[clientKey]int64 // (seat, client id) -> version it produced
	sessions []*Session
	feeds    map[int]*feed // per seat (and games.Spectator): the view its phones hold
	claims   []*claim
	refused  map[string]time.Time // address -> when a claim from it was last refused
	broken   error                // set when the match could not be rebuilt: it takes no more commands
	timer    <-chan time.Time
	stop     func()
	armed    time.Time
	// lastPhone is when a seated phone was last seen (abandon.go).
	lastPhone time.Time
	reclaim   reclaimState // reclaim.go

	// Lobby frames are coalesced: at most one per Config.LobbyEvery, so a
	// crowd coming and going costs every phone one frame, not one each.
	lobbyDirty bool
	lobbySent  time.Time
	lobbyTimer <-chan time.Time
	lobbyStop  func()

	closeOnce sync.Once
	evicted   bool // the room goroutine stops after the current step
}

// claim is a phone asking for a seat of a match in play.
type claim struct {
	id   string
	seat int
	name string
	by   *Session
}

type clientKey struct {
	seat int
	id   string
}

// Code is the room's join code.
func (r *Room) Code() string { return r.code }

// Version is the room's current version: the length of its log. Phones
// are never told it outside their own updates (see Room.public).
func (r *Room) Version() int64 { return r.ver.Load() }

// Lobby returns the room's public state. Its version is the public one.
func (r *Room) Lobby() Lobby {
	l := *r.lobby.Load()
	l.Version = r.public.Load()
	return l
}

// Done is closed once the room goroutine has stopped.
func (r *Room) Done() <-chan struct{} { return r.done }

// newRoom builds a room around a game whose log r.log already holds.
func newRoom(h *Hub, def games.Definition, rec RoomRecord, game games.Game, seats []SeatRecord) *Room {
	r := &Room{
		hub:   h,
		def:   def,
		code:  rec.Code,
		inbox: make(chan func(), 64),
		quit:  make(chan struct{}),
		done:  make(chan struct{}),
		rec:   rec,
		game:  game,
		specs: game.Seats(),
		seen:  make(map[clientKey]int64),
		hist:  history{size: h.history},
		feeds: make(map[int]*feed),

		lastPhone: h.clock.Now(),
		reclaim:   reclaimState{since: h.clock.Now()},
	}
	r.seats = make([]SeatRecord, len(r.specs))
	for i := range r.seats {
		r.seats[i] = SeatRecord{Room: rec.Code, Seat: i}
	}
	for _, s := range seats {
		if s.Seat >= 0 && s.Seat < len(r.seats) {
			r.seats[s.Seat] = s
		}
	}
	r.publishLobby()
	return r
}

// run is the room goroutine.
func (r *Room) run() {
	defer close(r.done)
	r.settle()
	// A resumed match may have a deadline ahead (bots' pace, an
	// inspection) with no phone back yet to wake the room.
	r.arm()
	for {
		select {
		case f := <-r.inbox:
			r.guard(f)
			r.arm()
		case <-r.timer:
			r.timer = nil
			r.armed = time.Time{}
			r.guard(r.tick)
			r.arm()
		case <-r.lobbyTimer:
			r.lobbyTimer, r.lobbyStop = nil, nil
			r.flushLobby()
		case <-r.quit:
			r.shutdown(errClosed)
			return
		}
		if r.evicted {
			return
		}
		if r.lobbyDirty && r.lobbyTimer == nil {
			r.scheduleLobby()
		}
	}
}

// close stops the room goroutine; safe to call more than once.
func (r *Room) close() { r.closeOnce.Do(func() { close(r.quit) }) }

// guard runs f and survives a panic in game code: one buggy rule must not
// take every room of the server down. The match is rebuilt from its log,
// which holds only commands that completed.
func (r *Room) guard(f func()) {
	defer func() {
		p := recover()
		if p == nil {
			return
		}
		r.hub.log.Error("panic in the room; rebuilding the match from its log", "room", r.code, "panic", p, "stack", string(debug.Stack()))
		r.rebuild()
	}()
	f()
}

// rebuild replaces the game by a replay of the log, after a failed write
// or a panic left it in doubt. If even that fails the room stops taking
// commands.
func (r *Room) rebuild() {
	defer func() {
		if p := recover(); p != nil {
			r.broken = fmt.Errorf("replay panicked: %v", p)
			r.hub.log.Error("rebuild panicked: the room takes no more commands", "room", r.code, "panic", p)
		}
	}()
	g, err := replay(r.def, r.rec, r.log, nil)
	if err != nil {
		r.broken = err
		r.hub.log.Error("rebuild failed: the room takes no more commands", "room", r.code, "err", err)
		return
	}
	r.game = g
}

// do runs f on the room goroutine. It returns false when the room is closed.
func (r *Room) do(f func()) bool {
	select {
	case <-r.quit:
		return false
	default:
	}
	select {
	case r.inbox <- f:
		return true
	case <-r.quit:
		return false
	}
}

// call runs f on the room goroutine and waits for it.
func (r *Room) call(f func() error) error {
	res := make(chan error, 1)
	if !r.do(func() { res <- f() }) {
		return errClosed
	}
	select {
	case err := <-res:
		return err
	case <-r.done:
		return errClosed
	}
}

// shutdown tells every phone why the room is going and lets go of them.
func (r *Room) shutdown(why error) {
	if r.stop != nil {
		r.stop()
	}
	if r.lobbyStop != nil {
		r.lobbyStop()
	}
	// Not a refusal of anything a phone sent: errorFrame would count it.
	frame := encode(Message{T: TypeError, V: r.public.Load(), Code: ErrorCode(why), Rule: ErrorRule(why), Message: ErrorMessage(why)})
	for _, s := range r.sessions {
		s.push(frame)
		s.drop()
	}
	r.sessions = nil
}

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
	return &Session{room: r, addr: addr, out: make(chan []byte, queue), lobby: make(chan []byte, 1), dropped: make(chan struct{}), seat: games.Spectator}
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
		s.push(encode(Message{T: TypeAck, V: v, ID: req.ID, Dup: true}))
		return
	}
	var err error
	v := r.version
	switch req.T {
	case TypeCmd:
		v, err = r.command(s.seat, req.ID, req.Cmd)
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
	s.push(encode(Message{T: TypeAck, V: v, ID: req.ID}))
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
	if d := f.next(r.version, view, nil); d.changed || f.v != r.version {
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

// command applies a player's command while the match is playing, then
// lets the bots answer. It returns the version the command produced.
func (r *Room) command(seat int, id string, body json.RawMessage) (int64, error) {
	switch r.rec.State {
	case StateWaiting:
		return 0, errorf(CodeConflict, "the match has not started yet").ruled(RuleNotStarted)
	case StateFinished:
		return 0, errorf(CodeConflict, "the match is over").ruled(RuleMatchOver)
	}
	if r.bot(seat) {
		return 0, errorf(CodeForbidden, "a bot plays seat %d", seat).ruled(RuleBotSeat)
	}
	if err := r.apply(seat, id, body); err != nil {
		return 0, err
	}
	v := r.version
	r.settle()
	return v, nil
}

func (r *Room) bot(seat int) bool { return seat >= 0 && seat < len(r.seats) && r.seats[seat].Bot }

// apply runs one command through the game, logs it and shows it: the
// heart of the room. Nobody sees a command's effects before its log row is
// committed; when the store fails the game is rebuilt from the log, so a
// refused or unsaved command leaves nothing behind.
func (r *Room) apply(seat int, id string, body json.RawMessage) error {
	if r.broken != nil {
		return r.internal("apply", r.broken)
	}
	// The game takes the command as a replay of its log row will give it
	// (rec.Command: a bot's command is the one without a client id).
	rec := CommandRecord{Room: r.code, Version: r.version + 1, Seat: seat, ClientID: id, Body: body, Time: r.hub.clock.Now()}
	events, err := r.game.Apply(rec.Command())
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			return err
		}
		return &Error{Code: CodeRefused, Rule: games.RuleOf(err), Message: err.Error(), Err: err}
	}
	rec.Body = append(json.RawMessage(nil), body...)
	// The log row commits while the seats' frames are built (the commit
	// waits on SQLite, the frames on the CPU); the frames go out only once
	// the row is committed, each as soon as both are done.
	saved := make(chan error, 1)
	go r.save(rec, saved)
	out := newUpdate(rec, events, saved, len(r.sessions))
	crash := r.prepare(&out)
	if err := out.wait(r); err != nil {
		r.restore(out)
		r.hub.log.Error("log write failed; rebuilding the match from its log", "room", r.code, "version", rec.Version, "err", err)
		r.rebuild()
		return &Error{Code: CodeInternal, Message: errSaving.Message, Err: err}
	}
	if crash != nil {
		// The game panicked building a view, but the row is committed
		// (and in the room's log, see wait): the seats not yet sent their
		// frame get their feeds back, and the guard rebuilds the match.
		r.restore(out)
		r.dropFull(out)
		panic(crash)
	}
	r.flush(&out)
	r.dropFull(out)
	if o := r.game.Outcome(); o != nil && r.rec.State != StateFinished {
		r.finish(*o)
	}
	return nil
}

// committed moves the room to rec's version, now in the log.
func (r *Room) committed(rec CommandRecord, events []games.Event) {
	r.version = rec.Version
	r.ver.Store(r.version)
	r.log = append(r.log, rec)
	r.hist.push(r.version, events)
	if public(events) {
		r.public.Store(r.version)
	}
	if rec.ClientID != "" {
		r.seen[clientKey{rec.Seat, rec.ClientID}] = r.version
	}
}

// save writes rec to the log and answers on done, on its own goroutine.
func (r *Room) save(rec CommandRecord, done chan<- error) {
	defer func() {
		if p := recover(); p != nil {
			done <- fmt.Errorf("the store panicked: %v", p)
		}
	}()
	began := time.Now() // the wall clock, whatever the game's clock: it measures the disk
	err := r.hub.store.AppendCommand(rec)
	if err == nil {
		r.hub.counters.committed(time.Since(began))
	}
	done <- err
}

// update is a version's frames on their way out: each seat's, or nil for
// a seat that learns nothing, and the seats' feeds as they were, to put
// back if the version is not committed after all. The frames of a seat
// leave (and its feed is kept) once the log row is committed.
type update struct {
	rec    CommandRecord
	events []games.Event
	saved  <-chan error // the log row's commit
	// done: the commit's answer is in (err); the room has moved to the
	// version if err is nil.
	done bool
	err  error

	frames map[int][]byte
	before map[int]*feed // each unsent seat's feed as it was; nil for a feed made now
	pushed []bool        // by index in r.sessions: sent its frame
	full   []bool        // by index in r.sessions: its queue was full
}

func newUpdate(rec CommandRecord, events []games.Event, saved <-chan error, sessions int) update {
	return update{rec: rec, events: events, saved: saved, frames: map[int][]byte{}, before: map[int]*feed{},
		pushed: make([]bool, sessions), full: make([]bool, sessions)}
}

// wait blocks until the commit answers (if it has not yet), and moves the
// room to the new version once it has committed.
func (u *update) wait(r *Room) error {
	if !u.done {
		u.learn(r, <-u.saved)
	}
	return u.err
}

// committed reports, without blocking, whether the row is committed.
func (u *update) committed(r *Room) bool {
	if !u.done {
		select {
		case err := <-u.saved:
			u.learn(r, err)
		default:
			return false
		}
	}
	return u.err == nil
}

func (u *update) learn(r *Room, err error) {
	u.done, u.err = true, err
	if err == nil {
		r.committed(u.rec, u.events)
	}
}

// prepare builds the update's frame for every seat with phones: the events
// it may see and what changed in its view, encoded once per seat. A seat
// that learns nothing new gets no frame at all: its phone is not woken,
// and it cannot tell that another side acted. Frames go out as they are
// built once the row is committed, so the phones' sockets are written
// while the next seats' views are built.
//
// A panic in the game's view code is returned, not raised: the log row
// may be committing meanwhile, and the room must learn its fate first.
func (r *Room) prepare(u *update) (crash any) {
	defer func() { crash = recover() }()
	// The seats' views share parts (a team's state, the public state):
	// each changed part is diffed once for all of them.
	memo := diffMemo{}
	for _, s := range r.sessions {
		if _, ok := u.frames[s.seat]; ok {
			continue
		}
		if f := r.feeds[s.seat]; f != nil {
			old := *f
			u.before[s.seat] = &old
		} else {
			u.before[s.seat] = nil
		}
		u.frames[s.seat] = r.seatUpdate(s.seat, u.rec.Version, u.events, memo)
		if u.committed(r) {
			r.flush(u)
		}
	}
	return nil
}

// restore puts the feeds of the seats not yet sent their frame back as
// they were before prepare.
func (r *Room) restore(u update) {
	for seat, old := range u.before {
		if old == nil {
			delete(r.feeds, seat)
		} else {
			*r.feeds[seat] = *old
		}
	}
}

// flush sends every frame built so far that has not gone out, once the row
// is committed. A phone whose queue is full is marked, to be dropped (it
// resyncs) by dropFull.
func (r *Room) flush(u *update) {
	for i, s := range r.sessions {
		f, built := u.frames[s.seat]
		if !built || u.pushed[i] {
			continue
		}
		u.pushed[i] = true
		delete(u.before, s.seat) // the seat's phones now hold its feed
		if f != nil && !s.push(f) {
			u.full[i] = true
		}
	}
}

// dropFull drops the phones whose queues were full.
func (r *Room) dropFull(u update) {
	kept := r.sessions[:0]
	for i, s := range r.sessions {
		if !u.full[i] {
			kept = append(kept, s)
		}
	}
	clear(r.sessions[len(kept):])
	dropped := len(kept) != len(r.sessions)
	r.sessions = kept
	if dropped {
		r.lobbyChanged()
	}
}

// seatUpdate is seat's frame for version v, or nil when the seat has
// nothing to learn.
func (r *Room) seatUpdate(seat int, v int64, events []games.Event, memo diffMemo) []byte {
	visible := appendVisible(nil, v, events, seat)
	f := r.feeds[seat]
	if f == nil {
		f = &feed{}
		r.feeds[seat] = f
	}
	d := f.next(v, r.view(seat), memo)
	if !d.changed {
		if len(visible) == 0 {
			return nil
		}
		f.eventsSent(v)
	}
	return updateFrame(v, visible, d)
}

func updateFrame(v int64, events []WireEvent, d delta) []byte {
	m := Message{T: TypeUpdate, V: v, Events: events}
	if !d.changed {
		// Only events: the view the phone holds is still right.
		base := d.base
		m.Base = &base
		return encode(m)
	}
	if d.patch != nil {
		base := d.base
		m.Base, m.Patch = &base, d.patch
		return encode(m)
	}
	return encodeView(m, d.full)
}

func (r *Room) finish(o games.Outcome) {
	now := r.hub.clock.Now()
	if err := r.hub.store.Finish(r.code, o, now); err != nil {
		// The log is complete, so a restart replays to the same outcome and
		// finishes the room then.
		r.hub.log.Error("could not record the end of the match", "room", r.code, "err", err)
	}
	r.rec.State, r.rec.Outcome, r.rec.Finished = StateFinished, &o, now
	r.public.Store(r.version) // a finished match has no secrets left
	if r.stop != nil {
		r.stop()
		r.timer, r.stop, r.armed = nil, nil, time.Time{}
	}
	for _, c := range r.claims {
		c.by.push(r.errorFrame("", errorf(CodeConflict, "the match is over: your claim of seat %d lapsed", c.seat)))
	}
	r.claims = nil
	r.lobbyChanged()
}

// settle lets the bots play until none has anything to do, bounded so a
// bot that never stops cannot hang the room.
func (r *Room) settle() {
	b, ok := r.game.(games.Botter)
	if !ok {
		return
	}
	for steps := 0; ; {
		moved := false
		for seat := range r.seats {
			if r.rec.State != StatePlaying {
				return
			}
			if !r.seats[seat].Bot {
				continue
			}
			body, ok := b.BotCommand(seat)
			if !ok {
				continue
			}
			if steps++; steps > r.hub.botSteps {
				r.hub.log.Error("bots still want to play after the step limit; waiting for a player", "room", r.code, "limit", r.hub.botSteps)
				return
			}
			if err := r.apply(seat, "", body); err != nil {
				r.hub.log.Error("bot command refused", "room", r.code, "seat", seat, "err", err)
				continue
			}
			moved = true
		}
		if !moved {
			return
		}
	}
}

// arm sets the room timer to the game's deadline, if it has one.
func (r *Room) arm() {
	c, ok := r.game.(games.Clocked)
	if !ok || r.rec.State != StatePlaying || r.broken != nil {
		return
	}
	at, ok := c.Deadline()
	if ok && at.Equal(r.armed) && r.timer != nil {
		return
	}
	if r.stop != nil {
		r.stop()
		r.timer, r.stop, r.armed = nil, nil, time.Time{}
	}
	if !ok {
		return
	}
	r.timer, r.stop = r.hub.clock.After(at.Sub(r.hub.clock.Now()))
	r.armed = at
}

// tick applies the System tick for every deadline that has passed.
func (r *Room) tick() {
	c, ok := r.game.(games.Clocked)
	if !ok {
		return
	}
	for i := 0; i < r.hub.botSteps && r.rec.State == StatePlaying; i++ {
		at, ok := c.Deadline()
		if !ok || r.hub.clock.Now().Before(at) {
			return
		}
		if err := r.apply(games.System, "", games.TickBody); err != nil {
			r.hub.log.Error("tick refused", "room", r.code, "err", err)
			return
		}
		r.settle()
	}
}

// hostAction runs start, free, move or bot for the host. Before the start
// the host arranges the whole table; once the match is in play a seat
// holds its side's secrets, so the host acts only on seats of their own
// side, and never hands a seat to the other side.
func (r *Room) hostAction(s *Session, req Request) error {
	if !r.seats[s.seat].Host {
		return errorf(CodeForbidden, "only the host can %s", req.Action).ruled(RuleHostOnly)
	}
	if r.rec.State == StateFinished {
		return errorf(CodeConflict, "the match is over").ruled(RuleMatchOver)
	}
	switch req.Action {
	case ActionStart:
		return r.start()
	case ActionFree:
		if err := r.ownSide(s.seat, *req.Seat); err != nil {
			return err
		}
		return r.freeSeat(s, *req.Seat)
	case ActionMove:
		if err := r.ownSide(s.seat, *req.From); err != nil {
			return err
		}
		if err := r.ownSide(s.seat, *req.To); err != nil {
			return err
		}
		return r.move(*req.From, *req.To)
	case ActionBot:
		if err := r.ownSide(s.seat, *req.Seat); err != nil {
			return err
		}
		return r.addBot(*req.Seat)
	}
	return errorf(CodeBadRequest, "unknown host action %q", req.Action)
}

// ownSide refuses, once the match is in play, a host action on a seat of
// another side than the host's.
func (r *Room) ownSide(host, seat int) error {
	if err := r.checkSeat(seat); err != nil {
		return err
	}
	if r.rec.State == StatePlaying && r.specs[seat].Team != r.specs[host].Team {
		return errorf(CodeForbidden, "the match has started: the host may change only seats of their own side, and seat %d (%s) is on the other side", seat, r.specs[seat].Label).ruled(RuleOtherSide)
	}
	return nil
}

// start begins the match once every seat is taken or played by a bot. The
// start command is logged before the state changes, so a crash in between
// still resumes as playing.
func (r *Room) start() error {
	if r.rec.State != StateWaiting {
		return errorf(CodeConflict, "the match has already started")
	}
	var empty []string
	for i := range r.seats {
		if r.free(i) {
			empty = append(empty, r.specs[i].Label)
		}
	}
	if len(empty) > 0 {
		bots := ""
		if _, ok := r.game.(games.Botter); ok {
			bots = " or a bot"
		}
		return errorf(CodeConflict, "every seat needs a player%s before the start; still empty: %s", bots, strings.Join(empty, ", "))
	}
	r.rec.State = StatePlaying
	if err := r.apply(games.System, "", games.StartBody); err != nil {
		r.rec.State = StateWaiting
		return err
	}
	// Every seat's feed starts with the match, phones or not, so that a
	// seat's first phone is welcomed at the last version the seat learnt
	// something at, not at the room's (see catchUp).
	for seat := games.Spectator; seat < len(r.seats); seat++ {
		if r.feeds[seat] == nil {
			r.feeds[seat] = &feed{}
			r.feeds[seat].reset(r.version, r.view(seat))
		}
	}
	if err := r.hub.store.SetState(r.code, StatePlaying); err != nil {
		r.hub.log.Error("could not record the start; a restart will resume it from the log", "room", r.code, "err", err)
	}
	if r.rec.State == StatePlaying {
		r.lobbyChanged()
	}
	r.settle()
	return nil
}

func (r *Room) freeSeat(s *Session, seat int) error {
	if seat == s.seat {
		return errorf(CodeConflict, "the host cannot free their own seat; move to another seat first")
	}
	if r.free(seat) {
		return errorf(CodeConflict, "seat %d (%s) is already free", seat, r.specs[seat].Label)
	}
	wasBot := r.seats[seat].Bot
	freed := SeatRecord{Room: r.code, Seat: seat}
	if err := r.hub.store.PutSeats(freed); err != nil {
		return r.internal("free seat", err)
	}
	r.seats[seat] = freed
	r.dropSeat(seat, errorf(CodeUnauthorized, "the host freed your seat"))
	r.lobbyChanged()
	if _, ok := r.game.(games.SeatWatcher); ok && wasBot && r.rec.State == StatePlaying {
		// The game hears, in its log, that its bot no longer plays the
		// seat (a bot Radio Operator's reports to its crew stop).
		if err := r.apply(games.System, "", games.SeatFreedBody(seat)); err != nil {
			r.hub.log.Error("the game refused the freed seat's notice", "room", r.code, "seat", seat, "err", err)
		}
	}
	return nil
}

// dropSeat disconnects every phone of seat, telling it why.
func (r *Room) dropSeat(seat int, why error) {
	frame := r.errorFrame("", why)
	kept := r.sessions[:0]
	for _, x := range r.sessions {
		if x.seat == seat {
			x.push(frame)
			x.drop()
			continue
		}
		kept = append(kept, x)
	}
	clear(r.sessions[len(kept):])
	r.sessions = kept
}

// move hands a player (and their token) to another free seat, in one
// write: a crash never leaves them in two seats. Their phones follow: each
// gets a fresh welcome for the new seat.
func (r *Room) move(from, to int) error {
	if r.free(from) || r.seats[from].Bot {
		return errorf(CodeConflict, "no player sits in seat %d (%s)", from, r.specs[from].Label)
	}
	if !r.free(to) {
		return errorf(CodeConflict, "seat %d (%s) is taken", to, r.specs[to].Label)
	}
	moved := r.seats[from]
	moved.Seat = to
	freed := SeatRecord{Room: r.code, Seat: from}
	if err := r.hub.store.PutSeats(moved, freed); err != nil {
		return r.internal("move seat", err)
	}
	r.seats[to], r.seats[from] = moved, freed
	var phones []*Session
	kept := r.sessions[:0]
	for _, x := range r.sessions {
		if x.seat == from {
			phones = append(phones, x)
			continue
		}
		kept = append(kept, x)
	}
	clear(r.sessions[len(kept):])
	r.sessions = kept
	for _, x := range phones {
		r.join(x, to, nil)
	}
	r.lobbyChanged()
	return nil
}

func (r *Room) addBot(seat int) error {
	if _, ok := r.game.(games.Botter); !ok {
		return errorf(CodeConflict, "%s has no bots", r.def.Title)
	}
	if !r.free(seat) {
		return errorf(CodeConflict, "seat %d (%s) is taken", seat, r.specs[seat].Label)
	}
	rec := SeatRecord{Room: r.code, Seat: seat, Name: "Bot", Bot: true}
	if err := r.hub.store.PutSeats(rec); err != nil {
		return r.internal("add bot", err)
	}
	r.seats[seat] = rec
	r.lobbyChanged()
	r.settle()
	return nil
}

// claim records a phone's request for a seat of the match in play: the
// way back for a player whose phone died, or a move to another device.
// Only a player of the seat's own side can grant it.
func (r *Room) claim(s *Session, seat int, name, id string) error {
	if err := r.checkSeat(seat); err != nil {
		return err
	}
	switch r.rec.State {
	case StateWaiting:
		return errorf(CodeConflict, "the match has not started: take a free seat from the lobby")
	case StateFinished:
		return errorf(CodeConflict, "the match is over").ruled(RuleMatchOver)
	}
	if s.seat != games.Spectator {
		return errorf(CodeConflict, "this phone already plays seat %d (%s)", s.seat, r.specs[s.seat].Label)
	}
	if wait, whose := r.claimWait(s); wait > 0 {
		return errorf(CodeConflict, "a player of that side refused %s last claim: ask again in %d s", whose, int((wait+time.Second-1)/time.Second))
	}
	for _, c := range r.claims {
		if c.by == s {
			return errorf(CodeConflict, "this phone already asked for seat %d (%s): wait for the answer", c.seat, r.specs[c.seat].Label)
		}
		if s.addr != "" && c.by.addr == s.addr {
			return errorf(CodeConflict, "another phone at this address already asks for seat %d (%s): one claim at a time per address", c.seat, r.specs[c.seat].Label)
		}
	}
	if len(r.claims) >= maxClaims {
		return errorf(CodeConflict, "%d phones are already asking for seats in room %s: try again once they are answered", len(r.claims), r.code)
	}
	if name == "" {
		name = r.seats[seat].Name
	}
	name, err := cleanName(name)
	if err != nil {
		return err
	}
	if err := r.nameTaken(name, seat); err != nil {
		return err
	}
	r.claims = append(r.claims, &claim{id: newClaimID(), seat: seat, name: name, by: s})
	r.lobbyChanged()
	return nil
}

// claimWait is how long s must wait before it claims again (claimPause
// after a refusal of its own claim or, from an address, of one from that
// address), and whose claim was refused: "this phone's" or "this
// address's". It forgets refusals that no longer hold anyone back.
func (r *Room) claimWait(s *Session) (time.Duration, string) {
	now := r.hub.clock.Now()
	for a, at := range r.refused {
		if now.Sub(at) >= claimPause {
			delete(r.refused, a)
		}
	}
	last, whose := s.refusedAt, "this phone's"
	if at, ok := r.refused[s.addr]; ok && at.After(last) { // "" is never recorded
		last, whose = at, "this address's"
	}
	if last.IsZero() {
		return 0, ""
	}
	return claimPause - now.Sub(last), whose
}

// grant answers a claim for a player of the claimed seat's side. Allowed,
// the claimant's phone gets the seat with a new token, and the seat's old
// phones are let go: the old token dies.
func (r *Room) grant(s *Session, reqID, id string, allow bool) error {
	i := slices.IndexFunc(r.claims, func(c *claim) bool { return c.id == id })
	if i < 0 {
		return errorf(CodeNotFound, "no claim %q is waiting (it was answered, or its phone left)", id)
	}
	c := r.claims[i]
	if err := r.mayAnswer(s, c.seat); err != nil {
		return err
	}
	if allow && !c.by.canTake(2) {
		// The asking phone is gone or not reading: a new token sent to it
		// would be lost while the seat's old one dies, leaving the seat to
		// nobody.
		r.claims = slices.Delete(r.claims, i, i+1)
		c.by.drop()
		r.lobbyChanged()
		return errorf(CodeNotFound, "the phone that asked for seat %d (%s) is no longer connected: nothing changed", c.seat, r.specs[c.seat].Label)
	}
	if !allow {
		r.claims = slices.Delete(r.claims, i, i+1)
		c.by.refusedAt = r.hub.clock.Now()
		if c.by.addr != "" {
			if r.refused == nil {
				r.refused = make(map[string]time.Time)
			}
			r.refused[c.by.addr] = c.by.refusedAt
		}
		c.by.push(r.errorFrame("", errorf(CodeForbidden, "%s did not let this phone take seat %d (%s)", r.seats[s.seat].Name, c.seat, r.specs[c.seat].Label)))
		r.lobbyChanged()
		return nil
	}
	granter := r.seats[s.seat].Name // before the seat, maybe the granter's own, changes hands
	token := newToken()
	rec := SeatRecord{Room: r.code, Seat: c.seat, Name: c.name, TokenHash: hashToken(token), Host: r.seats[c.seat].Host}
	if err := r.hub.store.PutSeats(rec); err != nil {
		return r.internal("grant claim", err)
	}
	r.claims = slices.Delete(r.claims, i, i+1)
	r.seats[c.seat] = rec
	if s.seat == c.seat {
		// The seat's own phone handed it on (the same player's new
		// phone): it hears its answer before it is let go with the rest.
		s.push(encode(Message{T: TypeAck, V: r.public.Load(), ID: reqID}))
	}
	r.dropSeat(c.seat, errorf(CodeUnauthorized, "your seat moved to another phone: %s let it in", granter))
	seat := c.seat
	c.by.push(encode(Message{T: TypeSeat, V: r.public.Load(), Seat: &seat, Token: token}))
	for j, x := range r.sessions {
		if x == c.by {
			r.sessions = slices.Delete(r.sessions, j, j+1)
			r.join(x, seat, nil)
			break
		}
	}
	r.lobbyChanged()
	return nil
}

func (r *Room) removeSession(s *Session) {
	for i, x := range r.sessions {
		if x == s {
			r.sessions = slices.Delete(r.sessions, i, i+1)
			r.phoneLeft(s)
			r.lobbyChanged()
			break
		}
	}
	for i, c := range r.claims {
		if c.by == s {
			r.claims = slices.Delete(r.claims, i, i+1)
			r.lobbyChanged()
			break
		}
	}
}

// lobbyChanged publishes the lobby for the HTTP API at once, and sends it
// to the phones soon: see scheduleLobby.
func (r *Room) lobbyChanged() {
	r.publishLobby()
	r.lobbyDirty = true
}

// scheduleLobby sends the lobby now if none went out within LobbyEvery,
// else arms a timer for then: a burst of joins and leaves becomes one frame.
func (r *Room) scheduleLobby() {
	// Pacing frames is transport, not game: it runs on wall time whatever
	// clock the games see.
	wait := time.Until(r.lobbySent.Add(r.hub.lobbyEvery))
	if wait <= 0 {
		r.flushLobby()
		return
	}
	r.lobbyTimer, r.lobbyStop = WallClock{}.After(wait)
}

// flushLobby sends the current lobby to every phone through its lobby
// slot, which keeps only the newest: lobby traffic never fills the queue
// that carries a player's updates.
func (r *Room) flushLobby() {
	if !r.lobbyDirty {
		return
	}
	r.lobbyDirty = false
	r.lobbySent = time.Now()
	l := r.Lobby()
	frame := encode(Message{T: TypeRoom, V: l.Version, Room: &l})
	for _, s := range r.sessions {
		s.pushLobby(frame)
	}
}

func (r *Room) publishLobby() {
	online := make(map[int]bool)
	spectators := 0
	for _, s := range r.sessions {
		online[s.seat] = true
		if s.seat == games.Spectator {
			spectators++
		}
	}
	l := &Lobby{Spectators: spectators, Code: r.code, Game: r.def.Name, Title: r.def.Title, State: r.rec.State, Created: r.rec.Created, Outcome: r.rec.Outcome, Options: r.rec.Options}
	l.Seats = make([]LobbySeat, len(r.seats))
	for i, s := range r.seats {
		spec := r.specs[i]
		l.Seats[i] = LobbySeat{Seat: i, Team: spec.Team, Label: spec.Label, Roles: spec.Roles, Name: s.Name,
			Taken: len(s.TokenHash) > 0, Bot: s.Bot, Host: s.Host && len(s.TokenHash) > 0, Online: online[i]}
	}
	for _, c := range r.claims {
		l.Claims = append(l.Claims, LobbyClaim{ID: c.id, Seat: c.seat, Name: c.name})
	}
	if at, ok := r.expiry(); ok {
		l.Expires = &at
	}
	r.lobby.Store(l)
}

// expiry is when a waiting room closes: WaitingTTL after its creation
// while nobody has taken a seat, StartTTL after it if the match never
// starts (its players went home).
func (r *Room) expiry() (time.Time, bool) {
	if r.rec.State != StateWaiting {
		return time.Time{}, false
	}
	ttl := r.hub.startTTL
	if r.empty() {
		ttl = r.hub.waitingTTL
	}
	if ttl <= 0 {
		return time.Time{}, false
	}
	return r.rec.Created.Add(ttl), true
}

// empty reports whether no seat has a player or a bot.
func (r *Room) empty() bool {
	for i := range r.seats {
		if !r.free(i) {
			return false
		}
	}
	return true
}

// sweep runs on the room goroutine when the hub tidies up: a finished room
// leaves memory once its phones are gone (its log and result stay in the
// store), and a waiting room expires (see expiry).
func (r *Room) sweep(now time.Time) {
	switch r.rec.State {
	case StatePlaying:
		r.abandonIfIdle(now)
	case StateFinished:
		idle := now.Sub(r.rec.Finished)
		if idle < r.hub.finishedTTL || (len(r.sessions) > 0 && idle < 6*r.hub.finishedTTL) {
			return
		}
		r.evict(errorf(CodeNotFound, "the match in room %s is over and the room has closed", r.code))
	case StateWaiting:
		if at, ok := r.expiry(); ok && !now.Before(at) {
			if err := r.hub.store.Expire(r.code, now); err != nil {
				r.hub.log.Error("could not record the expiry; the room stays", "room", r.code, "err", err)
				return
			}
			why := errorf(CodeNotFound, "room %s expired: nobody took a seat", r.code)
			if !r.empty() {
				why = errorf(CodeNotFound, "room %s expired: its match never started", r.code)
			}
			r.rec.State = StateExpired
			r.evict(why)
		}
	}
}

// evict lets the phones go, leaves the hub and stops the room goroutine.
func (r *Room) evict(why error) {
	r.shutdown(why)
	r.hub.forget(r)
	r.evicted = true
}

// errorFrame answers a phone's request with err, and counts the refusal
// (Hub.Counters).
func (r *Room) errorFrame(id string, err error) []byte {
	r.hub.counters.refused(ErrorCode(err))
	return encode(Message{T: TypeError, V: r.public.Load(), ID: id, Code: ErrorCode(err), Rule: ErrorRule(err), Message: ErrorMessage(err)})
}

func (r *Room) internal(op string, err error) error {
	r.hub.log.Error(op, "room", r.code, "err", err)
	return &Error{Code: CodeInternal, Message: errSaving.Message, Err: err}
}
