// Package static holds the phone pages of Periscope, embedded in the binary:
// plain HTML, CSS, ES modules and SVG, with no build step and no network
// beyond the server itself (a game night's LAN has no internet).
//
// The pages (a test holds this list to the *.html files):
//
//	index.html      lobby: create a room, join by code, link or QR code, take a seat
//	sonar.html      a Captain Sonar seat: the panels of the seat's roles (Captain,
//	                First Mate, Engineer, Radio Operator), tabbed for combined seats
//	table.html      Captain Sonar's table screen (laptop or TV): public status, log,
//	                the end; also what /table/CODE says when the room is gone
//	tactics.html    a Pocket Tactics seat, or its table screen holding no seat
//	pocketsub.html  a Pocket Sub seat, or its table screen
//	saga.html       a Saga of the Nine Worlds seat, or its table screen
//	battles.html    a Pocket Battles seat, or its table screen
//	history.html    past matches and the stats (/history, /history#stats)
//	match.html      the debrief of one finished match, stepped through (/match/CODE)
//	offline.html    the reconnecting screen the service worker (sw.js) answers
//	                with when the server cannot be reached
//
// Pages find their room in the path (/join/CODE, /table/CODE) or in the
// query (?room=CODE). A seat's secret token stays on the phone
// (localStorage "periscope.seats"), so a reload or a phone waking from
// sleep rejoins its seat by itself. Sonar pages take the seat from
// ?seat=N, falling back to the seat this phone took last in that room.
//
// js/ holds one module per job: net.js (the websocket: hello with token and
// last version, backoff reconnect, client ids, ping), room.js (room code,
// tokens, lobby API), the modules every game page shares (gamepage.js,
// gamelobby.js, optionsform.js, tablescreen.js, turnplay.js, next.js and the aids), one
// folder per game (js/tactics/, ...) and js/history/ for the
// history, stats and debrief pages. docs/architecture.md says which does
// what.
package static
