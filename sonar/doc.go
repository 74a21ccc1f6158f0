// Package sonar is the rules engine of Captain Sonar: every rule of the
// game, pure and deterministic. It imports nothing but the standard library
// and sonar/chart; it has no clock, no global random source and no I/O.
//
// # Model
//
// A Match is created by New(options, seed) and changed only by Apply(cmd).
// The seed draws the crew that moves first in turn-based play; nothing else
// is random. New with the same options and seed, then the same commands,
// always gives a deep-equal match and the same events, so a match is stored
// as (options, seed, command log) and rebuilt by replaying it.
//
// Apply either accepts a command and returns the events it caused, or
// returns a *RuleError (Code + Message, in words a player understands:
// "B7 is an island: a submarine sails on water only") and changes nothing.
// Each rule has its own Code (errors.go); RuleCode gives it to the room.
//
// # Crews and roles
//
// Two crews, Blue and Red ("blue", "red"), each with four roles: Captain,
// FirstMate, Engineer, RadioOperator ("captain", "first_mate", "engineer",
// "radio_operator"). Every command names the crew and the role it is sent
// as; the engine refuses an order from the wrong role ("only the Captain
// may launch a torpedo"). Which phone holds which roles is the roles
// package's business: a phone playing Captain and First Mate sends each
// order as the role it belongs to.
//
// # Commands
//
// ParseCommand decodes a command from JSON and checks its shape: known
// type, crew and role present (except for start), exactly the type's
// fields. Cells are names ("C6"), headings are "NORTH" (or "N", "north"),
// systems are "mine", "torpedo", "drone", "sonar", "silence", "scenario".
//
//	{"type":"start"}                                           the room, once, at match start
//	{"type":"tick"}                                            the room, when its clock reaches Deadline
//	{"type":"place","crew":"blue","role":"captain","cell":"C6"}     secret start position
//	{"type":"course","crew":"blue","role":"captain","dir":"NORTH"}
//	{"type":"silence","crew":"blue","role":"captain","dir":"EAST","distance":3}
//	{"type":"surface","crew":"blue","role":"captain"}
//	{"type":"charge","crew":"blue","role":"first_mate","system":"torpedo"}
//	{"type":"mark","crew":"blue","role":"engineer","panel":"NORTH","symbol":0}
//	{"type":"end_turn","crew":"blue","role":"captain"}              turn-based
//	{"type":"mine","crew":"blue","role":"captain","cell":"C7"}      drop
//	{"type":"trigger","crew":"blue","role":"captain","cell":"C7"}
//	{"type":"torpedo","crew":"blue","role":"captain","cell":"G2"}
//	{"type":"drone","crew":"blue","role":"first_mate","sector":4}   Captain or First Mate
//	{"type":"sonar","crew":"blue","role":"captain"}                 Captain or First Mate
//	{"type":"sonar_answer","crew":"red","role":"captain",
//	  "facts":[{"type":"column","value":"L"},{"type":"sector","value":6}]}
//	{"type":"archer","crew":"blue","role":"captain","cell":"L2"}    Echo's scenario system
//	{"type":"secure","crew":"blue","role":"engineer","section":1,
//	  "trace":[[40,90],[95,40],...]}                                real time, surfaced crew
//	{"type":"inspect","crew":"red","role":"engineer","ok":true}     real time, the enemy Engineer
//	{"type":"inspect","crew":"red","role":"engineer","ok":false,"section":2}
//	{"type":"dive","crew":"blue","role":"captain"}                  real time, after the inspection
//
// For sonar_answer and inspect, crew is the crew answering or inspecting.
// A mark names a symbol by its index 0-5 in the panel (see Layout and
// CrewView.Sheet): 0-2 are the Central Circuits, 3-5 the Reactor. A sonar
// fact is a row (its printed number), a column (its letter) or a sector. A
// trace is the line drawn round a section, points [x, y] in a 300 x 180 box.
//
// # Flow
//
// Both Captains place their submarine, then play begins. A course is
// refused until the crew's First Mate has charged a gauge (the step
// completes by itself when every gauge is full) and its Engineer has
// crossed out a symbol in the course's panel. Systems need a full gauge,
// no crossed-out symbol of their colour, the crew's duties done, and a
// course since the crew's last system. While a sonar question waits, no
// crew may move, surface or use a system until the questioned Captain
// answers; duties and surfacing steps go on.
//
// Turn-based: the crew in turn announces a course or a silence, or
// surfaces; then it may use one system, which ends the turn, or end the
// turn with end_turn (a silence ends it once its duties are done). Mines
// go off at almost any time (Options.TriggerOwnTurn: on the crew's own
// turn only). Surfacing ends the turn, erases
// the breakdowns and gives the enemy three turns in a row (cut short if it
// surfaces itself); the submarine then dives by itself.
//
// Real time: crews act independently. A surfaced crew secures the four
// sections of its submarine, each by a different role, the Engineer first
// (unless Options.SurfaceOrder is "any"; with "sheet" one role at a time,
// in SheetOrder), each with the line its tracer drew.
// The enemy Engineer sees the traces and passes the sheet (the breakdowns
// are erased) or rejects one section, which its tracer draws again. The
// table limits the rejections, and the sheet passes by itself when the
// inspection's time is up (Deadline, then the room's tick); then the
// Captain dives.
//
// # Events
//
// An Event has Text as the table says it ("HEAD NORTH", "TORPEDO AT G2:
// INDIRECT HIT"), a Kind, the Crew it is about, and To: nil for a public
// event, or the one crew that may see it ("SILENCE 3 EAST", "MINE AT C6").
// Structured fields (Dir, Cell, Sector, Hits, Facts, Yes, Damage...) carry
// the announcement for machines. A crew's public events are exactly what
// the enemy Radio Operator hears: course dir, silence, surface sector,
// mine dropped (no cell), trigger, torpedo and Archer impacts with the hit
// results of both submarines, drone question and answer, sonar answer, and
// damage. Public events never carry a private fact.
//
// # Views
//
// Crew(c) is a crew's own view (CrewView: position, route, mines, gauges,
// Engineer sheet, duties, turn step, surfacing progress, and the orders
// the Captain may give now with the reason for each refusal). Public() is
// what everyone knows (PublicView: damage, surfaced flags and sectors,
// turn, pending sonar, outcome). Courses, SilenceOptions, TorpedoTargets,
// MineCells, Triggers, ArcherTargets and SonarAnswers list legal orders;
// they agree with Apply.
//
// # End
//
// Four damage destroys a submarine and its crew loses. When one impact
// destroys both submarines the match is a draw. Outcome is nil while the
// match plays.
//
// Every choice where the rulebook is silent is an Option or is written down
// in docs/rules-decisions.md ("Captain Sonar: rules engine").
package sonar
