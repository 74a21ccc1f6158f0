package server

import (
	"errors"

	"github.com/gofiber/fiber/v2"

	"periscope/rooms"
)

// status maps an error code to its HTTP status: the one place it happens.
func status(code string) int {
	switch code {
	case rooms.CodeBadRequest:
		return fiber.StatusBadRequest
	case rooms.CodeUnauthorized:
		return fiber.StatusUnauthorized
	case rooms.CodeForbidden:
		return fiber.StatusForbidden
	case rooms.CodeNotFound:
		return fiber.StatusNotFound
	case rooms.CodeConflict:
		return fiber.StatusConflict
	case rooms.CodeRefused:
		return fiber.StatusUnprocessableEntity
	case rooms.CodeUnavailable:
		return fiber.StatusServiceUnavailable
	case CodeRateLimited:
		return fiber.StatusTooManyRequests
	}
	return fiber.StatusInternalServerError
}

// codeOf maps Fiber's own errors (unknown route, body too large) to codes.
func codeOf(status int) string {
	switch status {
	case fiber.StatusNotFound:
		return rooms.CodeNotFound
	case fiber.StatusUnauthorized:
		return rooms.CodeUnauthorized
	case fiber.StatusForbidden:
		return rooms.CodeForbidden
	case fiber.StatusConflict:
		return rooms.CodeConflict
	case fiber.StatusServiceUnavailable:
		return rooms.CodeUnavailable
	case fiber.StatusTooManyRequests:
		return CodeRateLimited
	}
	if status >= 400 && status < 500 {
		return rooms.CodeBadRequest
	}
	return rooms.CodeInternal
}

// ErrorBody is the JSON of every failed API request.
type ErrorBody struct {
	Error string `json:"error"`
	Code  string `json:"code"`
	// Rule names the rule that refused the request, when one did
	// ("match_started" for a seat taken mid-match).
	Rule string `json:"rule,omitempty"`
}

// handleError writes err as {error, code} with its status.
func (s *Server) handleError(c *fiber.Ctx, err error) error {
	var fe *fiber.Error
	var body ErrorBody
	var st int
	switch {
	case errors.As(err, &fe):
		st, body = fe.Code, ErrorBody{Error: fe.Message, Code: codeOf(fe.Code)}
	default:
		body = ErrorBody{Error: rooms.ErrorMessage(err), Code: rooms.ErrorCode(err), Rule: rooms.ErrorRule(err)}
		st = status(body.Code)
	}
	s.httpRefusals.add(body.Code)
	if st >= 500 {
		s.log.Error("request failed", "method", c.Method(), "path", c.Path(), "err", err)
	}
	return c.Status(st).JSON(body)
}
