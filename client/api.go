package client

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"

	"periscope/games"
	"periscope/rooms"
)

// Error is a refusal from the server, over HTTP or the websocket.
type Error struct {
	Status  int    // HTTP status; 0 for websocket errors
	Code    string // rooms.Code*
	Rule    string // the game rule of a refused command
	Message string
	ID      string // the client id the error answers, for websocket errors
}

func (e *Error) Error() string {
	if e.Status != 0 {
		return fmt.Sprintf("%s (%d %s)", e.Message, e.Status, e.Code)
	}
	return fmt.Sprintf("%s (%s)", e.Message, e.Code)
}

// API is the lobby HTTP API of a server.
type API struct {
	// Base is the server's address: "http://127.0.0.1:8080".
	Base string
	// HTTP defaults to http.DefaultClient.
	HTTP *http.Client
}

func (a API) do(ctx context.Context, method, path string, body, out any) error {
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			return err
		}
		rd = bytes.NewReader(b)
	}
	req, err := http.NewRequestWithContext(ctx, method, strings.TrimSuffix(a.Base, "/")+path, rd)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	hc := a.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, 16<<20))
	if err != nil {
		return err
	}
	if resp.StatusCode >= 300 {
		return httpError(resp.StatusCode, data)
	}
	if out == nil {
		return nil
	}
	return json.Unmarshal(data, out)
}

func httpError(status int, data []byte) error {
	var e struct {
		Error string `json:"error"`
		Code  string `json:"code"`
	}
	if json.Unmarshal(data, &e) != nil || e.Code == "" {
		return &Error{Status: status, Code: rooms.CodeInternal, Message: strings.TrimSpace(string(data))}
	}
	return &Error{Status: status, Code: e.Code, Message: e.Error}
}

// Games lists the games the server offers.
func (a API) Games(ctx context.Context) ([]games.Definition, error) {
	var out []games.Definition
	return out, a.do(ctx, http.MethodGet, "/api/games", nil, &out)
}

// Create opens a room; options is the game's own options (nil for defaults).
func (a API) Create(ctx context.Context, game string, options any) (rooms.Lobby, error) {
	body := map[string]any{"game": game}
	if options != nil {
		body["options"] = options
	}
	var out rooms.Lobby
	return out, a.do(ctx, http.MethodPost, "/api/rooms", body, &out)
}

// Rooms lists the rooms that are not finished.
func (a API) Rooms(ctx context.Context) ([]rooms.Lobby, error) {
	var out []rooms.Lobby
	return out, a.do(ctx, http.MethodGet, "/api/rooms", nil, &out)
}

// Room returns one room's lobby.
func (a API) Room(ctx context.Context, code string) (rooms.Lobby, error) {
	var out rooms.Lobby
	return out, a.do(ctx, http.MethodGet, "/api/rooms/"+url.PathEscape(code), nil, &out)
}

// Take takes a seat and returns its secret token.
func (a API) Take(ctx context.Context, code string, seat int, name string) (string, error) {
	var out struct {
		Token string `json:"token"`
	}
	err := a.do(ctx, http.MethodPost, "/api/rooms/"+url.PathEscape(code)+"/seats", map[string]any{"seat": seat, "name": name}, &out)
	return out.Token, err
}

// Replay returns a finished match at version v as seat saw it.
func (a API) Replay(ctx context.Context, code string, v int64, seat int) (rooms.Snapshot, error) {
	var out rooms.Snapshot
	return out, a.do(ctx, http.MethodGet, fmt.Sprintf("/api/replays/%s/%d?seat=%d", url.PathEscape(code), v, seat), nil, &out)
}

// Finished lists finished matches, newest first.
func (a API) Finished(ctx context.Context, limit int) ([]rooms.RoomRecord, error) {
	var out []rooms.RoomRecord
	return out, a.do(ctx, http.MethodGet, fmt.Sprintf("/api/replays?limit=%d", limit), nil, &out)
}
