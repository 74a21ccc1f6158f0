package server

import (
	"fmt"
	"html"
	"io/fs"
	"strings"

	"github.com/gofiber/fiber/v2"
	"github.com/gofiber/fiber/v2/middleware/etag"
	"github.com/gofiber/fiber/v2/middleware/filesystem"
	"rsc.io/qr"

	"periscope/rooms"
)

// assetMaxAge is how long a phone may reuse a script, style or image
// without asking. Names carry no hash, so it stays short: after an upgrade
// a phone runs the old scripts for five minutes at most.
const assetMaxAge = "public, max-age=300"

// staticRoutes serves the pages and their assets with validators (a weak
// ETag, so one tag serves the gzip, brotli and plain bodies alike: a phone
// that has the file gets 304 and no body) and Cache-Control: pages are
// always revalidated, assets reused for assetMaxAge. Compression is the
// app-wide compress middleware, outside of this.
func (s *Server) staticRoutes(a *fiber.App) {
	a.Use(etag.New(etag.Config{Weak: true}), cacheControl)
	s.pageRoutes(a)
	a.Use("/", filesystem.New(filesystem.Config{Root: httpFS(s.cfg.Static), Index: "index.html"}))
}

// cacheControl marks a static answer for the browser's cache.
func cacheControl(c *fiber.Ctx) error {
	if err := c.Next(); err != nil {
		return err
	}
	switch st := c.Response().StatusCode(); {
	case st != fiber.StatusOK && st != fiber.StatusNotModified:
	case isPage(c.Path()):
		c.Set(fiber.HeaderCacheControl, "no-cache")
	default:
		c.Set(fiber.HeaderCacheControl, assetMaxAge)
	}
	return nil
}

// isPage tells a page (HTML, revalidated on every load) from an asset.
func isPage(path string) bool {
	return strings.HasSuffix(path, "/") || strings.HasSuffix(path, ".html") ||
		strings.HasPrefix(path, "/join/") || strings.HasPrefix(path, "/table/") ||
		path == "/history" || strings.HasPrefix(path, "/match/")
}

// pageRoutes serves the short links a table uses: /join/CODE opens the
// lobby on that room (the QR code points there), /table/CODE the table
// screen. The pages read the code from their own path.
func (s *Server) pageRoutes(a *fiber.App) {
	page := func(name string) fiber.Handler {
		return func(c *fiber.Ctx) error {
			b, err := fs.ReadFile(s.cfg.Static, name)
			if err != nil {
				return &rooms.Error{Code: rooms.CodeNotFound, Message: "no page " + name}
			}
			c.Type("html", "utf-8")
			return c.Send(b)
		}
	}
	a.Get("/join/:code", page("index.html"))
	a.Get("/table/:code", func(c *fiber.Ctx) error {
		return page(s.tablePage(c.Params("code")))(c)
	})
	a.Get("/history", page("history.html"))
	a.Get("/match/:code", page("match.html"))
	s.pwaRoutes(a)
}

// tablePage is the page /table/CODE serves: its game's TablePage, or the
// game's own page, which reads the code from the path and, holding no
// seat, watches as the table screen; table.html (which also says when a
// room is gone) for unknown codes and a page the server does not hold.
func (s *Server) tablePage(code string) string {
	r, err := s.hub.Get(code)
	if err != nil {
		return "table.html"
	}
	game := r.Lobby().Game
	for _, d := range s.hub.Games() {
		if d.Name != game {
			continue
		}
		page := d.TablePage
		if page == "" {
			page = d.Page
		}
		name := strings.TrimPrefix(page, "/")
		if _, err := fs.Stat(s.cfg.Static, name); name != "" && err == nil {
			return name
		}
	}
	return "table.html"
}

// joinURL is the link phones open to join room code: always on the
// server's own public address. The request's Host header is not used: any
// client on the Wi-Fi may forge it and send phones elsewhere.
func (s *Server) joinURL(code string) string {
	return *s.public.Load() + "/join/" + code
}

// JoinLink is the body of GET /api/rooms/:code/link.
type JoinLink struct {
	Code string `json:"code"`
	URL  string `json:"url"`
}

// joinLink answers GET /api/rooms/:code/link: the join link the QR code
// holds, for pages to print beside it.
func (s *Server) joinLink(c *fiber.Ctx) error {
	r, err := s.hub.Get(c.Params("code"))
	if err != nil {
		return err
	}
	code := r.Code()
	return c.JSON(JoinLink{Code: code, URL: s.joinURL(code)})
}

// qrSVG answers GET /api/rooms/:code/qr.svg: a QR code of the room's join
// link, drawn for the lobby and the table screen to show.
func (s *Server) qrSVG(c *fiber.Ctx) error {
	r, err := s.hub.Get(c.Params("code"))
	if err != nil {
		return err
	}
	link := s.joinURL(r.Code())
	svg, err := qrcodeSVG(link)
	if err != nil {
		return err
	}
	c.Set(fiber.HeaderCacheControl, "no-store")
	c.Type("svg")
	return c.SendString(svg)
}

// qrcodeSVG draws text as a QR code, one square per module, with the quiet
// zone of four modules the standard asks for. Black on white whatever the
// page theme: phone cameras need the contrast.
func qrcodeSVG(text string) (string, error) {
	code, err := qr.Encode(text, qr.M)
	if err != nil {
		return "", fmt.Errorf("qr code of %q: %w", text, err)
	}
	const quiet = 4
	n := code.Size + 2*quiet
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges" role="img" aria-label="QR code: %s">`, n, n, html.EscapeString(text))
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="#fff"/><path fill="#000" d="`, n, n)
	for y := 0; y < code.Size; y++ {
		for x := 0; x < code.Size; x++ {
			if code.Black(x, y) {
				fmt.Fprintf(&b, "M%d %dh1v1h-1z", x+quiet, y+quiet)
			}
		}
	}
	b.WriteString(`"/></svg>`)
	return b.String(), nil
}
