package rooms

import (
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"

	"periscope/games"
)

var (
	errClosed = errorf(CodeUnavailable, "the room is closed: the server is restarting, reconnect in a moment")
	errSaving = errorf(CodeInternal, "the server could not save that; nothing changed, try again")
)

// startBody and tickBody are the System commands the room issues.
var (
	startBody = json.RawMessage(`{"type":"start"}`)
	tickBody  = json.RawMessage(`{"type":"tick"}`)
)

// MaxName is the longest player name, in characters.
const MaxName = 24

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
	broken   error // set when the match could not be rebuilt: it takes no more commands
	timer    <-chan time.Time
	stop     func()
	armed    time.Time
}

type clientKey struct {
	seat int
	id   string
}

// Code is the room's join code.
func (r *Room) Code() string { return r.code }

// Version is the room's current version.
func (r *Room) Version() int64 { return r.ver.Load() }

// Lobby returns the room's public state.
func (r *Room) Lobby() Lobby {
	l := *r.lobby.Load()
	l.Version = r.ver.Load()
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
		case <-r.quit:
			r.shutdown()
			return
		}
	}
}

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

func (r *Room) shutdown() {
	if r.stop != nil {
		r.stop()
	}
	frame := r.errorFrame("", errClosed)
	for _, s := range r.sessions {
		s.push(frame)
		s.drop()
	}
	r.sessions = nil
}

// Connect opens a session for a phone. It holds no seat until the phone's
// hello; queue bounds its outbox (messages waiting for the transport).
func (r *Room) Connect(queue int) *Session {
	if queue < 4 {
		queue = 4
	}
	return &Session{room: r, out: make(chan []byte, queue), dropped: make(chan struct{}), seat: games.Spectator}
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
		if r.rec.State == StateFinished {
			return errorf(CodeConflict, "the match is over")
		}
		if !r.free(seat) {
			return errorf(CodeConflict, "seat %d (%s) is taken", seat, r.specs[seat].Label)
		}
		token = newToken()
		rec := SeatRecord{Room: r.code, Seat: seat, Name: name, TokenHash: hashToken(token), Host: r.host() < 0}
		if err := r.hub.store.PutSeat(rec); err != nil {
			return r.internal("take seat", err)
		}
		r.seats[seat] = rec
		r.lobbyChanged(nil)
		return nil
	})
	return token, err
}

func cleanName(name string) (string, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return "", errorf(CodeBadRequest, "a name is needed to take a seat")
	}
	if !utf8.ValidString(name) || strings.ContainsFunc(name, unicode.IsControl) {
		return "", errorf(CodeBadRequest, "the name has characters that cannot be shown")
	}
	if utf8.RuneCountInString(name) > MaxName {
		return "", errorf(CodeBadRequest, "the name is longer than %d characters", MaxName)
	}
	return name, nil
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
	if req.T == TypePing {
		s.push(encode(Message{T: TypePong, V: r.version, ID: req.ID}))
		return
	}
	if req.T == TypeHello {
		r.hello(s, req)
		return
	}
	if !s.joined {
		s.push(r.errorFrame(req.ID, errorf(CodeBadRequest, "send hello first")))
		return
	}
	if s.seat == games.Spectator {
		s.push(r.errorFrame(req.ID, errorf(CodeForbidden, "spectators cannot play or host")))
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
		v = r.version
	}
	if err != nil {
		s.push(r.errorFrame(req.ID, err))
		return
	}
	r.seen[key] = v
	s.push(encode(Message{T: TypeAck, V: v, ID: req.ID}))
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
			s.push(r.errorFrame(req.ID, errorf(CodeUnauthorized, "this seat token holds no seat in room %s (was the seat freed?)", r.code)))
			return
		}
	}
	s.seat, s.joined = seat, true
	r.sessions = append(r.sessions, s)
	r.publishLobby()
	if !s.push(r.welcome(s.seat, req.V)) {
		r.removeSession(s)
		return
	}
	r.lobbyChanged(s)
}

// welcome is the full state a phone starts from: its seat, the lobby, its
// view and, when it says which version it saw last, the events since.
func (r *Room) welcome(seat int, last *int64) []byte {
	m := Message{T: TypeWelcome, V: r.version, Seat: &seat}
	l := r.Lobby()
	m.Room = &l
	if last != nil {
		events, ok := r.hist.since(*last, r.version, seat)
		m.Events, m.Gap = events, !ok
	}
	return encodeView(m, r.view(seat))
}

func (r *Room) view(seat int) json.RawMessage {
	if r.game == nil {
		return nil
	}
	b, err := json.Marshal(r.game.View(seat))
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
		return 0, errorf(CodeConflict, "the match has not started yet")
	case StateFinished:
		return 0, errorf(CodeConflict, "the match is over")
	}
	if r.bot(seat) {
		return 0, errorf(CodeForbidden, "a bot plays seat %d", seat)
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
	now := r.hub.clock.Now()
	events, err := r.game.Apply(games.Command{Seat: seat, Body: body, Time: now})
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			return err
		}
		return &Error{Code: CodeRefused, Message: err.Error(), Err: err}
	}
	rec := CommandRecord{Room: r.code, Version: r.version + 1, Seat: seat, ClientID: id, Body: append(json.RawMessage(nil), body...), Time: now}
	if err := r.hub.store.AppendCommand(rec); err != nil {
		r.hub.log.Error("log write failed; rebuilding the match from its log", "room", r.code, "version", rec.Version, "err", err)
		r.rebuild()
		return &Error{Code: CodeInternal, Message: errSaving.Message, Err: err}
	}
	r.version = rec.Version
	r.ver.Store(r.version)
	r.log = append(r.log, rec)
	r.hist.push(r.version, events)
	if id != "" {
		r.seen[clientKey{seat, id}] = r.version
	}
	r.broadcast(events)
	if o := r.game.Outcome(); o != nil && r.rec.State != StateFinished {
		r.finish(*o)
	}
	return nil
}

// broadcast sends the current version to every session: the events its
// seat may see and its seat's view, encoded once per seat.
func (r *Room) broadcast(events []games.Event) {
	frames := make(map[int][]byte)
	kept := r.sessions[:0]
	for _, s := range r.sessions {
		f, ok := frames[s.seat]
		if !ok {
			f = encodeView(Message{T: TypeUpdate, V: r.version, Events: appendVisible(nil, r.version, events, s.seat)}, r.view(s.seat))
			frames[s.seat] = f
		}
		if s.push(f) {
			kept = append(kept, s)
		}
	}
	clear(r.sessions[len(kept):])
	dropped := len(kept) != len(r.sessions)
	r.sessions = kept
	if dropped {
		r.lobbyChanged(nil)
	}
}

func (r *Room) finish(o games.Outcome) {
	now := r.hub.clock.Now()
	if err := r.hub.store.Finish(r.code, o, now); err != nil {
		// The log is complete, so a restart replays to the same outcome and
		// finishes the room then.
		r.hub.log.Error("could not record the end of the match", "room", r.code, "err", err)
	}
	r.rec.State, r.rec.Outcome, r.rec.Finished = StateFinished, &o, now
	if r.stop != nil {
		r.stop()
		r.timer, r.stop, r.armed = nil, nil, time.Time{}
	}
	r.lobbyChanged(nil)
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
		if err := r.apply(games.System, "", tickBody); err != nil {
			r.hub.log.Error("tick refused", "room", r.code, "err", err)
			return
		}
		r.settle()
	}
}

// hostAction runs start, free, move or bot for the host.
func (r *Room) hostAction(s *Session, req Request) error {
	if !r.seats[s.seat].Host {
		return errorf(CodeForbidden, "only the host can %s", req.Action)
	}
	if r.rec.State == StateFinished {
		return errorf(CodeConflict, "the match is over")
	}
	switch req.Action {
	case ActionStart:
		return r.start()
	case ActionFree:
		return r.freeSeat(s, *req.Seat)
	case ActionMove:
		return r.move(*req.From, *req.To)
	case ActionBot:
		return r.addBot(*req.Seat)
	}
	return errorf(CodeBadRequest, "unknown host action %q", req.Action)
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
			empty = append(empty, fmt.Sprintf("%d (%s)", i, r.specs[i].Label))
		}
	}
	if len(empty) > 0 {
		return errorf(CodeConflict, "every seat needs a player or a bot; empty: %s", strings.Join(empty, ", "))
	}
	r.rec.State = StatePlaying
	if err := r.apply(games.System, "", startBody); err != nil {
		r.rec.State = StateWaiting
		return err
	}
	if err := r.hub.store.SetState(r.code, StatePlaying); err != nil {
		r.hub.log.Error("could not record the start; a restart will resume it from the log", "room", r.code, "err", err)
	}
	if r.rec.State == StatePlaying {
		r.lobbyChanged(nil)
	}
	r.settle()
	return nil
}

func (r *Room) freeSeat(s *Session, seat int) error {
	if err := r.checkSeat(seat); err != nil {
		return err
	}
	if seat == s.seat {
		return errorf(CodeConflict, "the host cannot free their own seat; move to another seat first")
	}
	if r.free(seat) {
		return errorf(CodeConflict, "seat %d (%s) is already free", seat, r.specs[seat].Label)
	}
	freed := SeatRecord{Room: r.code, Seat: seat}
	if err := r.hub.store.PutSeat(freed); err != nil {
		return r.internal("free seat", err)
	}
	r.seats[seat] = freed
	frame := r.errorFrame("", errorf(CodeUnauthorized, "the host freed your seat"))
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
	r.lobbyChanged(nil)
	return nil
}

// move hands a player (and their token) to another free seat. Their phones
// follow: each gets a fresh welcome for the new seat.
func (r *Room) move(from, to int) error {
	if err := r.checkSeat(from); err != nil {
		return err
	}
	if err := r.checkSeat(to); err != nil {
		return err
	}
	if r.free(from) || r.seats[from].Bot {
		return errorf(CodeConflict, "no player sits in seat %d (%s)", from, r.specs[from].Label)
	}
	if !r.free(to) {
		return errorf(CodeConflict, "seat %d (%s) is taken", to, r.specs[to].Label)
	}
	moved := r.seats[from]
	moved.Seat = to
	freed := SeatRecord{Room: r.code, Seat: from}
	if err := r.hub.store.PutSeat(moved); err != nil {
		return r.internal("move seat", err)
	}
	if err := r.hub.store.PutSeat(freed); err != nil {
		return r.internal("move seat", err)
	}
	r.seats[to], r.seats[from] = moved, freed
	for _, x := range r.sessions {
		if x.seat == from {
			x.seat = to
			x.push(r.welcome(to, nil))
		}
	}
	r.lobbyChanged(nil)
	return nil
}

func (r *Room) addBot(seat int) error {
	if err := r.checkSeat(seat); err != nil {
		return err
	}
	if _, ok := r.game.(games.Botter); !ok {
		return errorf(CodeConflict, "%s has no bots", r.def.Title)
	}
	if !r.free(seat) {
		return errorf(CodeConflict, "seat %d (%s) is taken", seat, r.specs[seat].Label)
	}
	rec := SeatRecord{Room: r.code, Seat: seat, Name: "Bot", Bot: true}
	if err := r.hub.store.PutSeat(rec); err != nil {
		return r.internal("add bot", err)
	}
	r.seats[seat] = rec
	r.lobbyChanged(nil)
	r.settle()
	return nil
}

func (r *Room) removeSession(s *Session) {
	for i, x := range r.sessions {
		if x == s {
			r.sessions = slices.Delete(r.sessions, i, i+1)
			r.lobbyChanged(nil)
			return
		}
	}
}

// lobbyChanged publishes the lobby and sends it to every session but skip.
func (r *Room) lobbyChanged(skip *Session) {
	r.publishLobby()
	l := r.Lobby()
	frame := encode(Message{T: TypeRoom, V: r.version, Room: &l})
	for _, s := range r.sessions {
		if s != skip {
			s.push(frame)
		}
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
	l := &Lobby{Spectators: spectators, Code: r.code, Game: r.def.Name, Title: r.def.Title, State: r.rec.State, Created: r.rec.Created, Outcome: r.rec.Outcome}
	l.Seats = make([]LobbySeat, len(r.seats))
	for i, s := range r.seats {
		spec := r.specs[i]
		l.Seats[i] = LobbySeat{Seat: i, Team: spec.Team, Label: spec.Label, Roles: spec.Roles, Name: s.Name,
			Taken: len(s.TokenHash) > 0, Bot: s.Bot, Host: s.Host && len(s.TokenHash) > 0, Online: online[i]}
	}
	r.lobby.Store(l)
}

func (r *Room) errorFrame(id string, err error) []byte {
	return encode(Message{T: TypeError, V: r.ver.Load(), ID: id, Code: ErrorCode(err), Message: ErrorMessage(err)})
}

func (r *Room) internal(op string, err error) error {
	r.hub.log.Error(op, "room", r.code, "err", err)
	return &Error{Code: CodeInternal, Message: errSaving.Message, Err: err}
}
