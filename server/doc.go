// Package server is the HTTP and WebSocket face of Periscope, on Fiber v2
// and its contrib websocket.
//
// It stays thin on purpose: the protocol lives in package rooms, and this
// package only moves frames and JSON between the network and a rooms.Hub,
// so a move to Fiber v3 touches nothing else.
//
// Routes (docs/protocol.md has every message with examples):
//
//	GET  /healthz                      "ok" while the database answers, 503 otherwise
//	GET  /metrics                      Prometheus text, to loopback only (ops.go)
//	GET  /api/games                    the games the lobby offers
//	POST /api/rooms                    {game, options} -> the new room
//	GET  /api/rooms                    rooms not finished, newest first
//	GET  /api/rooms/:code              one room's lobby
//	POST /api/rooms/:code/seats        {seat, name} -> {token, seat, room}
//	GET  /api/replays                  finished matches, newest first
//	GET  /api/replays/:code/:v?seat=N  a finished match at version v as seat N saw it
//	GET  /api/stats                    totals over finished matches, when configured
//	GET  /ws/:code                     the websocket of one room
//	GET  /*                            the static pages, when configured
//
// Each websocket has exactly one reader (the handler, which blocks for the
// connection's life because contrib recycles the Conn when it returns) and
// one writer goroutine. The writer pings every PingEvery; the read deadline
// is extended by every frame and pong. The room never waits for a phone: a
// full send queue drops the connection and the phone resyncs.
package server
