package gamestest

import (
	"maps"
	"slices"
	"strings"
	"testing"
)

// RuleCodes follows codes through literals, wrappers, assignments and
// switches, and leaves the test files out.
func TestRuleCodes(t *testing.T) {
	codes := RuleCodes(t, "testdata/rulecodes/ok")
	got := slices.Sorted(maps.Keys(codes))
	want := []string{"assigned_code", "case_one", "case_two", "literal_code", "other_assigned", "twice_wrapped", "wrapped_code"}
	if !slices.Equal(got, want) {
		t.Errorf("codes %v; want %v", got, want)
	}
	if codes["twice_wrapped"] != "ok.go:13" {
		t.Errorf("twice_wrapped is refused at %s; want ok.go:13", codes["twice_wrapped"])
	}
}

// A code the scan cannot follow is an error, not a code left out.
func TestRuleCodesBlind(t *testing.T) {
	_, err := ruleCodes("testdata/rulecodes/blind")
	if err == nil || !strings.Contains(err.Error(), "blind.go:7: cannot tell the rule code") {
		t.Errorf("err = %v; want blind.go:7 named", err)
	}
}
