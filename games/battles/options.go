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
	// MaxRoundLimit bounds the house round limit.
	MaxRoundLimit = 20
)

// Options are what the host picks in the lobby; absent keys take the
// defaults: a 50-point battle, Confederacy (seat A) against Union (seat B),
// no round limit.
type Options struct {
	// Size is the battle size in Deployment Points; each player gets
	// Size/10 Order/Wound tokens.
	Size  int    `json:"size,omitempty"`
	ArmyA string `json:"army_a,omitempty"`
	ArmyB string `json:"army_b,omitempty"`
	// RoundLimit, above 0, ends the battle after that many rounds: the
	// higher total destroyed wins, Player 2 on a tie (our house rule).
	RoundLimit int `json:"round_limit,omitempty"`
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
	if o.Size < MinSize || o.Size > MaxSize || o.Size%10 != 0 {
		return Options{}, fmt.Errorf("options: size is a multiple of 10 from %d to %d, not %d", MinSize, MaxSize, o.Size)
	}
	for _, a := range []string{o.ArmyA, o.ArmyB} {
		if content.Army(a) == nil {
			return Options{}, fmt.Errorf("options: there is no army %s; choose confederacy or union", games.Quote(a))
		}
	}
	if o.RoundLimit < 0 || o.RoundLimit > MaxRoundLimit {
		return Options{}, fmt.Errorf("options: round_limit is 0 (none) to %d", MaxRoundLimit)
	}
	return o, nil
}
