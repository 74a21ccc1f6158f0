package server

import (
	"fmt"
	"io/fs"
	"strings"

	"github.com/gofiber/fiber/v2"
	"rsc.io/qr"

	"periscope/rooms"
)

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
	a.Get("/table/:code", page("table.html"))
}

// qrSVG answers GET /api/rooms/:code/qr.svg: a QR code of the room's join
// link, drawn for the lobby and the table screen to show. The link uses the
// host the asking page came through, so phones scan an address that works
// on this LAN.
func (s *Server) qrSVG(c *fiber.Ctx) error {
	r, err := s.hub.Get(c.Params("code"))
	if err != nil {
		return err
	}
	link := c.BaseURL() + "/join/" + r.Lobby().Code
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
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" shape-rendering="crispEdges" role="img" aria-label="QR code: %s">`, n, n, text)
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
