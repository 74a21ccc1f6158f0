package games

import (
	"encoding/json"
	"fmt"
	"strings"
)

// HouseRulesBlock is the part of docs/rules-decisions.md that lists a
// game's house rules, between two markers, one rule a line:
//
//	<!-- house-rules:NAME -->
//	- Text (`id`)
//	- Text (`id`; only with option `key` = value)
//	<!-- /house-rules:NAME -->
//
// The page's "House rules at this table" is built from the same
// Definition.HouseRules, so a test comparing this block with the doc keeps
// the doc, the data and the page in agreement.
func HouseRulesBlock(name string, rules []HouseRule) string {
	var b strings.Builder
	fmt.Fprintf(&b, "<!-- house-rules:%s -->\n", name)
	for _, r := range rules {
		fmt.Fprintf(&b, "- %s (`%s`", r.Text, r.ID)
		if r.Option != "" {
			vals := make([]string, len(r.Values))
			for i, v := range r.Values {
				j, _ := json.Marshal(v)
				vals[i] = string(j)
			}
			fmt.Fprintf(&b, "; only with option `%s` = %s", r.Option, strings.Join(vals, " or "))
		}
		b.WriteString(")\n")
	}
	fmt.Fprintf(&b, "<!-- /house-rules:%s -->\n", name)
	return b.String()
}

// HouseRulesInForce returns the rules of def in force in a room with these
// options (the game's options JSON; absent keys take their defaults).
func HouseRulesInForce(def Definition, options json.RawMessage) []HouseRule {
	set := map[string]json.RawMessage{}
	if len(options) > 0 {
		_ = json.Unmarshal(options, &set)
	}
	var out []HouseRule
	for _, r := range def.HouseRules {
		if r.Option == "" {
			out = append(out, r)
			continue
		}
		val, ok := set[r.Option]
		if !ok {
			for _, o := range def.Options {
				if o.Key == r.Option {
					val, _ = json.Marshal(o.Default)
				}
			}
		}
		for _, want := range r.Values {
			w, _ := json.Marshal(want)
			if jsonEqual(val, w) {
				out = append(out, r)
				break
			}
		}
	}
	return out
}

func jsonEqual(a, b []byte) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	xj, _ := json.Marshal(x)
	yj, _ := json.Marshal(y)
	return string(xj) == string(yj)
}
