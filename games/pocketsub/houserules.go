package pocketsub

import (
	"fmt"
	"slices"
	"strings"

	"periscope/games"
)

// houseRules is every decision of ours that changes play, for the lobby,
// the rules card and docs/rules-decisions.md (a test keeps the doc in
// step): where the rulebook is silent (the tiles, the layouts, how many
// Mines a player may lay, when a match of sheltering Subs ends) and our
// readings kept as options beside the rulebook's words.
func houseRules() []games.HouseRule {
	return []games.HouseRule{
		{ID: "tiles", Text: "The faces of the 8 Ocean tiles, and the player counts marked on their backs, are our design: the publisher has not published them."},
		{ID: "intro_layouts", Text: "The introductory layouts for 2, 3 and 4 players (where the tiles, the Command Centres and the Subs start) are our design.",
			Option: "setup", Values: []any{SetupIntro}},
		{ID: "mine_supply", Text: mineSupplyText() + " A player who has laid them all cannot lay a Mine, so a Sub that moves is destroyed (except in its own Command Centre). Destroyed Mines are gone for good.",
			Option: "mine_supply", Values: []any{MinesBox}},
		{ID: "mines_unlimited", Text: "Mines never run out: a player always has one to lay.",
			Option: "mine_supply", Values: []any{MinesUnlimited}},
		{ID: "quiet_rounds", Text: fmt.Sprintf("If %d rounds in a row pass with no Mine laid and no Sub destroyed, the match ends: the side with the most Subs in play wins, or it is a draw. (Only team-mates sailing between their two Command Centres can make it happen.)", QuietRounds)},
		{ID: "stuck_lays_mine", Text: "A Sub that cannot use all its points still lays its Mine in a region it moved out of, like a Sub destroyed on its way."},
		{ID: "first_random", Text: "The first player is drawn at random instead of being whoever last saw the sea.",
			Option: "first_player", Values: []any{FirstRandom}},
		{ID: "run_deep_adjacent", Text: "Running deep reaches only a deep region on a neighbouring tile.",
			Option: "running_deep", Values: []any{RunDeepAdjacent}},
		{ID: "current_forces", Text: "A Strong Current token forces the 4th point: with it, the Sub must use all 4.",
			Option: "strong_current", Values: []any{CurrentForces}},
		{ID: "shelter_encounters", Text: "Your Command Centre shelters your Subs from enemies only: a Sub there that cannot use all its points or lay its Mine is destroyed.",
			Option: "shelter", Values: []any{ShelterEncounters}},
		{ID: "whirlpool_spin", Text: "The second player picks which Whirlpool, clockwise or counter-clockwise as the phones draw the board, to place first; a round ends when the turn comes back to the first player, even one who is out.",
			Option: "captain", Values: []any{true}},
		{ID: "tokens_declared", Text: "Tokens are declared with the move, any number at once; a Map covers everything in the enemy Command Centre's region, and an Intelligence Report also spares the enemy Subs a Hero Sub passes through.",
			Option: "captain", Values: []any{true}},
	}
}

// mineSupplyText says how many Mines each player has, by player count,
// setup and turn order.
func mineSupplyText() string {
	all12 := true
	for n := MinPlayers; n <= MaxPlayers; n++ {
		for _, m := range append(slices.Clone(layouts[n].Mines), layouts[n].StandardMines...) {
			all12 = all12 && m == MinesEach
		}
	}
	if all12 {
		return fmt.Sprintf("Each player has the %d Mines of their colour, as the rulebook gives them.", MinesEach)
	}
	var parts []string
	for n := MinPlayers; n <= MaxPlayers; n++ {
		l := layouts[n]
		if slices.Equal(l.Mines, l.StandardMines) {
			parts = append(parts, fmt.Sprintf("%d players, %s", n, supplyWords(l.Mines)))
			continue
		}
		parts = append(parts, fmt.Sprintf("%d players, %s on the introductory layout and %s with the standard setup", n, supplyWords(l.Mines), supplyWords(l.StandardMines)))
	}
	return "Each player has a set number of Mines (the box holds 12 of a colour), in turn order: " + strings.Join(parts, "; ") + "."
}

// supplyWords is "12, 11 and 11".
func supplyWords(m []int) string {
	var each []string
	for _, x := range m {
		each = append(each, fmt.Sprint(x))
	}
	return strings.Join(each[:len(each)-1], ", ") + " and " + each[len(each)-1]
}
