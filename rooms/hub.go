package rooms

import (
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sort"
	"sync"
	"time"

	"periscope/games"
)

// Config sets up a Hub.
type Config struct {
	// Store keeps every room, seat and command. Required.
	Store Store
	// Games are the games the lobby offers.
	Games []games.Definition
	// Clock defaults to the wall clock.
	Clock Clock
	// Log defaults to slog.Default().
	Log *slog.Logger
	// History, when positive, bounds how many versions of events a room
	// keeps for phones; older gaps get the view alone. By default a room
	// keeps every version's events: they are the log a new phone starts from.
	History int
	// BotSteps bounds the commands bots and ticks may play in a row before
	// the room stops asking them (default 1000).
	BotSteps int
	// MaxSpectators bounds the phones watching one room (default 48).
	MaxSpectators int
	// PerSeat bounds the phones open on one seat at once (default 4).
	PerSeat int
	// PerAddress bounds the spectators of one room from one address
	// (Room.ConnectFrom; default 8): one script cannot take every place.
	PerAddress int
	// LobbyEvery is the least time between two lobby frames of a room
	// (default 250ms): joins and leaves in between are sent as one.
	LobbyEvery time.Duration
	// FinishedTTL is how long a finished room stays in memory once its
	// phones are gone (default 10 minutes); its log stays in the store.
	FinishedTTL time.Duration
	// WaitingTTL is how long a room may wait with no one seated before it
	// expires (default 30 minutes); negative never expires.
	WaitingTTL time.Duration
	// StartTTL is how long a room with players may wait for its start
	// before it expires (default 12 hours: a game night); negative never
	// expires. Abandoned rooms are not resumed on every restart forever.
	StartTTL time.Duration
	// AbandonAfter is how long a match in play may go with no seated
	// phone connected before it is finished as abandoned (default 4
	// hours; negative: never). See abandon.go.
	AbandonAfter time.Duration
	// ReclaimAfter is how long a seat of a match in play must have had no
	// phone connected before the host may let a phone into it whatever
	// the side (default 2 minutes); ReclaimAnyAfter how long before any
	// player may, when no host is connected (default 10 minutes). See
	// reclaim.go.
	ReclaimAfter, ReclaimAnyAfter time.Duration
	// SweepEvery is how often the hub looks for rooms to let go (default
	// 1 minute).
	SweepEvery time.Duration
	// Seeds draws each new match's seed; by default crypto/rand. Tests
	// that need one particular match set it.
	Seeds func() uint64
}

// Hub holds every live room of the server.
type Hub struct {
	store         Store
	games         map[string]games.Definition
	order         []string
	clock         Clock
	log           *slog.Logger
	history       int
	botSteps      int
	maxSpectators int
	perSeat       int
	perAddress    int
	lobbyEvery    time.Duration
	finishedTTL   time.Duration
	waitingTTL    time.Duration
	startTTL      time.Duration
	abandonAfter  time.Duration
	reclaimAfter  time.Duration
	// reclaimAnyAfter: see Config.ReclaimAnyAfter.
	reclaimAnyAfter time.Duration
	sweepEvery      time.Duration
	seeds           func() uint64

	mu     sync.Mutex
	rooms  map[string]*Room
	closed bool
	quit   chan struct{}
	swept  chan struct{}

	// rematches is the rematch of each finished match, by its code, so the
	// players who ask after the first one join the same room. It lives in
	// memory as a cache: the store keeps each with its room. rematchMu is
	// taken before mu, and held while a rematch is opened, so a match gets
	// one rematch even when the whole table taps at once.
	rematchMu sync.Mutex
	rematches map[string]Rematch

	counters counters // for Counters (metrics.go)
}

// NewHub returns a hub for the given games.
func NewHub(cfg Config) (*Hub, error) {
	if cfg.Store == nil {
		return nil, errors.New("rooms: a Store is required")
	}
	h := &Hub{store: cfg.Store, games: make(map[string]games.Definition), clock: cfg.Clock, log: cfg.Log,
		history: max(cfg.History, 0), botSteps: cfg.BotSteps, maxSpectators: cfg.MaxSpectators, perSeat: cfg.PerSeat, perAddress: cfg.PerAddress,
		lobbyEvery: cfg.LobbyEvery, finishedTTL: cfg.FinishedTTL, waitingTTL: cfg.WaitingTTL, startTTL: cfg.StartTTL, abandonAfter: cfg.AbandonAfter, reclaimAfter: cfg.ReclaimAfter, reclaimAnyAfter: cfg.ReclaimAnyAfter, sweepEvery: cfg.SweepEvery, seeds: cfg.Seeds,
		rooms: make(map[string]*Room), rematches: make(map[string]Rematch), quit: make(chan struct{}), swept: make(chan struct{})}
	if h.clock == nil {
		h.clock = WallClock{}
	}
	if h.log == nil {
		h.log = slog.Default()
	}
	defaults := []struct {
		v *time.Duration
		d time.Duration
	}{{&h.lobbyEvery, 250 * time.Millisecond}, {&h.finishedTTL, 10 * time.Minute}, {&h.waitingTTL, 30 * time.Minute}, {&h.startTTL, 12 * time.Hour}, {&h.abandonAfter, 4 * time.Hour}, {&h.reclaimAfter, 2 * time.Minute}, {&h.reclaimAnyAfter, 10 * time.Minute}, {&h.sweepEvery, time.Minute}}
	for _, x := range defaults {
		if *x.v == 0 {
			*x.v = x.d
		}
	}
	if h.seeds == nil {
		h.seeds = newSeed
	}
	if h.botSteps <= 0 {
		h.botSteps = 1000
	}
	if h.maxSpectators <= 0 {
		h.maxSpectators = 48
	}
	if h.perSeat <= 0 {
		h.perSeat = 4
	}
	if h.perAddress <= 0 {
		h.perAddress = 8
	}
	for _, d := range cfg.Games {
		if d.Name == "" || d.New == nil {
			return nil, fmt.Errorf("rooms: game %q needs a Name and a New function", d.Name)
		}
		if _, dup := h.games[d.Name]; dup {
			return nil, fmt.Errorf("rooms: game %q registered twice", d.Name)
		}
		if d.Title == "" {
			d.Title = d.Name
		}
		h.games[d.Name] = d
		h.order = append(h.order, d.Name)
	}
	go h.sweeper()
	return h, nil
}

// Games is the catalogue the lobby reads: every game with its seats,
// options and defaults, house content and page, in registration order.
func (h *Hub) Games() []games.Definition {
	out := make([]games.Definition, 0, len(h.order))
	for _, n := range h.order {
		out = append(out, h.games[n])
	}
	return out
}

// sweeper asks every room, every SweepEvery of wall time, whether it
// should leave memory (finished, phones gone) or expire (waiting with
// nobody seated); the rooms judge by the hub's clock.
func (h *Hub) sweeper() {
	defer close(h.swept)
	t := time.NewTicker(h.sweepEvery)
	defer t.Stop()
	for {
		select {
		case <-h.quit:
			return
		case <-t.C:
		}
		h.Sweep()
	}
}

// Sweep lets finished rooms whose phones are gone leave memory and expires
// waiting rooms nobody joined, now rather than at the next sweep.
func (h *Hub) Sweep() {
	h.mu.Lock()
	rooms := make([]*Room, 0, len(h.rooms))
	for _, r := range h.rooms {
		rooms = append(rooms, r)
	}
	h.mu.Unlock()
	now := h.clock.Now()
	for _, r := range rooms {
		_ = r.call(func() error { r.sweep(now); return nil })
	}
}

// Live counts the rooms in memory.
func (h *Hub) Live() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.rooms)
}

// forget removes an evicted room from the hub.
func (h *Hub) forget(r *Room) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.rooms[r.code] == r {
		delete(h.rooms, r.code)
	}
}

// Create opens a room for a new match of game. options are the game's own
// JSON (empty for defaults); the seed comes from crypto/rand.
func (h *Hub) Create(game string, options json.RawMessage) (*Room, error) {
	def, ok := h.games[game]
	if !ok {
		return nil, errorf(CodeNotFound, "no game called %q", game)
	}
	if len(options) == 0 || string(options) == "null" {
		options = nil
	} else if !json.Valid(options) {
		return nil, errorf(CodeBadRequest, "options are not valid JSON")
	}
	seed := h.seeds()
	g, err := def.New(options, seed)
	if err != nil {
		return nil, &Error{Code: CodeBadRequest, Message: "options: " + err.Error(), Err: err}
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return nil, errClosed
	}
	code := h.freeCode()
	rec := RoomRecord{Code: code, Game: game, Options: options, Seed: seed, State: StateWaiting, Created: h.clock.Now()}
	if err := h.store.CreateRoom(rec); err != nil {
		h.log.Error("create room", "err", err)
		return nil, &Error{Code: CodeInternal, Message: "the server could not save the new room", Err: err}
	}
	r := newRoom(h, def, rec, g, nil)
	h.rooms[code] = r
	go r.run()
	return r, nil
}

// freeCode draws a join code used by no room, live or stored.
func (h *Hub) freeCode() string {
	for {
		code := newCode()
		if _, live := h.rooms[code]; live {
			continue
		}
		if _, err := h.store.Load(code); err == nil {
			continue
		}
		return code
	}
}

// Get finds a live room by its join code, as typed by a player.
func (h *Hub) Get(code string) (*Room, error) {
	c, ok := NormalizeCode(code)
	if ok {
		h.mu.Lock()
		r := h.rooms[c]
		h.mu.Unlock()
		if r != nil {
			return r, nil
		}
	}
	return nil, errorf(CodeNotFound, "no room with code %q", code)
}

// Open lists the rooms that are not finished, newest first.
func (h *Hub) Open() []Lobby {
	h.mu.Lock()
	out := make([]Lobby, 0, len(h.rooms))
	for _, r := range h.rooms {
		if l := r.Lobby(); l.State != StateFinished {
			out = append(out, l)
		}
	}
	h.mu.Unlock()
	sort.Slice(out, func(i, j int) bool {
		if !out[i].Created.Equal(out[j].Created) {
			return out[i].Created.After(out[j].Created)
		}
		return out[i].Code < out[j].Code
	})
	return out
}

// Resume rebuilds every unfinished room of the store by replaying its log,
// so its seats can reconnect. A room whose log the game now refuses stays
// closed and is reported in the returned error; the others resume anyway.
func (h *Hub) Resume() (int, error) {
	saved, err := h.store.Unfinished()
	if err != nil {
		return 0, fmt.Errorf("rooms: resume: %w", err)
	}
	var errs []error
	n := 0
	for _, s := range saved {
		err := h.resume(s)
		if errors.Is(err, errAbandoned) {
			continue
		}
		if err != nil {
			h.log.Error("ROOM NOT RESUMED: its log no longer replays", "room", s.Room.Code, "err", err)
			errs = append(errs, err)
			continue
		}
		n++
	}
	return n, errors.Join(errs...)
}

func (h *Hub) resume(s SavedRoom) error {
	def, ok := h.games[s.Room.Game]
	if !ok {
		return fmt.Errorf("room %s: game %q is not registered", s.Room.Code, s.Room.Game)
	}
	var hist history
	hist.size = h.history
	var pub int64
	g, err := replay(def, s.Room, s.Commands, func(v int64, events []games.Event) {
		hist.push(v, events)
		if public(events) {
			pub = v
		}
	})
	if err != nil {
		return err
	}
	r := newRoom(h, def, s.Room, g, s.Seats)
	r.log = slices.Clone(s.Commands)
	r.hist = hist
	r.public.Store(pub)
	if n := len(r.log); n > 0 {
		r.version = r.log[n-1].Version
		r.ver.Store(r.version)
	}
	for _, c := range r.log {
		if c.ClientID != "" {
			r.seen[clientKey{c.Seat, c.ClientID}] = c.Version
		}
	}
	// The start command is logged before the state changes: a log without
	// its state change is a match that had started.
	if r.rec.State == StateWaiting && len(r.log) > 0 {
		r.rec.State = StatePlaying
		if err := h.store.SetState(r.code, StatePlaying); err != nil {
			return fmt.Errorf("room %s: %w", r.code, err)
		}
	}
	if o := g.Outcome(); o != nil {
		r.finish(*o)
	}
	// A match nobody played for abandonAfter before the restart ends now.
	r.lastPhone = lastActivity(s)
	if r.abandonIfIdle(h.clock.Now()) {
		return errAbandoned
	}
	// A waiting room that expired while the server was down is not
	// brought back.
	if at, ok := r.expiry(); ok && !h.clock.Now().Before(at) {
		return h.store.Expire(r.code, h.clock.Now())
	}
	r.publishLobby()
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return errClosed
	}
	h.rooms[r.code] = r
	go r.run()
	return nil
}

// replay rebuilds a match from its log. each, if not nil, sees the events
// of every version. A logged command the game refuses is an error: the
// game's rules changed under a stored match.
func replay(def games.Definition, rec RoomRecord, log []CommandRecord, each func(v int64, events []games.Event)) (games.Game, error) {
	g, err := def.New(rec.Options, rec.Seed)
	if err != nil {
		return nil, fmt.Errorf("room %s: new %s: %w", rec.Code, def.Name, err)
	}
	for i, c := range log {
		if c.Version != int64(i+1) {
			return nil, fmt.Errorf("room %s: log row %d has version %d", rec.Code, i+1, c.Version)
		}
		events, err := g.Apply(c.Command())
		if err != nil {
			return nil, fmt.Errorf("room %s: logged command v%d of seat %d is refused on replay: %w", rec.Code, c.Version, c.Seat, err)
		}
		if each != nil {
			each(c.Version, events)
		}
	}
	return g, nil
}

// Close stops every room after the command it is running, drops every
// session, and refuses new rooms. It returns once all rooms have stopped.
func (h *Hub) Close() {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return
	}
	h.closed = true
	rooms := make([]*Room, 0, len(h.rooms))
	for _, r := range h.rooms {
		rooms = append(rooms, r)
	}
	h.mu.Unlock()
	close(h.quit)
	<-h.swept
	for _, r := range rooms {
		r.close()
	}
	for _, r := range rooms {
		<-r.done
	}
}

// Snapshot is one step of a finished match as one seat saw it.
type Snapshot struct {
	Code    string          `json:"code"`
	Game    string          `json:"game"`
	Seat    int             `json:"seat"`
	V       int64           `json:"v"`
	Last    int64           `json:"last"`
	View    json.RawMessage `json:"view"`
	Events  []WireEvent     `json:"events,omitempty"`
	Outcome *games.Outcome  `json:"outcome,omitempty"`
}

// Replay returns the view of seat (or Spectator) at version v of a finished
// match, with the events of that version the seat saw. Unfinished matches
// are not replayed: their secrets are still in play. It rebuilds the match
// for every call; see OpenReplay for stepping through one.
func (h *Hub) Replay(code string, v int64, seat int) (Snapshot, error) {
	p, err := h.OpenReplay(code)
	if err != nil {
		return Snapshot{}, err
	}
	if err := p.MoveTo(v); err != nil {
		return Snapshot{}, err
	}
	return p.Snapshot(seat)
}

// Finished lists finished matches, newest first.
func (h *Hub) Finished(limit int) ([]RoomRecord, error) {
	return h.store.Finished(limit)
}
