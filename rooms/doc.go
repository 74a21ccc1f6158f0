// Package rooms is the runtime every game plays in.
//
// A room owns one match of a Game (see game.go): one goroutine applies every
// command in order, logs it through a Store before anyone sees its effects,
// bumps the room version and sends each seat its own view. Seats are held by
// secret tokens, rooms are found by short join codes, and a phone that
// reconnects with its last version gets exactly the events it missed.
//
// The games themselves live in pure packages (sonar via roles, gridtactics,
// and so on); rooms knows only the Game interface.
package rooms
