package server

import (
	"bytes"
	"context"
	"encoding/json"

	"io/fs"
	"log/slog"
	"net"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	fws "github.com/fasthttp/websocket"
	"github.com/gofiber/contrib/websocket"
	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/compress"

	"periscope/games"
	"periscope/rooms"
)

// Config sets up a Server. Zero durations and sizes take the defaults.
type Config struct {
	// Hub runs the rooms. Required.
	Hub *rooms.Hub
	// History, when set, answers the history, match debrief and stats
	// endpoints (history.go); without it they are not found.
	History History
	// Static, when set, is served at / (index.html for directories).
	Static fs.FS
	// Origins lists extra Origin values allowed to open a websocket or
	// change anything, beyond pages served by this server itself
	// ("http://periscope.local:8080").
	Origins []string
	// PublicURL is the address phones reach this server at
	// ("http://192.168.1.20:8080"): join links and QR codes are built from
	// it, never from a request's Host header, which any client may forge.
	// When empty, Serve takes the listener's address.
	PublicURL string
	// RoomLimit, SeatLimit and WriteLimit bound what one client address
	// may do in each LimitWindow: rooms created, seats taken, and
	// state-changing requests of any kind together. Zero takes the default
	// (20, 60, 120), a negative value turns that limit off (load tools).
	RoomLimit, SeatLimit, WriteLimit int
	// LimitWindow is the window of those limits (default 1 minute).
	LimitWindow time.Duration
	// SocketLimit bounds the websockets one address may have open at once
	// (default 64; negative: no bound). The server's own machine is not
	// counted: load tools and a laptop's table screen run there.
	SocketLimit int
	// SocketRate bounds the websockets one address may open in each
	// LimitWindow (default 120; negative: no bound): every connection
	// costs a welcome with the match's whole log. Loopback is spared.
	SocketRate int
	// ReplayRate bounds the replay steps (GET /api/replays/:code/:v) one
	// address may ask for in each LimitWindow (default 600; negative: no
	// bound): a step the cache misses replays the match up to it, so a
	// script asking for random versions would keep the server busy.
	// Loopback is spared.
	ReplayRate int
	// ReplayCache bounds the bytes of replay answers kept in memory
	// (default 16 MiB); ReplayCursors the finished matches held open for
	// stepping (default 8). See replay.go.
	ReplayCache   int
	ReplayCursors int
	// FileLimit is the process's file descriptor limit (see
	// RaiseFileLimit); 0 reads the limit in force (1,024 if unknown). Conns and ConnsPerAddress
	// bound the TCP connections open at once, in all and from one address
	// (the server's own machine is not counted there: see connKey); zero
	// takes ConnLimits(FileLimit), a negative value no bound. A connection
	// over a bound is closed as soon as it is accepted.
	FileLimit              int
	Conns, ConnsPerAddress int
	// SendQueue is how many messages may wait for a slow phone before it is
	// dropped (default 256).
	SendQueue int
	// PingEvery is the websocket ping period of a phone that sends
	// nothing (default 20s): one that sends frames is not pinged.
	PingEvery time.Duration
	// ReadTimeout drops a phone silent for that long, pongs included
	// (default 60s).
	ReadTimeout time.Duration
	// WriteTimeout bounds one frame's write (default 10s).
	WriteTimeout time.Duration
	// MaxFrame is the largest frame read at all: larger ones close the
	// connection (default 64 KiB). Frames over rooms.MaxRequest but within
	// MaxFrame get an error reply and the connection stays.
	MaxFrame int64
	// Log defaults to slog.Default().
	Log *slog.Logger
	// Health, when set, is asked by /healthz whether the database answers
	// (db.DB.Check); DatabaseSize gives /metrics the database's bytes.
	Health       func(context.Context) error
	DatabaseSize func() (int64, error)
	// Version labels /metrics' periscope_build_info (periscope -version).
	Version string
	// AccessLog logs every request at info level (ops.go).
	AccessLog bool
}

// Server serves the lobby API and the rooms' websockets.
type Server struct {
	cfg  Config
	hub  *rooms.Hub
	app  *fiber.App
	log  *slog.Logger
	wg   sync.WaitGroup
	mu   sync.Mutex
	live map[*fws.Conn]*phone // every open websocket, to close at Shutdown and to ping
	// pinging: the pinger runs (it stops when no phone is left).
	pinging bool
	// sockets counts the open websockets per address (phoneAddr).
	sockets map[string]int
	down    atomic.Bool

	public  atomic.Pointer[string] // PublicURL, filled by Serve when empty
	replays *replayCache
	hist    historyState
	// httpRefusals counts the API's error answers by code, for /metrics.
	httpRefusals codeCounts
}

// orDefault keeps a set value (negative ones included: "off") and
// replaces zero by def.
func orDefault(v, def int) int {
	if v == 0 {
		return def
	}
	return v
}

// New builds a server.
func New(cfg Config) *Server {
	if cfg.SendQueue <= 0 {
		cfg.SendQueue = 256
	}
	if cfg.PingEvery <= 0 {
		cfg.PingEvery = 20 * time.Second
	}
	if cfg.ReadTimeout <= 0 {
		cfg.ReadTimeout = 60 * time.Second
	}
	if cfg.WriteTimeout <= 0 {
		cfg.WriteTimeout = 10 * time.Second
	}
	if cfg.MaxFrame <= 0 {
		cfg.MaxFrame = 64 << 10
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	cfg.RoomLimit = orDefault(cfg.RoomLimit, defaultRoomsPerMinute)
	cfg.SeatLimit = orDefault(cfg.SeatLimit, defaultSeatsPerMinute)
	cfg.WriteLimit = orDefault(cfg.WriteLimit, defaultWritesPerMinute)
	if cfg.LimitWindow <= 0 {
		cfg.LimitWindow = defaultLimitWindow
	}
	cfg.ReplayCache = orDefault(cfg.ReplayCache, 16<<20)
	cfg.ReplayCursors = orDefault(cfg.ReplayCursors, 8)
	cfg.PublicURL = strings.TrimSuffix(cfg.PublicURL, "/")
	cfg.SocketLimit = orDefault(cfg.SocketLimit, defaultSocketsPerAddress)
	cfg.SocketRate = orDefault(cfg.SocketRate, defaultSocketsPerMinute)
	cfg.ReplayRate = orDefault(cfg.ReplayRate, defaultReplaysPerMinute)
	if cfg.FileLimit <= 0 {
		cfg.FileLimit = currentFileLimit()
	}
	total, per := ConnLimits(cfg.FileLimit)
	cfg.Conns = orDefault(cfg.Conns, total)
	cfg.ConnsPerAddress = orDefault(cfg.ConnsPerAddress, per)
	s := &Server{cfg: cfg, hub: cfg.Hub, log: cfg.Log, live: make(map[*fws.Conn]*phone), sockets: make(map[string]int)}
	s.replays = newReplayCache(cfg.Hub, cfg.ReplayCache, cfg.ReplayCursors)
	s.public.Store(&cfg.PublicURL)
	s.app = fiber.New(fiber.Config{
		DisableStartupMessage: true,
		BodyLimit:             rooms.MaxRequest,
		ErrorHandler:          s.handleError,
		ReadTimeout:           30 * time.Second,
		IdleTimeout:           2 * time.Minute,
		// fasthttp lets go of a connection's 4 KiB read buffer once a
		// request is read whole, rather than keeping it for the next one:
		// a websocket's connection then reads without it for its whole
		// life (conn.go), and an idle keep-alive connection holds none.
		ReduceMemoryUsage: true,
	})
	// A websocket's goroutines outlive the upgrade's handler (handOff in
	// conn.go): fasthttp must neither close its connection when it
	// returns nor keep the request's context until the phone hangs up.
	s.app.Server().KeepHijackedConns = true
	s.routes()
	return s
}

func (s *Server) routes() {
	a := s.app
	if s.cfg.AccessLog {
		a.Use(s.accessLog)
	}
	// Every state-changing request, whatever its route: same site, and
	// within the address's overall budget.
	a.Use(s.guardWrites())
	// Websocket upgrades are hijacked: nothing to compress there.
	a.Use(compress.New(compress.Config{Next: func(c *fiber.Ctx) bool { return strings.HasPrefix(c.Path(), "/ws/") }}))
	a.Get("/healthz", s.healthz)
	s.metricsRoutes(a)
	api := a.Group("/api")
	api.Get("/games", func(c *fiber.Ctx) error { return c.JSON(s.hub.Games()) })
	api.Post("/rooms", s.limit(s.cfg.RoomLimit, "new rooms"), jsonBody, s.createRoom)
	api.Get("/rooms", s.openRooms)
	api.Get("/rooms/:code", s.room)
	api.Get("/rooms/:code/qr.svg", s.qrSVG)
	api.Get("/rooms/:code/link", s.joinLink)
	api.Post("/rooms/:code/seats", s.limit(s.cfg.SeatLimit, "seats taken"), jsonBody, s.takeSeat)
	api.Get("/replays", s.finished)
	api.Get("/replays/:code/:v", s.phones(s.cfg.ReplayRate, "replay steps"), s.replay)
	s.historyRoutes(api)
	api.All("/*", func(c *fiber.Ctx) error {
		return &rooms.Error{Code: rooms.CodeNotFound, Message: "no such API: " + c.Method() + " " + c.Path()}
	})
	a.Get("/ws/:code", s.phones(s.cfg.SocketRate, "connections"), s.upgrade, websocket.New(s.handOff, s.socketConfig()))
	if s.cfg.Static != nil {
		s.staticRoutes(a)
	}
}

// decode reads a JSON body strictly into v.
func decode(body []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return &rooms.Error{Code: rooms.CodeBadRequest, Message: "malformed request body: " + err.Error(), Err: err}
	}
	if dec.More() {
		return &rooms.Error{Code: rooms.CodeBadRequest, Message: "malformed request body: more than one JSON value"}
	}
	return nil
}

// CreateRequest is the body of POST /api/rooms.
type CreateRequest struct {
	Game    string          `json:"game"`
	Options json.RawMessage `json:"options,omitempty"`
}

func (s *Server) createRoom(c *fiber.Ctx) error {
	var req CreateRequest
	if err := decode(c.Body(), &req); err != nil {
		return err
	}
	if req.Game == "" {
		return &rooms.Error{Code: rooms.CodeBadRequest, Message: `which game? the body needs "game"`}
	}
	r, err := s.hub.Create(req.Game, req.Options)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(r.Lobby())
}

func (s *Server) room(c *fiber.Ctx) error {
	r, err := s.hub.Get(c.Params("code"))
	if err != nil {
		return err
	}
	return c.JSON(r.Lobby())
}

// SeatRequest is the body of POST /api/rooms/:code/seats.
type SeatRequest struct {
	Seat *int   `json:"seat"`
	Name string `json:"name"`
}

// SeatResponse holds the secret token of a seat just taken. The phone keeps
// it; the server keeps only its hash.
type SeatResponse struct {
	Token string      `json:"token"`
	Seat  int         `json:"seat"`
	Room  rooms.Lobby `json:"room"`
}

func (s *Server) takeSeat(c *fiber.Ctx) error {
	r, err := s.hub.Get(c.Params("code"))
	if err != nil {
		return err
	}
	var req SeatRequest
	if err := decode(c.Body(), &req); err != nil {
		return err
	}
	if req.Seat == nil {
		return &rooms.Error{Code: rooms.CodeBadRequest, Message: `which seat? the body needs "seat"`}
	}
	token, err := r.Take(*req.Seat, req.Name)
	if err != nil {
		return err
	}
	return c.Status(fiber.StatusCreated).JSON(SeatResponse{Token: token, Seat: *req.Seat, Room: r.Lobby()})
}

// Bounds of GET /api/rooms?limit=&offset=.
const (
	defaultRoomsPage = 50
	maxRoomsPage     = 200
)

// openRooms answers GET /api/rooms: one page of the rooms not finished,
// newest first. X-Total-Count says how many there are in all.
func (s *Server) openRooms(c *fiber.Ctx) error {
	limit, err := queryNumber(c, "limit", defaultRoomsPage, 1, maxRoomsPage)
	if err != nil {
		return err
	}
	offset, err := queryNumber(c, "offset", 0, 0, maxOffset)
	if err != nil {
		return err
	}
	open := s.hub.Open()
	c.Set("X-Total-Count", strconv.Itoa(len(open)))
	open = open[min(offset, len(open)):]
	return c.JSON(open[:min(limit, len(open))])
}

func (s *Server) finished(c *fiber.Ctx) error {
	limit, err := queryNumber(c, "limit", 50, 1, 500)
	if err != nil {
		return err
	}
	list, err := s.hub.Finished(limit)
	if err != nil {
		return err
	}
	if list == nil {
		list = []rooms.RoomRecord{}
	}
	return c.JSON(list)
}

func (s *Server) replay(c *fiber.Ctx) error {
	v, err := strconv.ParseInt(c.Params("v"), 10, 64)
	if err != nil {
		return &rooms.Error{Code: rooms.CodeBadRequest, Message: "the version must be a whole number"}
	}
	seat, err := queryNumber(c, "seat", games.Spectator, games.Spectator, maxSeatParam)
	if err != nil {
		return err
	}
	body, err := s.replays.get(c.Params("code"), v, seat)
	if err != nil {
		return err
	}
	// A finished match never changes: phones may keep what they stepped through.
	c.Set(fiber.HeaderCacheControl, "private, max-age=3600")
	c.Set(fiber.HeaderContentType, fiber.MIMEApplicationJSONCharsetUTF8)
	return c.Send(body)
}

// upgrade checks a websocket request before the upgrade: a real websocket,
// an allowed origin, a live room.
func (s *Server) upgrade(c *fiber.Ctx) error {
	if !websocket.IsWebSocketUpgrade(c) {
		return fiber.ErrUpgradeRequired
	}
	if s.down.Load() {
		return &rooms.Error{Code: rooms.CodeUnavailable, Message: "the server is shutting down"}
	}
	if err := s.sameSite(c); err != nil {
		return err
	}
	r, err := s.hub.Get(c.Params("code"))
	if err != nil {
		return err
	}
	addr := phoneAddr(c)
	if err := s.socketRoom(addr); err != nil {
		return err
	}
	c.Locals("room", r)
	c.Locals("addr", addr)
	// The socket's raw side, not the connection: fasthttp closes the
	// request's values that can be closed when it lets go of the request.
	if raw := rawOf(c.Context().Conn()); raw != nil {
		c.Locals("raw", raw)
	}
	return c.Next()
}

// Serve serves on ln until Shutdown. Without a PublicURL, join links use
// the listener's address (localhost when it listens on every interface).
func (s *Server) Serve(ln net.Listener) error {
	if *s.public.Load() == "" {
		u := listenerURL(ln.Addr())
		s.public.Store(&u)
	}
	return s.app.Listener(newGuardedListener(ln, s.cfg.Conns, s.cfg.ConnsPerAddress, s.log))
}

// ConnBounds are the connection bounds in force: in all and from one
// address (negative: none).
func (s *Server) ConnBounds() (total, perAddress int) {
	return s.cfg.Conns, s.cfg.ConnsPerAddress
}

// Listen serves on addr until Shutdown.
func (s *Server) Listen(addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	return s.Serve(ln)
}

// listenerURL is http://host:port of a listening address; an unspecified
// host (":8080") becomes localhost.
func listenerURL(a net.Addr) string {
	host, port, err := net.SplitHostPort(a.String())
	if err != nil {
		return "http://" + a.String()
	}
	if ip := net.ParseIP(host); ip == nil || ip.IsUnspecified() {
		host = "localhost"
	}
	return "http://" + net.JoinHostPort(host, port)
}

// Shutdown stops taking connections, closes every websocket with "going
// away" (phones reconnect to the restarted server), and waits for open
// requests, up to ctx.
func (s *Server) Shutdown(ctx context.Context) error {
	s.down.Store(true)
	s.mu.Lock()
	for _, p := range s.live {
		p.stop()
	}
	s.live = map[*fws.Conn]*phone{}
	s.mu.Unlock()
	done := make(chan struct{})
	go func() { s.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
		// The listener closes all the same: a wait that ran out must not
		// leave the server taking new requests.
		_ = s.app.ShutdownWithContext(ctx)
		return ctx.Err()
	}
	return s.app.ShutdownWithContext(ctx)
}
