// Package client talks to a Periscope server as a phone does: the lobby
// HTTP API (API) and one websocket per seat (Conn). Tests and the load
// tool (cmd/loadgen) use it; the rooms' bots play in process, through the
// game contract (games.Botter), not over the wire.
//
// A Conn keeps the latest view, lobby and version it was sent, and queues
// every message for Next, so a caller can follow the match at its own pace
// without the server ever waiting: the queue is unbounded on this side.
package client
