package server

import (
	"fmt"
	"strconv"
	"unicode/utf8"

	"github.com/gofiber/fiber/v2"

	"periscope/rooms"
)

// Every query parameter is read through queryNumber or queryText: one
// malformed or out-of-range value answers 400 naming the parameter and
// what it may be, the same on every route, never a default in its place.

// Bounds shared by the routes' parameters.
const (
	// maxOffset bounds a page's offset: far past any night's history, and
	// well inside every integer type the store uses.
	maxOffset = 1_000_000
	// maxSeatParam bounds a seat number; each route then checks the match
	// has that seat (404 when not).
	maxSeatParam = 255
	// maxTextParam bounds a text filter, in characters.
	maxTextParam = 64
)

// queryNumber reads the whole-number query parameter key, def when it is
// absent; a value that is no whole number, or outside lo to hi (an
// overflowing one included), is a bad request naming key.
func queryNumber(c *fiber.Ctx, key string, def, lo, hi int) (int, error) {
	raw := c.Query(key)
	if raw == "" {
		return def, nil
	}
	n, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || n < int64(lo) || n > int64(hi) {
		return 0, &rooms.Error{Code: rooms.CodeBadRequest, Message: fmt.Sprintf("the query parameter %q must be a whole number from %d to %d, not %q", key, lo, hi, clip(raw))}
	}
	return int(n), nil
}

// queryText reads the text query parameter key: valid UTF-8 of at most
// maxTextParam characters.
func queryText(c *fiber.Ctx, key string) (string, error) {
	raw := c.Query(key)
	if !utf8.ValidString(raw) || utf8.RuneCountInString(raw) > maxTextParam {
		return "", &rooms.Error{Code: rooms.CodeBadRequest, Message: fmt.Sprintf("the query parameter %q must be text of at most %d characters", key, maxTextParam)}
	}
	return raw, nil
}

// clip shortens what a refusal quotes back.
func clip(s string) string {
	if len(s) > 24 {
		s = s[:24] + "…"
	}
	return s
}
