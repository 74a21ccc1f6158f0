package roles

import (
	"periscope/games"
	"periscope/sonar"
)

// catalogue lists every table option the lobby offers, with the value the
// game uses when the option is left out. Every point the rulebook leaves
// open is one of them (docs/rules-decisions.md says why each default).
func catalogue() []games.Option {
	return []games.Option{
		{Key: "map", Label: "Map", Kind: games.OptionChoice, Default: "alpha",
			Help: "Delta plays without its ice rule: where its open-water holes are printed is not known, so a table that wants the rule gives them (ice_holes).",
			Choices: []games.Choice{
				{Value: "alpha", Label: "Alpha: many islands (default)"},
				{Value: "bravo", Label: "Bravo: more open sea"},
				{Value: "charlie", Label: "Charlie: open sea, small islands"},
				{Value: "delta", Label: "Delta: under the ice (no ice holes unless given)"},
				{Value: "echo", Label: "Echo: Archer mines"},
			}},
		{Key: "mode", Label: "Mode", Kind: games.OptionChoice, Default: "realtime",
			Help: "Two or three players in all play turn-based.",
			Choices: []games.Choice{
				{Value: "realtime", Label: "Real time: both crews sail at once (default)"},
				{Value: "turnbased", Label: "Turn-based: easier, for a first game"},
			}},
		{Key: "blue_crew", Label: "Blue crew", Kind: games.OptionInt, Min: 1, Max: 4, Default: 4,
			Help: "Crews of 3: the Captain is also First Mate. Crews of 2: Captain, First Mate and Engineer on one phone."},
		{Key: "red_crew", Label: "Red crew", Kind: games.OptionInt, Min: 1, Max: 4, Default: 4},
		{Key: "first_dive", Label: "First dive: a guided training match", Kind: games.OptionBool, Default: false, House: true,
			Help: "Your crew (1 to 4 phones) against a learner bot crew on Red, turn-based on Alpha, with a coach on every phone: one lesson at a time, from the match as it stands. Red's seats get bots when you open the room."},
		{Key: "teaching", Label: "Teaching hints on every phone", Kind: games.OptionBool, Default: false},
		games.BotLevelOption("How well the bots the host seats play: a learner crew for a first match, a veteran crew to be beaten.",
			"plain routes, shoots only when sure", "plans its route, tracks you, hides with silence",
			"hunts with the tracker, quick in real time"),
		{Key: "radio", Label: "Radio Operator assist", Kind: games.OptionChoice, Default: RadioAuto, House: true,
			Choices: []games.Choice{
				{Value: RadioAuto, Label: "Automatic: the likelihood map in teaching rooms, off otherwise (default)"},
				{Value: RadioOff, Label: "Off: plot by hand"},
				{Value: RadioCells, Label: "The enemy's possible cells", House: true},
				{Value: RadioHeat, Label: "Possible cells and their likelihood", House: true},
			}},
		{Key: "torpedo_range", Label: "Torpedo range", Kind: games.OptionChoice, Default: "water", Advanced: true,
			Help: "The rulebook: up to 4 spaces, not diagonally. It does not say whether islands block the way.",
			Choices: []games.Choice{
				{Value: "water", Label: "4 steps over water, around islands (default)"},
				{Value: "orthogonal", Label: "4 spaces along rows and columns, over islands (the rulebook's words)"},
			}},
		{Key: "trigger_own_turn", Label: "Turn-based: mines go off only on your own turn", Kind: games.OptionBool, Default: false, Advanced: true, House: true,
			Help: "Off by default, as the rulebook says: a Captain triggers a mine at almost any time, the enemy's turn included."},
		{Key: "trigger_is_system", Label: "Triggering a mine counts as a system", Kind: games.OptionBool, Default: false, Advanced: true, House: true,
			Help: "Off by default: a trigger is free. On, the Pilot house rules: a trigger needs a course since the last system and a working red system."},
		{Key: "silence_min", Label: "Shortest silence", Kind: games.OptionChoice, Default: 0, Advanced: true,
			Choices: []games.Choice{
				{Value: 0, Label: "0 spaces: a silence may stay in place (the designer's errata, default)"},
				{Value: 1, Label: "1 space", House: true},
			}},
		{Key: "mine_adjacency", Label: "Mines may be dropped", Kind: games.OptionChoice, Default: 8, Advanced: true,
			Choices: []games.Choice{
				{Value: 8, Label: "On any of the 8 cells around (as the hit example counts, default)"},
				{Value: 4, Label: "Only north, east, south or west"},
			}},
		{Key: "damage_before_repair", Label: "A mark that fills a circuit and its panel costs damage", Kind: games.OptionBool, Default: false, Advanced: true,
			Help: "Off by default: the circuit repairs itself first and no damage is taken (the Pilot rules)."},
		{Key: "scenario_gauge", Label: "Echo's scenario gauge", Kind: games.OptionChoice, Default: 0, Advanced: true,
			Choices: []games.Choice{
				{Value: 0, Label: "As the scenario prints (Echo: 4 spaces, default)"},
				{Value: 4, Label: "4 spaces"},
				{Value: 6, Label: "6 spaces"},
			}},
		{Key: "surface_order", Label: "Real time: who traces the surfacing sections when", Kind: games.OptionChoice, Default: sonar.SurfaceEngineerFirst, Advanced: true,
			Help: "The rulebook: the Engineer traces a section, then passes the sheet to a teammate, who does the same.",
			Choices: []games.Choice{
				{Value: sonar.SurfaceEngineerFirst, Label: "The Engineer first, then the other three at once (default)", House: true},
				{Value: sonar.SurfaceSheet, Label: "One at a time, as the rulebook: Engineer, First Mate, Captain, Radio Operator"},
				{Value: sonar.SurfaceAny, Label: "Any order, all at once", House: true},
			}},
		{Key: "inspection_seconds", Label: "Seconds the enemy Engineer has to inspect", Kind: games.OptionInt, Min: 15, Max: 600, Default: 60, Advanced: true, House: true,
			Help: "60 by default. Then the sheet passes by itself, so an inspection never stalls the match."},
		{Key: "inspection_rejections", Label: "Sections the enemy Engineer may reject per surfacing", Kind: games.OptionInt, Min: 1, Max: 9, Default: 2, Advanced: true, House: true,
			Help: "2 by default. The rulebook sets no limit, which would let an enemy keep a submarine surfaced for good."},
	}
}
