// Package roles makes Captain Sonar a room game: it maps the phones at the
// table to the crew roles of the rules engine (package sonar), decides which
// seat may give which order, and builds what each seat may see.
//
// A seat is one phone. A crew of four has one seat per role; smaller crews
// combine roles as the rulebook says: in a crew of three the Captain is also
// First Mate, in a crew of two the Captain is also First Mate and Engineer,
// and a crew of one plays every role. Matches with three players or fewer
// in all must be turn-based.
//
// Views are built per seat from the seat's own crew state and the public
// state, so nothing of the other crew's position, route, mines, gauges or
// breakdowns reaches a phone before the match ends. Views hold state, never
// a log: the pages keep their log from the events the room sends (an
// event's data is the sonar.Event), so a view does not grow with the match.
// What every seat of a crew shares is built once per command.
// When the room's "radio assist" option is on, each crew's Radio Operator
// seat also receives the output of a tracker (package sonar/radio) fed only
// with the enemy's public announcements.
package roles
