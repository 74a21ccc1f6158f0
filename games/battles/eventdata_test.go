package battles

import (
	"encoding/json"
	"testing"

	"periscope/games"
)

// dataOf finds the first event of kind in evs and decodes its data.
func dataOf[T any](t *testing.T, evs []games.Event, kind string) T {
	t.Helper()
	var v T
	for _, e := range evs {
		if e.Kind == kind {
			if err := json.Unmarshal(e.Data, &v); err != nil {
				t.Fatalf("%s data %s: %v", kind, e.Data, err)
			}
			return v
		}
	}
	t.Fatalf("no %s event in %v", kind, evs)
	return v
}

// Every step of a turn a page plays on its battlefield carries its data:
// the side that acted, the unit, where it was and went (zones named from
// its owner's seat), whom it struck, and what befell whom, so the other
// phone can draw it without reading the sentence.
func TestEventsCarryTheTurn(t *testing.T) {
	t.Run("move", func(t *testing.T) {
		g := charge3(t)
		evs := mustApply(t, g, SeatA, `{"type":"move","unit":"a2","to":"center_rear"}`)
		got := dataOf[Acted](t, evs, "move")
		want := Acted{Seat: SeatA, Unit: "a2", Name: g.unit("a2").name(), Zone: "center_rear", From: "right_rear", To: "center_rear"}
		if got != want {
			t.Fatalf("move data %+v, want %+v", got, want)
		}
	})
	t.Run("redeploy", func(t *testing.T) {
		g := charge3(t)
		evs := mustApply(t, g, SeatA, `{"type":"redeploy","unit":"a2","to":"right_front"}`)
		if got := dataOf[Acted](t, evs, "redeploy"); got.From != "right_rear" || got.To != "right_front" || got.Seat != SeatA {
			t.Fatalf("redeploy data %+v", got)
		}
	})
	t.Run("charge, hold, contact, roll, loss", func(t *testing.T) {
		g := charge3(t)
		evs := mustApply(t, g, SeatA, `{"type":"charge","unit":"a1"}`)
		if got := dataOf[Acted](t, evs, "charge"); got.From != "center_front" || got.To != "center_engagement" || got.Unit != "a1" {
			t.Fatalf("charge data %+v", got)
		}
		evs = mustApply(t, g, SeatB, `{"type":"hold"}`)
		if got := dataOf[Acted](t, evs, "hold"); got.Seat != SeatB || got.Target != "a1" || got.Unit != "" {
			t.Fatalf("hold data %+v", got)
		}
		g.rigged = []int{2, 2}
		evs = mustApply(t, g, SeatA, `{"type":"charge_target","target":"b2"}`)
		// B's center front is A's center too: B names it from its seat.
		if got := dataOf[Acted](t, evs, "contact"); got.Seat != SeatA || got.Target != "b2" || got.TargetZone != "center_engagement" {
			t.Fatalf("contact data %+v", got)
		}
		r := dataOf[RollData](t, evs, "roll")
		if r.Unit != "a1" || r.Target != "b2" || r.Hits != 4 || r.Zone != "center_engagement" || r.TargetZone != "center_engagement" || r.Kind != "charge" {
			t.Fatalf("roll data %+v", r)
		}
		evs = mustApply(t, g, SeatB, `{"type":"kill","troop":"UNI11"}`)
		if got := dataOf[Struck](t, evs, "killed"); got != (Struck{Seat: SeatB, Unit: "b2", Zone: "center_engagement", Troop: "UNI11"}) {
			t.Fatalf("killed data %+v", got)
		}
		if got := dataOf[Struck](t, evs, "destroyed"); got.Unit != "b2" || got.Seat != SeatB {
			t.Fatalf("destroyed data %+v", got)
		}
		for _, e := range evs {
			if e.Kind == "destroyed" && e.Text != "Union's unit of Gatling Gun 5-6 is destroyed." {
				t.Fatalf("destroyed reads %q, want the unit named by its troops", e.Text)
			}
		}
	})
	t.Run("intercept", func(t *testing.T) {
		g := charge3(t)
		mustApply(t, g, SeatA, `{"type":"charge","unit":"a1"}`)
		g.rigged = []int{1, 1, 3}
		evs := mustApply(t, g, SeatB, `{"type":"intercept","unit":"b1"}`)
		if got := dataOf[Acted](t, evs, "intercept"); got.Seat != SeatB || got.From != "center_front" || got.To != "center_engagement" || got.Target != "a1" {
			t.Fatalf("intercept data %+v", got)
		}
	})
	t.Run("fire at the charge", func(t *testing.T) {
		g := charge3(t)
		mustApply(t, g, SeatA, `{"type":"charge","unit":"a1"}`)
		g.rigged = []int{1, 1, 1, 1}
		evs := mustApply(t, g, SeatB, `{"type":"fire_at_charge","unit":"b2"}`)
		if got := dataOf[Acted](t, evs, "fire_at_charge"); got.Seat != SeatB || got.Unit != "b2" || got.Target != "a1" || got.TargetZone != "center_engagement" {
			t.Fatalf("fire_at_charge data %+v", got)
		}
	})
	t.Run("pass", func(t *testing.T) {
		g := charge3(t)
		evs := mustApply(t, g, SeatA, `{"type":"pass"}`)
		if got := dataOf[Acted](t, evs, "pass"); got != (Acted{Seat: SeatA}) {
			t.Fatalf("pass data %+v", got)
		}
	})
}
