package gridtactics

import (
	"encoding/json"
	"time"

	"periscope/games"
)

// Options are the optional rules a host picks in the lobby. The zero value is
// the standard game: 8x8 board, open setup, no clock. The keys are those of
// the catalogue (Definition.Options).
type Options struct {
	// SmallBoard plays on 6x6. Seven units do not fit on a 6-square back row,
	// so on the small board each player sets up on its two back rows.
	SmallBoard bool `json:"small_board"`
	// HiddenSetup places units face down: the opponent (and spectators) see
	// only "unit" until it moves or attacks.
	HiddenSetup bool `json:"hidden_setup"`
	// TimeLimit ends the match 15 minutes after it starts; the player with
	// more units then wins.
	TimeLimit bool `json:"time_limit"`
	// TankAttackInPlace is our older reading, kept as a house option: a
	// tank's combat action may attack without its 1-square move. Off, the
	// rulebook's words hold: "move 1 space orthogonally AND attack".
	TankAttackInPlace bool `json:"tank_attack_in_place"`
	// TankAttacksStraight is our older reading, kept as a house option: a
	// tank attacks only an orthogonal neighbour. Off, "a unit 1 space away"
	// includes the diagonals, as a soldier's "adjacent" does.
	TankAttacksStraight bool `json:"tank_attacks_straight"`
	// BotLevel is how well the room's bot plays: games.BotLearner,
	// games.BotCrew (the default, also for "") or games.BotVeteran.
	BotLevel string `json:"bot_level,omitempty"`
	// Guided is the guided first match (house): the bot plays as a
	// learner unless the room names a level, and each seat's view carries
	// a suggested command (View.Suggest) for the page's lessons.
	Guided bool `json:"guided"`
	// Position starts the match from the units and turn it describes
	// (position.go) instead of a setup. Not offered by the lobby's form.
	Position *Position `json:"position,omitempty"`
}

// optionsJSON is what ParseOptions accepts: the keys, and the camelCase
// names rooms were created with before the wire went snake_case, so that
// their matches still resume from the database.
type optionsJSON struct {
	SmallBoard     bool      `json:"small_board"`
	HiddenSetup    bool      `json:"hidden_setup"`
	TimeLimit      bool      `json:"time_limit"`
	TankInPlace    bool      `json:"tank_attack_in_place"`
	TankStraight   bool      `json:"tank_attacks_straight"`
	BotLevel       string    `json:"bot_level"`
	Guided         bool      `json:"guided"`
	OldSmallBoard  bool      `json:"smallBoard"`
	OldHiddenSetup bool      `json:"hiddenSetup"`
	OldTimeLimit   bool      `json:"timeLimit"`
	Position       *Position `json:"position,omitempty"`
}

// TimeLimit is the length of a timed match.
const TimeLimit = 15 * time.Minute

// maxBody bounds every JSON document the package decodes: real commands and
// options are a few hundred bytes (a whole position about 500).
const maxBody = games.MaxBody

// ParseOptions reads the lobby's options JSON. Nil, empty or "null" means the
// standard game. Unknown fields are refused so that a typo is not silently
// ignored.
func ParseOptions(data json.RawMessage) (Options, error) {
	var j optionsJSON
	if err := games.DecodeOptions(data, &j); err != nil {
		return Options{}, err
	}
	o := Options{
		SmallBoard:  j.SmallBoard || j.OldSmallBoard,
		HiddenSetup: j.HiddenSetup || j.OldHiddenSetup,
		TimeLimit:   j.TimeLimit || j.OldTimeLimit,
		Position:    j.Position,

		TankAttackInPlace:   j.TankInPlace,
		TankAttacksStraight: j.TankStraight,
		BotLevel:            j.BotLevel,
		Guided:              j.Guided,
	}
	if o.BotLevel == games.BotCrew {
		o.BotLevel = "" // the default: the zero Options stay the standard game
	}
	if o.BotLevel != "" {
		if err := games.CheckBotLevel(o.BotLevel); err != nil {
			return Options{}, err
		}
	}
	if o.Position != nil {
		if err := o.Position.Validate(o); err != nil {
			return Options{}, err
		}
	}
	return o, nil
}

// size is the board's width and height.
func (o Options) size() int {
	if o.SmallBoard {
		return 6
	}
	return 8
}

// setupRows is how many back rows each player may set up on.
func (o Options) setupRows() int {
	if o.SmallBoard {
		return 2
	}
	return 1
}
