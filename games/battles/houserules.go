package battles

import "periscope/games"

// houseRules is every decision of ours that changes play, where the
// rulebook is silent or unclear, and our readings kept as room options:
// the one source of the page's "House rules at this table" and of
// docs/rules-decisions.md (TestHouseRulesDoc keeps them in agreement).
var houseRules = []games.HouseRule{
	{ID: "troop_values", Text: "The rulebook prints no troop values: every Deployment Point of a single tile, Formation value, Wound point and the colour of each die (black to engage, white to shoot) is ours, fitted to the rulebook's example armies."},
	{ID: "unnamed_tiles", Text: "Eleven troop tiles the rulebook never names are ours; the army lists mark them."},
	{ID: "traits", Text: "Every trait's effect is ours (Fast, Drummer, Disciplined, Fierce, Volley, Sniper, Elusive, Heavy, Command, Bless, Field hospital, Signal); the rules card says what each does."},
	{ID: "command_own_cost", Text: "Command takes back at most as many Order tokens as its own order cost, so it never gains tokens."},
	{ID: "command_once", Text: "Command takes back a unit's Order tokens only once a round."},
	{ID: "turn_limit", Text: "A general takes at most two turns per token in one round (ten at 50 points); after that the other general plays on alone."},
	{ID: "round_limit", Text: "A battle lasts at most the room's round limit (12 rounds unless the host sets another): then whoever destroyed more wins, Player 2 on a tie."},
	{ID: "charge_ends", Text: "A charge at a unit in the Rear or in an adjacent sector draws it into the Engagement zone of its own sector; when one side of a fight is destroyed, the survivor returns to its own Front of that sector."},
	{ID: "front_empty", Text: "A unit in the Rear can be charged or shot only when no enemy unit stands in the Front or Engagement zone of its sector; a Sniper shoots the Rear of its own sector anyway."},
	{ID: "answer_costs", Text: "Intercepting or shooting at a charge costs an order like any other (the unit's Order tokens plus one); an interceptor is struck first, by the charger's two dice, then strikes back."},
	{ID: "shot_split", Text: "A shot at a unit in an engagement splits its hits, rounded up, over every unit of that engagement, your own included."},
	{ID: "leave_strikes", Text: "When a unit leaves an engagement, each enemy unit in contact with it strikes it once, with one die."},
	{ID: "lost_unit_tokens", Text: "The Order tokens of a destroyed unit are set aside until the next round."},
	{ID: "victory_first", Text: "At the end of a round the winner is checked before sacrifices; sacrificed troops count for the enemy at the next check."},
	{ID: "first_roll_ties", Text: "Equal rolls for Player 1 are rolled again."},
	{ID: "no_dice_strikes", Text: "A unit without Engagement dice in an engagement may still carry on and strikes back; it rolls for nothing."},
	{ID: "no_units_left", Text: "A general whose units are all destroyed still takes turns, passing, until the round ends: the battle is decided only at the end of a round."},
	{ID: "stack_height", Text: "Before every unit is placed the enemy also sees how many troops each hidden stack holds, never which.", Option: "hidden_stacks", Values: []any{StacksHeight}},
	{ID: "pass_token_aside", Text: "A token set aside by a Pass stays out of play until the next round: it cannot become a Wound token.", Option: "pass_token", Values: []any{PassAside}},
}
