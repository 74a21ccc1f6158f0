// Package static holds the phone pages of Periscope, embedded in the binary:
// plain HTML, CSS, ES modules and SVG, with no build step and no network
// beyond the server itself (a game night's LAN has no internet).
//
// The pages:
//
//	index.html      lobby: create a room, join by code, link or QR code, take a seat
//	sonar.html      a Captain Sonar seat: the panels of the seat's roles (Captain,
//	                First Mate, Engineer, Radio Operator), tabbed for combined seats
//	table.html      the table screen (laptop or TV): public status, log, the end
//
// Pages find their room in the path (/join/CODE, /table/CODE) or in the
// query (?room=CODE). A seat's secret token stays on the phone
// (localStorage "periscope.seats"), so a reload or a phone waking from
// sleep rejoins its seat by itself. Sonar pages take the seat from
// ?seat=N, falling back to the seat this phone took last in that room.
//
// js/ holds one module per job: net.js (the websocket: hello with token and
// last version, backoff reconnect, client ids, ping), room.js (room code,
// tokens, lobby API), map.js (the SVG chart shared by Captain, Radio
// Operator and table), and one module per panel.
package static
