package gridtactics

import "periscope/games"

// TurnLimit ends a match that nobody finishes: the rulebook ends it only by
// elimination or by its optional clock, and two careful players may both
// wait out of reach forever. Turns are counted for both sides (30 each);
// veteran bot matches take about 20 turns, and 3 in 1,000 reach the limit.
const TurnLimit = 60

// A turn takes at most MaxTurnCommands accepted commands: one for each
// soldier and tank, three for each artillery (move, fire, and the second
// shot or declining it) and the end of the turn; after that only ending
// the turn is legal. A match takes at most MaxMatchCommands: the start,
// two setups and TurnLimit turns.
const (
	MaxTurnCommands  = 3 + 2 + 2*3 + 1
	MaxMatchCommands = 3 + TurnLimit*MaxTurnCommands
)

// houseRules are our decisions that change play where the rulebook is
// silent or unclear, and our readings kept as room options: one source for
// the page and docs/rules-decisions.md (TestHouseRulesDocumented).
var houseRules = []games.HouseRule{
	{ID: "diagonals_count", Text: "A diagonal step counts as one space: a soldier attacks any of its 8 neighbours, and artillery fires at any square exactly 2 away on the ring around it, over whatever stands between."},
	{ID: "moves_through_empty_squares", Text: "Moves go square by square through empty squares: no unit jumps, and a tank may turn during its 2-square move."},
	{ID: "artillery_either_order", Text: "Artillery may move and fire in either order (fire, then pull back), and may skip either part."},
	{ID: "second_shot_after_miss", Text: "Artillery fires its second attack only after a miss, straight away, needing the same number."},
	{ID: "shield_any_neighbour", Text: "A soldier is in Shield Formation with a friendly soldier on any of its 8 neighbouring squares; it counts against every attacker, and two partners do not add up."},
	{ID: "units_may_wait", Text: "A unit may skip its action, and a player may end the turn at any time."},
	{ID: "turn_limit", Text: "The match ends after turn 60 (30 each): the side with more units wins and scores 2, equal numbers draw, so no match goes on forever."},
	{ID: "tank_attacks_straight", Text: "A tank attacks only an enemy beside it along a row or column, never diagonally.", Option: "tank_attacks_straight", Values: []any{true}},
	{ID: "tank_attack_in_place", Text: "A tank's combat action may attack from where it stands, without its 1-square move.", Option: "tank_attack_in_place", Values: []any{true}},
	{ID: "small_board_two_rows", Text: "On the 6x6 board each side sets up on its two back rows, since seven units do not fit on one.", Option: "small_board", Values: []any{true}},
	{ID: "face_down_when_attacked", Text: "A face-down unit stays face down when attacked: the roll shows the die and hit or miss, not the number needed.", Option: "hidden_setup", Values: []any{true}},
	{ID: "time_limit_draw", Text: "When time runs out with equal numbers of units, the match is a draw and each side scores 1.", Option: "time_limit", Values: []any{true}},
}
