package main

import (
	"encoding/json"
	"fmt"
	"slices"

	"periscope/games"
	"periscope/games/battles"
	"periscope/games/gridtactics"
	"periscope/games/pocketsub"
	"periscope/games/saga"
)

// pocketGames are the games the tool measures, in the order of the report.
// Captain Sonar is played by crews of people, not measured here.
func pocketGames() []games.Definition {
	return []games.Definition{gridtactics.Definition, pocketsub.Definition, saga.Definition, battles.Definition}
}

// config is one default configuration of a game: the room options a host
// gets by choosing only what the game is about (players, layout, factions,
// armies, size), everything else left at its default.
type config struct {
	Def     games.Definition
	Name    string // what the report calls it: "3 players, Introductory (house layout)"
	Options json.RawMessage
}

// configs lists def's default configurations. Values come from the
// lobby's own choices (Definition.Options), so a new layout, faction or
// army is measured without a change here.
func configs(def games.Definition) []config {
	opts := func(kv ...any) json.RawMessage {
		m := map[string]any{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return games.MustJSON(m)
	}
	switch def.Name {
	case "pocketsub":
		// 2, 3 and 4 players on each setup (the house layouts and the
		// standard random board).
		var out []config
		players := option(def, "players")
		for n := players.Min; n <= players.Max; n++ {
			for _, c := range option(def, "setup").Choices {
				out = append(out, config{def, fmt.Sprintf("%d players, %s", n, c.Label), opts("players", n, "setup", c.Value)})
			}
		}
		return out
	case "saga":
		// Every pair of factions, both ways round.
		return pairs(def, "raven_faction", "wolf_faction", "Raven", "Wolf", nil, opts)
	case "battles":
		// 50, 80 and 100 points, each army on each side.
		var out []config
		for _, size := range []int{50, 80, 100} {
			if !slices.ContainsFunc(option(def, "size").Choices, func(c games.Choice) bool { return jsonEqual(c.Value, size) }) {
				continue
			}
			out = append(out, pairs(def, "army_a", "army_b", "A", "B", []any{"size", size}, opts)...)
		}
		for i := range out {
			var o struct {
				Size int `json:"size"`
			}
			_ = json.Unmarshal(out[i].Options, &o)
			out[i].Name = fmt.Sprintf("%d points, %s", o.Size, out[i].Name)
		}
		return out
	}
	return []config{{def, "default options", nil}}
}

// pairs is one configuration per ordered pair of different choices of the
// options a and b (a side each), with the extra options kv.
func pairs(def games.Definition, a, b, sideA, sideB string, kv []any, opts func(...any) json.RawMessage) []config {
	var out []config
	for _, x := range option(def, a).Choices {
		for _, y := range option(def, b).Choices {
			if jsonEqual(x.Value, y.Value) {
				continue
			}
			name := fmt.Sprintf("%s: %s, %s: %s", sideA, x.Label, sideB, y.Label)
			out = append(out, config{def, name, opts(append([]any{a, x.Value, b, y.Value}, kv...)...)})
		}
	}
	return out
}

// option is def's option key; the zero Option if it has none, so that a
// renamed key yields no configuration and the report says so.
func option(def games.Definition, key string) games.Option {
	for _, o := range def.Options {
		if o.Key == key {
			return o
		}
	}
	return games.Option{}
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}
