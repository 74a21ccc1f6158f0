package server

import (
	"fmt"
	"mime"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/limiter"

	"periscope/rooms"
)

// CodeRateLimited is the error code of a request refused because its
// address sent too many of that kind lately (HTTP 429, with Retry-After).
const CodeRateLimited = "rate_limited"

// Default limits per client address. A game night sees one or two rooms
// and a seat or two per phone in a minute; a script sees the refusal
// within its first second.
const (
	defaultRoomsPerMinute  = 20
	defaultSeatsPerMinute  = 60
	defaultWritesPerMinute = 120
	// A phone keeps one websocket, a laptop a few tabs; a phone that
	// lost its network reconnects with a backoff.
	defaultSocketsPerAddress = 64
	defaultSocketsPerMinute  = 120
	// Stepping through a debrief by hand, or playing it at 4 steps a
	// second, stays far below.
	defaultReplaysPerMinute = 600
	defaultLimitWindow      = time.Minute
)

// safeMethod reports whether m never changes state: those requests need no
// cross-site check and no rate limit.
func safeMethod(m string) bool {
	return m == fiber.MethodGet || m == fiber.MethodHead || m == fiber.MethodOptions
}

// sameSite refuses requests a page of another site makes in a player's
// browser: the websocket upgrade and every state-changing request call it.
// Clients that send neither Origin nor Sec-Fetch-Site (not browsers: the
// client package, curl, tests) are allowed.
func (s *Server) sameSite(c *fiber.Ctx) error {
	origin := c.Get(fiber.HeaderOrigin)
	if origin != "" {
		if !s.originAllowed(origin, c.Hostname()) {
			return &rooms.Error{Code: rooms.CodeForbidden, Message: "pages from " + origin + " may not use this server: open the game at " + *s.public.Load() + " (or list the page's origin in -origins)"}
		}
		return nil
	}
	// Browsers send Origin on every POST and websocket; a browser that
	// left it out still tells where the request comes from.
	switch site := c.Get("Sec-Fetch-Site"); site {
	case "cross-site", "same-site":
		return &rooms.Error{Code: rooms.CodeForbidden, Message: "requests from another site (Sec-Fetch-Site: " + site + ") may not use this server"}
	}
	return nil
}

// originAllowed accepts clients that send no Origin (not browsers), the
// configured origins and the public URL's, and pages served by this host.
// A page is this host's when its origin is the Host it asked for and that
// Host is a name a LAN server answers to (see lanName): with DNS rebinding
// a page of the attacker's own domain reaches this server under that
// domain's name, Origin and Host alike.
func (s *Server) originAllowed(origin, host string) bool {
	if origin == "" {
		return true
	}
	if origin == *s.public.Load() {
		return true
	}
	for _, o := range s.cfg.Origins {
		if o == origin {
			return true
		}
	}
	u, err := url.Parse(origin)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && u.Host == host && lanName(u.Hostname())
}

// lanName reports whether host is an address or a name only the local
// network resolves: an IP, localhost, a single label ("raspberrypi"), or
// a suffix home routers and mDNS use. Other names are served too, but
// pages under them change nothing unless listed in Origins or PublicURL.
func lanName(host string) bool {
	if net.ParseIP(host) != nil {
		return true
	}
	h := strings.ToLower(strings.TrimSuffix(host, "."))
	if h == "localhost" || (h != "" && !strings.Contains(h, ".")) {
		return true
	}
	for _, suffix := range []string{".local", ".lan", ".home", ".home.arpa", ".internal", ".localdomain", ".localhost"} {
		if strings.HasSuffix(h, suffix) {
			return true
		}
	}
	return false
}

// guardWrites checks every state-changing request before its handler:
// same site, within the address's overall budget, a JSON body.
func (s *Server) guardWrites() fiber.Handler {
	all := s.limit(s.cfg.WriteLimit, "requests that change something")
	return func(c *fiber.Ctx) error {
		if safeMethod(c.Method()) {
			return c.Next()
		}
		if err := s.sameSite(c); err != nil {
			return err
		}
		if enc := bodyEncoding(c); enc != "" {
			return fiber.NewError(fiber.StatusUnsupportedMediaType, "send the body uncompressed: Content-Encoding "+enc+" is not read")
		}
		return all(c)
	}
}

// bodyEncoding is the Content-Encoding of a request body, "" for none.
// Fiber inflates such bodies whole, layer after layer, past BodyLimit
// (which counts the bytes on the wire): a few kilobytes of nested gzip
// would become gigabytes. The pages never compress what they send.
func bodyEncoding(c *fiber.Ctx) string {
	for k, v := range c.Request().Header.All() {
		if strings.EqualFold(string(k), fiber.HeaderContentEncoding) {
			if e := strings.TrimSpace(string(v)); e != "" && !strings.EqualFold(e, "identity") {
				return e
			}
		}
	}
	return ""
}

// jsonBody refuses a request body that is not declared as JSON: the pages
// send application/json, and a form another site posts cannot.
func jsonBody(c *fiber.Ctx) error {
	ct := c.Get(fiber.HeaderContentType)
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil || mt != fiber.MIMEApplicationJSON {
		if ct == "" {
			ct = "none"
		}
		return fiber.NewError(fiber.StatusUnsupportedMediaType, "send the body as JSON with Content-Type: application/json (got "+ct+")")
	}
	return c.Next()
}

// limit allows n requests per address in each LimitWindow; what names
// the requests in the refusal. A negative n turns the limit off.
func (s *Server) limit(n int, what string) fiber.Handler {
	if n < 0 {
		return func(c *fiber.Ctx) error { return c.Next() }
	}
	window := s.cfg.LimitWindow
	return limiter.New(limiter.Config{
		Max:          n,
		Expiration:   window,
		KeyGenerator: clientKey,
		// A fixed window, so that Retry-After is exact: the count starts
		// again at the second it names.
		LimiterMiddleware: limiter.FixedWindow{},
		LimitReached: func(c *fiber.Ctx) error {
			wait, _ := strconv.Atoi(string(c.Response().Header.Peek(fiber.HeaderRetryAfter)))
			return &rooms.Error{Code: CodeRateLimited, Message: fmt.Sprintf(
				"too many %s from this address (%d per %s): try again in %d s", what, n, window, max(wait, 1))}
		},
	})
}

// phones is limit for what phones do, which the server's own machine
// (load tools, a laptop's table screen) is spared.
func (s *Server) phones(n int, what string) fiber.Handler {
	l := s.limit(n, what)
	return func(c *fiber.Ctx) error {
		if phoneAddr(c) == "" {
			return c.Next()
		}
		return l(c)
	}
}

// clientKey is what a limit counts by: the client's IPv4 address, or the
// /64 of an IPv6 one, since a single device may hold a whole /64.
func clientKey(c *fiber.Ctx) string {
	ip := net.ParseIP(c.IP())
	if ip == nil {
		return c.IP()
	}
	if ip.To4() == nil {
		return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
	}
	return ip.String()
}

// phoneAddr is what a room's per-address limits count a websocket by: the
// limits' client key, or "" (not counted) for this machine itself, where
// load tools and the table screen of a laptop run.
func phoneAddr(c *fiber.Ctx) string {
	if ip := net.ParseIP(c.IP()); ip != nil && ip.IsLoopback() {
		return ""
	}
	return clientKey(c)
}

// socketRoom refuses a websocket when addr already has SocketLimit open:
// idle sockets cost the server memory and goroutines, and a script could
// open thousands.
func (s *Server) socketRoom(addr string) error {
	if addr == "" || s.cfg.SocketLimit < 0 {
		return nil
	}
	s.mu.Lock()
	n := s.sockets[addr]
	s.mu.Unlock()
	if n >= s.cfg.SocketLimit {
		return &rooms.Error{Code: CodeRateLimited, Message: fmt.Sprintf(
			"this address has %d connections open already, the most one address may: close some first", n)}
	}
	return nil
}

// socketOpened and socketClosed keep the count socketRoom checks. The
// check comes before the upgrade and the count after it, so a burst may
// pass the bound by a few: it bounds a flood, not a count to the unit.
func (s *Server) socketOpened(addr string) {
	if addr == "" {
		return
	}
	s.mu.Lock()
	s.sockets[addr]++
	s.mu.Unlock()
}

func (s *Server) socketClosed(addr string) {
	if addr == "" {
		return
	}
	s.mu.Lock()
	if s.sockets[addr]--; s.sockets[addr] <= 0 {
		delete(s.sockets, addr)
	}
	s.mu.Unlock()
}
