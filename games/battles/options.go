package battles

import (
	"encoding/json"
	"fmt"

	"periscope/games"
)

// Battle sizes the rulebook suggests: a multiple of 10 from 50 to 100.
const (
	MinSize     = 50
	MaxSize     = 100
	DefaultSize = 50
	// MaxRoundLimit bounds the house round limit; DefaultRoundLimit is
	// what a room gets when the host leaves it: the rulebook sets no
	// limit, so a battle of two cautious generals could go on for ever.
	MaxRoundLimit     = 20
	DefaultRoundLimit = 12
	// TurnsPerToken bounds a general's turns in one round: at most this
	// many per token (house rule). Only Command and healing give tokens
	// back, so no ordinary round comes near it; it ends any round that
	// would otherwise not end.
	TurnsPerToken = 2
)

// Values of the choice options.
const (
	// StacksTop: the enemy sees only the top troop of a hidden stack (the
	// rulebook); StacksHeight: also how many troops it holds (house).
	StacksTop    = "top"
	StacksHeight = "height"
	// PassSpent: a token set aside by a Pass counts as spent on a unit and
	// may become a Wound token (the rulebook); PassAside: it is out of play
	// until the next round (house).
	PassSpent = "spent"
	PassAside = "aside"
)

// Options are what the host picks in the lobby; absent keys take the
// defaults: a 50-point battle, Confederacy (seat A) against Union (seat B),
// a round limit of 12, the rulebook's readings, bots of the crew level.
type Options struct {
	// Size is the battle size in Deployment Points; each player gets
	// Size/10 Order/Wound tokens.
	Size  int    `json:"size,omitempty"`
	ArmyA string `json:"army_a,omitempty"`
	ArmyB string `json:"army_b,omitempty"`
	// RoundLimit ends the battle after that many rounds: the higher total
	// destroyed wins, Player 2 on a tie (our house rule). 0 is the default.
	RoundLimit int `json:"round_limit,omitempty"`
	// Stacks is what the enemy sees of a hidden stack: StacksTop or
	// StacksHeight.
	Stacks string `json:"hidden_stacks,omitempty"`
	// PassToken is what becomes of a token set aside by a Pass.
	PassToken string `json:"pass_token,omitempty"`
	// BotLevel is the strength of the room's bots: games.BotLearner,
	// games.BotCrew or games.BotVeteran.
	BotLevel string `json:"bot_level,omitempty"`
	// Guided is the guided first match (house): the bots play as learners
	// unless the room names a strength, and each seat's view carries the
	// command the veteran bot would give there (View.Suggest) for the
	// page's lessons.
	Guided bool `json:"guided,omitempty"`
}

// ParseOptions reads the lobby's options JSON; nil, empty or null is the
// default battle. Unknown keys and values are refused.
func ParseOptions(data json.RawMessage) (Options, error) {
	var o Options
	if err := games.DecodeOptions(data, &o); err != nil {
		return Options{}, err
	}
	return o.withDefaults()
}

func (o Options) withDefaults() (Options, error) {
	if o.Size == 0 {
		o.Size = DefaultSize
	}
	if o.ArmyA == "" {
		o.ArmyA = "confederacy"
	}
	if o.ArmyB == "" {
		o.ArmyB = "union"
	}
	if o.RoundLimit == 0 {
		o.RoundLimit = DefaultRoundLimit
	}
	if o.Stacks == "" {
		o.Stacks = StacksTop
	}
	if o.PassToken == "" {
		o.PassToken = PassSpent
	}
	if o.BotLevel == "" {
		o.BotLevel = games.BotCrew
		if o.Guided {
			o.BotLevel = games.BotLearner // the guided match is against the weakest bot
		}
	}
	if o.Stacks != StacksTop && o.Stacks != StacksHeight {
		return Options{}, fmt.Errorf("options: hidden_stacks is %q or %q", StacksTop, StacksHeight)
	}
	if o.PassToken != PassSpent && o.PassToken != PassAside {
		return Options{}, fmt.Errorf("options: pass_token is %q or %q", PassSpent, PassAside)
	}
	if err := games.CheckBotLevel(o.BotLevel); err != nil {
		return Options{}, err
	}
	if o.Size < MinSize || o.Size > MaxSize || o.Size%10 != 0 {
		return Options{}, fmt.Errorf("options: size is a multiple of 10 from %d to %d, not %d", MinSize, MaxSize, o.Size)
	}
	for _, a := range []string{o.ArmyA, o.ArmyB} {
		if content.Army(a) == nil {
			return Options{}, fmt.Errorf("options: there is no army %s; choose confederacy or union", games.Quote(a))
		}
	}
	if o.RoundLimit < 0 || o.RoundLimit > MaxRoundLimit {
		return Options{}, fmt.Errorf("options: round_limit is 1 to %d", MaxRoundLimit)
	}
	return o, nil
}
