package pocketsub

import (
	"encoding/json"
	"fmt"

	"periscope/games"
)

// Player counts.
const (
	MinPlayers = 2
	MaxPlayers = 4
)

// Setups.
const (
	SetupIntro    = "intro"    // the introductory layout for the player count (ours)
	SetupStandard = "standard" // tiles by their back icons, shuffled and turned, then setup turns
)

// Who plays first.
const (
	FirstRed    = "red"    // the table seats whoever last saw the sea as Red
	FirstRandom = "random" // drawn from the match seed
)

// Mine supplies.
const (
	MinesBox       = "box"       // the 12 Mines of each colour in the box
	MinesUnlimited = "unlimited" // as many as the board takes
)

// Where running deep may go.
const (
	RunDeepAny      = "any"      // to a deep region on any other tile (the rulebook's words)
	RunDeepAdjacent = "adjacent" // only to a neighbouring tile
)

// Options are what the host picks in the lobby. Absent keys take the
// defaults: 2 players, the introductory layout, no expansion, Red first,
// running deep to any tile.
type Options struct {
	Players int    `json:"players,omitempty"`
	Setup   string `json:"setup,omitempty"`
	// Captain plays with the Captain's mini expansion: Whirlpools, and an
	// Intelligence Report, a Map and a Strong Current token each.
	Captain     bool   `json:"captain,omitempty"`
	FirstPlayer string `json:"first_player,omitempty"`
	RunningDeep string `json:"running_deep,omitempty"`
	// MineSupply is "box": 12 Mines each, and a player who has laid them
	// all cannot lay one, so the Sub is destroyed; or "unlimited".
	MineSupply string `json:"mine_supply,omitempty"`
	// Guided is the guided first match (house): each seat's view carries
	// the move the bot would make there (View.Suggest) for the page's
	// lessons; the bots play the other seats.
	Guided bool `json:"guided,omitempty"`
}

// ParseOptions reads the lobby's options JSON; nil, empty or null is the
// default match. Unknown keys and values are refused.
func ParseOptions(data json.RawMessage) (Options, error) {
	var o Options
	if err := games.DecodeOptions(data, &o); err != nil {
		return Options{}, err
	}
	return o.withDefaults()
}

func (o Options) withDefaults() (Options, error) {
	if o.Players == 0 {
		o.Players = MinPlayers
	}
	if o.Setup == "" {
		o.Setup = SetupIntro
	}
	if o.FirstPlayer == "" {
		o.FirstPlayer = FirstRed
	}
	if o.RunningDeep == "" {
		o.RunningDeep = RunDeepAny
	}
	if o.MineSupply == "" {
		o.MineSupply = MinesBox
	}
	switch {
	case o.Players < MinPlayers || o.Players > MaxPlayers:
		return Options{}, fmt.Errorf("options: players is %d to %d, not %d", MinPlayers, MaxPlayers, o.Players)
	case o.Setup != SetupIntro && o.Setup != SetupStandard:
		return Options{}, fmt.Errorf("options: setup is %q or %q, not %s", SetupIntro, SetupStandard, quote(o.Setup))
	case o.FirstPlayer != FirstRed && o.FirstPlayer != FirstRandom:
		return Options{}, fmt.Errorf("options: first_player is %q or %q, not %s", FirstRed, FirstRandom, quote(o.FirstPlayer))
	case o.RunningDeep != RunDeepAny && o.RunningDeep != RunDeepAdjacent:
		return Options{}, fmt.Errorf("options: running_deep is %q or %q, not %s", RunDeepAny, RunDeepAdjacent, quote(o.RunningDeep))
	case o.MineSupply != MinesBox && o.MineSupply != MinesUnlimited:
		return Options{}, fmt.Errorf("options: mine_supply is %q or %q, not %s", MinesBox, MinesUnlimited, quote(o.MineSupply))
	}
	return o, nil
}

// subsEach is how many Subs each player has: 3 with 2 or 3 players, 2 in
// the team game.
func (o Options) subsEach() int {
	if o.Players == 4 {
		return 2
	}
	return 3
}

// MinesEach is every player's supply of Mines in the box.
const MinesEach = 12

// unlimited marks a supply of Mines that never runs out.
const unlimited = -1

func optionList() []games.Option {
	return []games.Option{
		{Key: "guided", Label: "Learn to play: a guided first match", Kind: games.OptionBool, Default: false, House: true,
			Help: "Your first match against the bot, in lessons: what to do now and why, a suggested move outlined, the bot's answer explained, and a summing-up at the end."},
		{Key: "players", Label: "Players", Kind: games.OptionInt, Min: MinPlayers, Max: MaxPlayers, Default: MinPlayers,
			Help: "With 4, two teams of 2: Red and Blue against White and Black. Bots fill the seats nobody takes."},
		{Key: "setup", Label: "Setup", Kind: games.OptionChoice, Default: SetupIntro,
			Help: "Standard: the tiles marked for the player count are shuffled and turned at random, then everyone places a Command Centre and their Subs in turn.",
			Choices: []games.Choice{
				{Value: SetupIntro, Label: "Introductory (house layout)", House: true},
				{Value: SetupStandard, Label: "Standard: random board, place your own pieces"},
			}},
		{Key: "captain", Label: "Captain's mini expansion", Kind: games.OptionBool, Default: false,
			Help: "Two Whirlpools turn their tiles every round; each player has an Intelligence Report, a Map and a Strong Current token to use once."},
		{Key: "first_player", Label: "First player", Kind: games.OptionChoice, Default: FirstRed, Advanced: true,
			Help: "The rulebook: the player who last saw the sea goes first. Seat them as Red.",
			Choices: []games.Choice{
				{Value: FirstRed, Label: "Red (whoever last saw the sea)"},
				{Value: FirstRandom, Label: "Drawn at random"},
			}},
		{Key: "running_deep", Label: "Running deep reaches", Kind: games.OptionChoice, Default: RunDeepAny, Advanced: true,
			Help: "The rulebook: from a deep region to a deep region on any other Ocean tile.",
			Choices: []games.Choice{
				{Value: RunDeepAny, Label: "A deep region on any other tile"},
				{Value: RunDeepAdjacent, Label: "Only a neighbouring tile", House: true},
			}},
		{Key: "mine_supply", Label: "Mines", Kind: games.OptionChoice, Default: MinesBox, Advanced: true,
			Help: "The box holds 12 Mines of each colour: a player who has laid them all cannot lay a Mine, so the Sub that moves is destroyed.",
			Choices: []games.Choice{
				{Value: MinesBox, Label: "12 each, as in the box"},
				{Value: MinesUnlimited, Label: "As many as the board takes", House: true},
			}},
	}
}
