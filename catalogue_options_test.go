package main

import (
	"encoding/json"
	"fmt"
	"testing"

	"periscope/games"
)

// TestEveryGameOffersTheOptionsItTakes holds each game's option list (the
// one the lobby's form is drawn from, static/js/optionsform.js) to its New:
// every value the list offers starts a match, and New refuses what the list
// does not offer (a value beside a choice, a number past its bounds, a key
// the list lacks), so the form shows every option a game takes and no
// other.
func TestEveryGameOffersTheOptionsItTakes(t *testing.T) {
	for _, def := range catalogue() {
		t.Run(def.Name, func(t *testing.T) {
			if len(def.Options) == 0 {
				t.Fatal("no option list: the lobby's form has nothing to draw")
			}
			with := func(opts map[string]any) error {
				b, err := json.Marshal(opts)
				if err != nil {
					t.Fatal(err)
				}
				_, err = def.New(b, 1)
				return err
			}
			start := func(key string, v any) error { return with(map[string]any{key: v}) }
			// offered is whether key = v starts a match, alone or beside
			// one other option's listed value (a value may need another:
			// Captain Sonar's scenario gauge needs a map with a scenario).
			offered := func(key string, v any) error {
				err := start(key, v)
				for _, other := range def.Options {
					for _, w := range offeredValues(other) {
						if err == nil || other.Key == key {
							break
						}
						if with(map[string]any{key: v, other.Key: w}) == nil {
							err = nil
						}
					}
				}
				return err
			}
			if err := start("no_such_option", true); err == nil {
				t.Error("New takes the key no_such_option, which the list does not offer")
			}
			seen := map[string]bool{}
			for _, o := range def.Options {
				if seen[o.Key] {
					t.Errorf("option %s listed twice", o.Key)
				}
				seen[o.Key] = true
				if o.Label == "" {
					t.Errorf("option %s has no label for the form", o.Key)
				}
				if !optionTakes(o, o.Default) {
					t.Errorf("option %s: its default %v is not one of its values", o.Key, o.Default)
				}
				var takes, refuses []any
				switch o.Kind {
				case games.OptionBool:
					takes, refuses = []any{true, false}, []any{"yes"}
				case games.OptionInt:
					if o.Min > o.Max {
						t.Errorf("option %s: min %d over max %d", o.Key, o.Min, o.Max)
					}
					takes, refuses = []any{o.Min, o.Max, o.Default}, []any{o.Max + 1, "1"}
					// 0 is the absent key to an options struct (omitempty):
					// the default.
					if o.Min-1 != 0 {
						refuses = append(refuses, o.Min-1)
					}
				case games.OptionChoice:
					if len(o.Choices) < 2 {
						t.Errorf("option %s: a choice of %d values", o.Key, len(o.Choices))
					}
					for _, c := range o.Choices {
						if c.Label == "" {
							t.Errorf("option %s: value %v has no label", o.Key, c.Value)
						}
					}
					takes = offeredValues(o)
					refuses = []any{"no_such_value"}
				default:
					t.Errorf("option %s: kind %q, which the form cannot draw", o.Key, o.Kind)
				}
				for _, v := range takes {
					if err := offered(o.Key, v); err != nil {
						t.Errorf("option %s = %v, as the list offers it: %v", o.Key, v, err)
					}
				}
				for _, v := range refuses {
					if err := start(o.Key, v); err == nil {
						t.Errorf("option %s = %s starts a match, but the list does not offer it", o.Key, fmt.Sprint(v))
					}
				}
			}
		})
	}
}

// offeredValues are the values a lobby's form offers for o (an int's bounds).
func offeredValues(o games.Option) []any {
	switch o.Kind {
	case games.OptionBool:
		return []any{true, false}
	case games.OptionInt:
		return []any{o.Min, o.Max}
	}
	var out []any
	for _, c := range o.Choices {
		out = append(out, c.Value)
	}
	return out
}
