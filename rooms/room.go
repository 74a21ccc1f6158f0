package rooms

// The room itself: its state, its goroutine and how other goroutines reach it.

import (
	"fmt"
	"runtime/debug"
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
	acting   *Session      // the phone whose command is being played (join.go)
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
	// patchBuf is the buffer the seats' patches are diffed into (see
	// seatUpdate); owned by the room goroutine.
	patchBuf []byte
	// A version's events, each encoded once (encodeEvents), and the
	// buffer a seat's array of them is made in (seatEvents).
	evJSON    []byte
	evEnds    []int
	evOK      bool
	seatEvBuf []byte
	// memo is the seats' shared diff memo (see prepare), emptied for each
	// version and kept for its room.
	memo diffMemo
	// seatsBuf and fullBuf are an update's slices (newUpdate), kept from
	// version to version.
	seatsBuf []seatFrame
	fullBuf  []bool
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
