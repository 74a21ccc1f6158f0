package server

import (
	"testing"

	"periscope/rooms"
)

// FuzzDecode feeds any body to the lobby API's strict decoder: it accepts
// or refuses with bad_request, never panics.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"game":"race","options":{"seats":2}}`, `{"seat":1,"name":"Ana"}`,
		`{"seat":"1"}`, `{"game":1}`, `{} {}`, `[`, ``, `null`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		for _, v := range []any{&CreateRequest{}, &SeatRequest{}} {
			if err := decode(body, v); err != nil && rooms.ErrorCode(err) != rooms.CodeBadRequest {
				t.Fatalf("decode(%q) = %v with code %s", body, err, rooms.ErrorCode(err))
			}
		}
	})
}
