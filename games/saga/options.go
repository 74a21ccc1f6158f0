package saga

import (
	"encoding/json"
	"fmt"

	"periscope/games"
)

// Re-roll modes.
const (
	RerollChoose = "choose" // players pick each re-roll on their phones
	RerollAuto   = "auto"   // the server picks every re-roll at once
)

// Options are what the host picks in the lobby. Absent keys take the
// defaults: the Æsir Host for Raven, Jötnar and Hel for Wolf, re-rolls
// chosen by the players, no timer.
type Options struct {
	RavenFaction string `json:"raven_faction,omitempty"`
	WolfFaction  string `json:"wolf_faction,omitempty"`
	// Rerolls is "choose" or "auto".
	Rerolls string `json:"rerolls,omitempty"`
	// RerollSeconds, when above 0, is how long a player may think over a
	// re-roll before the server picks it for them.
	RerollSeconds int `json:"reroll_seconds,omitempty"`
	// BotLevel is the strength of the room's bots: games.BotLearner,
	// games.BotCrew or games.BotVeteran; games.BotCrew by default.
	BotLevel string `json:"bot_level,omitempty"`
	// Guided is the guided first match (house): the bots play as learners
	// unless the room names a strength, and each seat's view carries the
	// command the crew bot would play there (View.Suggest) for the page's
	// lessons.
	Guided bool `json:"guided,omitempty"`
}

// DefaultBotLevel is the strength of a room's bots when the host picks
// none: the middle one, as in Captain Sonar.
const DefaultBotLevel = games.BotCrew

// Limits of the re-roll timer, in seconds.
const (
	MinRerollSeconds = 5
	MaxRerollSeconds = 120
)

// ParseOptions reads the lobby's options JSON; nil, empty or null is the
// default match. Unknown keys and unknown values are refused.
func ParseOptions(data json.RawMessage) (Options, error) {
	var o Options
	if err := games.DecodeOptions(data, &o); err != nil {
		return Options{}, err
	}
	return o.withDefaults(HouseSet())
}

func (o Options) withDefaults(set *Set) (Options, error) {
	if o.RavenFaction == "" {
		o.RavenFaction = "aesir_host"
	}
	if o.WolfFaction == "" {
		o.WolfFaction = "jotnar_horde"
	}
	if o.Rerolls == "" {
		o.Rerolls = RerollChoose
	}
	if o.BotLevel == "" {
		o.BotLevel = DefaultBotLevel
		if o.Guided {
			o.BotLevel = games.BotLearner // the guided match is against the weakest bot
		}
	}
	if err := games.CheckBotLevel(o.BotLevel); err != nil {
		return Options{}, err
	}
	for _, f := range []string{o.RavenFaction, o.WolfFaction} {
		if set.faction(f) == nil {
			return Options{}, fmt.Errorf("options: there is no faction %s; choose one of %v", quote(f), set.factionIDs())
		}
	}
	if o.Rerolls != RerollChoose && o.Rerolls != RerollAuto {
		return Options{}, fmt.Errorf("options: rerolls is %q or %q, not %s", RerollChoose, RerollAuto, quote(o.Rerolls))
	}
	if o.RerollSeconds != 0 && (o.RerollSeconds < MinRerollSeconds || o.RerollSeconds > MaxRerollSeconds) {
		return Options{}, fmt.Errorf("options: reroll_seconds is 0 (no timer) or %d to %d", MinRerollSeconds, MaxRerollSeconds)
	}
	return o, nil
}
