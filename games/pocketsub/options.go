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

// How a Strong Current token is read.
const (
	CurrentAllows = "allows" // the rulebook: a 4th point the Sub may use
	CurrentForces = "forces" // house: with the token, all 4 points must be used
)

// What a side's own Command Centre shelters its Subs from.
const (
	ShelterAll        = "all"        // the rulebook: a Sub there "cannot be destroyed"
	ShelterEncounters = "encounters" // house: from encounters only; a Sub there that cannot finish its turn is destroyed
)

// Options are what the host picks in the lobby. Absent keys take the
// defaults: 2 players, the introductory layout, no expansion, Red first,
// running deep to any tile, the box's Mines, the rulebook's readings of the
// Strong Current and the Command Centre, crew bots.
type Options struct {
	Players int    `json:"players,omitempty"`
	Setup   string `json:"setup,omitempty"`
	// Captain plays with the Captain's mini expansion: Whirlpools, and an
	// Intelligence Report, a Map and a Strong Current token each.
	Captain     bool   `json:"captain,omitempty"`
	FirstPlayer string `json:"first_player,omitempty"`
	RunningDeep string `json:"running_deep,omitempty"`
	// MineSupply is "box": each player's supply from the layout data (the
	// box's 12 of a colour), and a player who has laid them all cannot lay
	// one, so the Sub is destroyed; or "unlimited".
	MineSupply string `json:"mine_supply,omitempty"`
	// StrongCurrent: "allows" (a 4th point the Sub may use) or "forces".
	StrongCurrent string `json:"strong_current,omitempty"`
	// Shelter: what a side's own Command Centre shelters its Subs from.
	Shelter string `json:"shelter,omitempty"`
	// BotLevel is the strength the room's bots play at.
	BotLevel string `json:"bot_level,omitempty"`
	// Guided is the guided first match (house): each seat's view carries
	// the move the crew bot would make there (View.Suggest) for the page's
	// lessons; the bots play the other seats, as learners unless the room
	// names a strength.
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
	if o.StrongCurrent == "" {
		o.StrongCurrent = CurrentAllows
	}
	if o.Shelter == "" {
		o.Shelter = ShelterAll
	}
	if o.BotLevel == "" {
		o.BotLevel = games.BotCrew
		if o.Guided {
			o.BotLevel = games.BotLearner // the guided match is against the weakest bot
		}
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
	case o.StrongCurrent != CurrentAllows && o.StrongCurrent != CurrentForces:
		return Options{}, fmt.Errorf("options: strong_current is %q or %q, not %s", CurrentAllows, CurrentForces, quote(o.StrongCurrent))
	case o.Shelter != ShelterAll && o.Shelter != ShelterEncounters:
		return Options{}, fmt.Errorf("options: shelter is %q or %q, not %s", ShelterAll, ShelterEncounters, quote(o.Shelter))
	case games.CheckBotLevel(o.BotLevel) != nil:
		return Options{}, games.CheckBotLevel(o.BotLevel)
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
			Help: "From the box, the 12 of your colour (the rulebook): a player who has laid them all cannot lay a Mine, so the Sub that moves is destroyed, except in its own Command Centre. Destroyed Mines are gone for good.",
			Choices: []games.Choice{
				{Value: MinesBox, Label: "From the box: 12 each, gone for good once destroyed", House: true},
				{Value: MinesUnlimited, Label: "As many as the board takes", House: true},
			}},
		{Key: "strong_current", Label: "Strong Current token", Kind: games.OptionChoice, Default: CurrentAllows, Advanced: true,
			Help: "The rulebook: the token allows the Sub 1 extra movement point this turn.",
			Choices: []games.Choice{
				{Value: CurrentAllows, Label: "Allows a 4th point: use 3 or 4"},
				{Value: CurrentForces, Label: "Forces a 4th point: all 4 must be used", House: true},
			}},
		{Key: "shelter", Label: "Your Command Centre", Kind: games.OptionChoice, Default: ShelterAll, Advanced: true,
			Help: "The rulebook: while one of your Subs is in the region with your own Command Centre, it cannot be destroyed.",
			Choices: []games.Choice{
				{Value: ShelterAll, Label: "Nothing destroys a Sub there"},
				{Value: ShelterEncounters, Label: "Shelters from enemies only: a Sub there that cannot use all its points or lay its Mine is destroyed", House: true},
			}},
		games.BotLevelOption("How well the bots play. Every strength plays carefully: no bot loses a Sub when a move that loses none is open to it.",
			"takes a Sub when it sees one, never looks ahead", "keeps out of reach, hunts, mines your way",
			"plays its best moves out and hems your fleet in"),
	}
}
