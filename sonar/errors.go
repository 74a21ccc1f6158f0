package sonar

import (
	"fmt"
	"strconv"

	"periscope/sonar/chart"
)

// Code is a refused command's rule, as a machine code: one code per rule,
// the same for every refusal of that rule, so a page can react to the rule
// (shake the heading, point at the First Mate). Players read the Message.
type Code string

// The refusal codes, one per rule. docs/games/sonar.md lists them for pages.
const (
	// The command itself.
	CodeMalformed Code = "malformed" // not a well-formed command (shape, unknown names, too long)

	// The match.
	CodeAlreadyStarted Code = "already_started" // the room's start came twice
	CodeNotStarted     Code = "not_started"     // nothing before the room's start
	CodeOver           Code = "match_over"      // nothing after the end
	CodeAwaitingStarts Code = "awaiting_starts" // nothing until both Captains chose a start
	CodeAlreadyPlaced  Code = "already_placed"  // the start is chosen once
	CodeNotDue         Code = "not_due"         // the room's clock tick came before any deadline

	// Who may give an order.
	CodeRole      Code = "wrong_role"    // this role may not give this order
	CodeRoleHeld  Code = "role_not_held" // this phone does not play the role it named
	CodeWrongCrew Code = "wrong_crew"    // this phone is on the other crew
	CodeSpectator Code = "spectator"     // spectators give no orders
	CodeRoomStart Code = "room_starts"   // only the room starts the match
	CodeBotsOnly  Code = "bots_only"     // only the room's bot declares a seat its own

	// Waiting for another step.
	CodeSonarPending Code = "sonar_pending" // everyone waits for the sonar answer
	CodeAwaitingOK   Code = "awaiting_ok"   // the First Mate's and Engineer's OK come first
	CodeSurfaced     Code = "surfaced"      // a surfaced submarine does nothing but its surfacing
	CodeNotSurfaced  Code = "not_surfaced"  // surfacing steps need a surfaced submarine

	// Turn-based timing.
	CodeTurn          Code = "not_your_turn"     // another crew's turn
	CodeOneCourse     Code = "one_course_a_turn" // one course (or silence, or surfacing) a turn
	CodeCourseFirst   Code = "course_first"      // systems come after the turn's course
	CodeOneSystemTurn Code = "one_system_a_turn" // one system a turn
	CodeEndTurnEarly  Code = "move_before_end"   // a turn ends after its course
	CodeTurnBasedOnly Code = "turn_based_only"   // turns exist only in turn-based play
	CodeRealTimeOnly  Code = "real_time_only"    // sections and inspection are real time only
	CodeTriggerTurn   Code = "trigger_own_turn"  // the table's option: mines go off on your own turn

	// Movement.
	CodeOffMap          Code = "off_map"          // the submarine and its targets stay on the map
	CodeIsland          Code = "island"           // a submarine sails, and mines and torpedoes land, on water only
	CodeRoute           Code = "own_route"        // a submarine never crosses its own route
	CodeOwnMine         Code = "own_mine"         // a submarine never enters its own mine
	CodeBlackout        Code = "blackout"         // no course is open: surface (even a 0-space silence is refused)
	CodeSilenceDistance Code = "silence_distance" // a silence moves its shortest to 4 spaces

	// Systems.
	CodeNotReady     Code = "not_ready"              // the gauge is not full
	CodeBreakdown    Code = "breakdown"              // a symbol of the system's colour is crossed out
	CodeOneSystem    Code = "course_between_systems" // a course must come between two systems
	CodeNoScenario   Code = "no_scenario_system"     // the map has no scenario system
	CodeMineAdjacent Code = "mine_adjacent"          // a mine goes next to the submarine
	CodeMineOnRoute  Code = "mine_on_route"          // a mine never goes on the own route
	CodeMineTaken    Code = "mine_cell_taken"        // one mine per cell
	CodeNoMine       Code = "no_mine_there"          // a trigger names one of the crew's mines
	CodeTorpedoRange Code = "torpedo_range"          // a torpedo lands at most 4 spaces away
	CodeTorpedoOwn   Code = "torpedo_own_cell"       // a torpedo never lands on its own submarine's cell
	CodeNoSector     Code = "no_such_sector"         // a drone asks about a sector of the map
	CodeNoQuestion   Code = "no_sonar_question"      // no sonar question waits for this crew
	CodeFactOffMap   Code = "fact_off_map"           // a sonar fact names a row, column or sector of the map
	CodeTwoFacts     Code = "two_facts"              // a sonar answer gives exactly two facts
	CodeFactKinds    Code = "fact_kinds"             // a sonar answer gives two kinds of fact
	CodeOneFactTrue  Code = "one_fact_true"          // exactly one sonar fact is true
	CodeNoArcher     Code = "no_archer_mine"         // an Archer mine is printed there
	CodeArcherSpent  Code = "archer_spent"           // each Archer mine goes off once

	// The First Mate's and the Engineer's steps.
	CodeNoChargeDue Code = "no_charge_due"  // one gauge mark per course
	CodeGaugeFull   Code = "gauge_full"     // a full gauge takes no mark
	CodeNoMarkDue   Code = "no_mark_due"    // one symbol per course
	CodeWrongPanel  Code = "wrong_panel"    // the mark goes in the course's panel
	CodeMarked      Code = "already_marked" // a symbol is crossed out once

	// Real-time surfacing.
	CodeNoSection        Code = "no_such_section"      // sections are 1 to 4
	CodeSectionSecured   Code = "section_secured"      // a section is secured once
	CodeOneSectionEach   Code = "one_section_per_role" // each section by a different role
	CodeEngineerStarts   Code = "engineer_starts"      // the Engineer traces first and passes the sheet
	CodeSheetElsewhere   Code = "sheet_elsewhere"      // the table's option: one role holds the sheet at a time
	CodeRedoByTracer     Code = "redo_by_tracer"       // a rejected section is retraced by its tracer
	CodeInspectionPassed Code = "inspection_passed"    // nothing more to secure: dive
	CodeNoInspection     Code = "nothing_to_inspect"   // no enemy sheet waits for inspection
	CodeRejectSection    Code = "reject_a_section"     // a rejection names a secured section
	CodePassWhole        Code = "pass_whole_sheet"     // a pass covers the whole sheet: it names no section
	CodeRejectionLimit   Code = "rejection_limit"      // the table's limit of rejections is reached
	CodeNotInspected     Code = "not_inspected"        // the dive waits for the inspection
)

// RuleError is a refused command. The match is unchanged.
type RuleError struct {
	Code    Code   `json:"code"`
	Message string `json:"message"`
	// params are the refusal's few parameters (a cell, a heading, a
	// crew), in the order its sentence names them: Why writes them.
	params []any
	// format and args are Message until it is written (worded): views
	// ask every order's refusal for its Why alone, dozens a version, and
	// only a refused command's sentence is ever read.
	format string
	args   []any
}

// worded writes Message from its format, once. Apply returns refusals
// worded; Error words one that is not.
func (e *RuleError) worded() *RuleError {
	if e.format != "" {
		e.Message = fmt.Sprintf(e.format, e.args...)
		e.format, e.args = "", nil
	}
	return e
}

// addSentence appends a sentence to the refusal's message.
func (e *RuleError) addSentence(s string) { e.worded().Message += s }

// Why is the refusal in brief, as the crew view carries it: the rule code
// and its parameters, "island:C3", "not_ready:TORPEDO,2,3". The pages word
// it from their table (static/js/sonar/reasons.js) as Message words it; a view
// sends it rather than the sentence because it is a fraction of the bytes.
func (e *RuleError) Why() string {
	if e == nil {
		return ""
	}
	if len(e.params) == 0 {
		return string(e.Code)
	}
	var buf [64]byte // one allocation, the string, for a short Why
	b := append(buf[:0], e.Code...)
	for i, p := range e.params {
		if i == 0 {
			b = append(b, ':')
		} else {
			b = append(b, ',')
		}
		b = appendParam(b, p)
	}
	return string(b)
}

// appendParam appends p as fmt's %v writes it, without fmt for the kinds
// refusals name (words, numbers, cells, headings, systems).
func appendParam(b []byte, p any) []byte {
	switch x := p.(type) {
	case string:
		return append(b, x...)
	case int:
		return strconv.AppendInt(b, int64(x), 10)
	case chart.Cell:
		b, _ = x.AppendText(b)
		return b
	case error, fmt.Formatter:
		// fmt prefers these to String.
	case fmt.Stringer:
		return append(b, x.String()...)
	}
	return fmt.Append(b, p)
}

func (e *RuleError) Error() string { return e.worded().Message }

// RuleCode is the rule's machine code; the room sends it next to the
// message (it implements games.Ruled).
func (e *RuleError) RuleCode() string { return string(e.Code) }

func refuse(code Code, format string, args ...any) *RuleError {
	return &RuleError{Code: code, params: args, format: format, args: args}
}

// refuseNow is refuse worded at once, for refusals that leave the
// package other than through Apply (a command's shape).
func refuseNow(code Code, format string, args ...any) *RuleError {
	return refuse(code, format, args...).worded()
}

// with sets the parameters Why writes, when they are not the sentence's.
func (e *RuleError) with(params ...any) *RuleError {
	e.params = params
	return e
}
