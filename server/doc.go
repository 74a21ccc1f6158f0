// Package server is the HTTP and WebSocket face of Periscope, on Fiber v2
// and its contrib websocket.
//
// It stays thin on purpose: the protocol lives in package rooms, and this
// package only moves frames and JSON between the network and a rooms.Hub,
// so a move to Fiber v3 touches nothing else.
//
// Routes (docs/protocol.md has every message with examples; a test holds
// this list to the app's own routes):
//
//	GET  /healthz                        "ok" while the database answers, 503 otherwise
//	GET  /metrics                        Prometheus text, to loopback only (ops.go)
//	GET  /api/games                      the games the lobby offers (the catalogue)
//	POST /api/rooms                      {game, options} -> the new room
//	GET  /api/rooms                      rooms not finished, newest first
//	GET  /api/rooms/:code                one room's lobby
//	GET  /api/rooms/:code/qr.svg         a QR code of the room's join link
//	GET  /api/rooms/:code/link           the join link the QR code holds
//	POST /api/rooms/:code/seats          {seat, name} -> {token, seat, room}
//	GET  /api/replays                    finished matches, newest first
//	GET  /api/replays/:code/:v?seat=N    a finished match at version v as seat N saw it
//	GET  /api/rooms/:code/rematch        the rematch of a finished room, once opened
//	POST /api/rooms/:code/rematch        {token, swap} -> opens (or finds) the rematch
//	POST /api/rooms/:code/close          {token} -> the host closes a finished room
//	GET  /api/stats                      totals over finished matches (with a History)
//	GET  /api/history                    finished matches, filtered by game and player (History)
//	GET  /api/matches/:code              a finished match's debrief (History)
//	GET  /api/matches/:code/log?seat=N   the log a seat saw, or the public one (History)
//	ANY  /api/*                          not found: an error naming the API asked for
//	GET  /ws/:code                       the websocket of one room
//	GET  /join/:code                     the lobby page, at the room's seats
//	GET  /table/:code                    the room's table screen (its game's TablePage)
//	GET  /history                        the history and stats page
//	GET  /match/:code                    the debrief page of a finished match
//	GET  /manifest.webmanifest           the web app manifest, with its type
//	GET  /favicon.ico                    the app's icon
//	GET  /*                              the static pages, when configured
//
// Each websocket has exactly one reader goroutine (started by the contrib
// handler, which returns at once). Its writes are made by the room's
// goroutine while the socket takes them without waiting, else by a writer
// goroutine started for the occasion (phone, in conn.go). One pinger per
// server pings the phones silent for PingEvery; the read deadline is
// extended by every frame and pong. The room never waits for a phone: a
// full send queue drops the connection and the phone resyncs.
package server
