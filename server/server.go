package server

import (
	"bytes"
	"context"
	"encoding/json"

	"io/fs"
	"log/slog"
	"net"
	"net/url"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gofiber/contrib/websocket"
	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/filesystem"

	"periscope/games"
	"periscope/rooms"
)

// Config sets up a Server. Zero durations and sizes take the defaults.
type Config struct {
	// Hub runs the rooms. Required.
	Hub *rooms.Hub
	// Stats, when set, answers GET /api/stats.
	Stats func() (any, error)
	// Static, when set, is served at / (index.html for directories).
	Static fs.FS
	// Origins lists extra Origin values allowed to open a websocket, beyond
	// pages served by this server itself ("http://periscope.local:8080").
	Origins []string
	// SendQueue is how many messages may wait for a slow phone before it is
	// dropped (default 256).
	SendQueue int
	// PingEvery is the websocket ping period (default 20s).
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
}

// Server serves the lobby API and the rooms' websockets.
type Server struct {
	cfg  Config
	hub  *rooms.Hub
	app  *fiber.App
	log  *slog.Logger
	wg   sync.WaitGroup
	mu   sync.Mutex
	live map[*websocket.Conn]chan struct{} // closing the channel ends the connection
	down atomic.Bool
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
	s := &Server{cfg: cfg, hub: cfg.Hub, log: cfg.Log, live: make(map[*websocket.Conn]chan struct{})}
	s.app = fiber.New(fiber.Config{
		DisableStartupMessage: true,
		BodyLimit:             rooms.MaxRequest,
		ErrorHandler:          s.handleError,
		ReadTimeout:           30 * time.Second,
		IdleTimeout:           2 * time.Minute,
	})
	s.routes()
	return s
}

func (s *Server) routes() {
	a := s.app
	a.Get("/healthz", func(c *fiber.Ctx) error { return c.SendString("ok") })
	api := a.Group("/api")
	api.Get("/games", func(c *fiber.Ctx) error { return c.JSON(s.hub.Games()) })
	api.Post("/rooms", s.createRoom)
	api.Get("/rooms", func(c *fiber.Ctx) error { return c.JSON(s.hub.Open()) })
	api.Get("/rooms/:code", s.room)
	api.Get("/rooms/:code/qr.svg", s.qrSVG)
	api.Post("/rooms/:code/seats", s.takeSeat)
	api.Get("/replays", s.replays)
	api.Get("/replays/:code/:v", s.replay)
	api.Get("/stats", s.stats)
	api.All("/*", func(c *fiber.Ctx) error {
		return &rooms.Error{Code: rooms.CodeNotFound, Message: "no such API: " + c.Method() + " " + c.Path()}
	})
	a.Get("/ws/:code", s.upgrade, websocket.New(s.serveConn, websocket.Config{
		// Origins are checked in upgrade, which also allows the server's own host.
		Origins:          []string{"*"},
		HandshakeTimeout: 10 * time.Second,
		RecoverHandler: func(c *websocket.Conn) {
			if r := recover(); r != nil {
				s.log.Error("websocket handler panic", "panic", r)
			}
		},
	}))
	if s.cfg.Static != nil {
		s.pageRoutes(a)
		a.Use("/", filesystem.New(filesystem.Config{Root: httpFS(s.cfg.Static), Index: "index.html"}))
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

func (s *Server) replays(c *fiber.Ctx) error {
	limit := c.QueryInt("limit", 50)
	if limit < 1 || limit > 500 {
		return &rooms.Error{Code: rooms.CodeBadRequest, Message: "limit must be 1 to 500"}
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
	seat, err := strconv.Atoi(c.Query("seat", strconv.Itoa(games.Spectator)))
	if err != nil {
		return &rooms.Error{Code: rooms.CodeBadRequest, Message: "the seat must be a whole number (-1 for a spectator)"}
	}
	snap, err := s.hub.Replay(c.Params("code"), v, seat)
	if err != nil {
		return err
	}
	return c.JSON(snap)
}

func (s *Server) stats(c *fiber.Ctx) error {
	if s.cfg.Stats == nil {
		return &rooms.Error{Code: rooms.CodeNotFound, Message: "this server keeps no statistics"}
	}
	st, err := s.cfg.Stats()
	if err != nil {
		return err
	}
	return c.JSON(st)
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
	if origin := c.Get(fiber.HeaderOrigin); !s.originAllowed(origin, c.Hostname()) {
		return &rooms.Error{Code: rooms.CodeForbidden, Message: "pages from " + origin + " may not join rooms here"}
	}
	r, err := s.hub.Get(c.Params("code"))
	if err != nil {
		return err
	}
	c.Locals("room", r)
	return c.Next()
}

// originAllowed accepts clients that send no Origin (not browsers), pages
// served by this host, and the configured origins.
func (s *Server) originAllowed(origin, host string) bool {
	if origin == "" {
		return true
	}
	for _, o := range s.cfg.Origins {
		if o == origin {
			return true
		}
	}
	u, err := url.Parse(origin)
	return err == nil && u.Host != "" && u.Host == host
}

// Serve serves on ln until Shutdown.
func (s *Server) Serve(ln net.Listener) error { return s.app.Listener(ln) }

// Listen serves on addr until Shutdown.
func (s *Server) Listen(addr string) error { return s.app.Listen(addr) }

// Shutdown stops taking connections, closes every websocket with "going
// away" (phones reconnect to the restarted server), and waits for open
// requests, up to ctx.
func (s *Server) Shutdown(ctx context.Context) error {
	s.down.Store(true)
	s.mu.Lock()
	for _, stop := range s.live {
		close(stop)
	}
	s.live = map[*websocket.Conn]chan struct{}{}
	s.mu.Unlock()
	done := make(chan struct{})
	go func() { s.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-ctx.Done():
		return ctx.Err()
	}
	return s.app.ShutdownWithContext(ctx)
}
