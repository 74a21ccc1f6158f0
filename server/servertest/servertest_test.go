package servertest

import (
	"slices"
	"testing"
)

func TestSeedsPlayInOrderThenRepeatTheLast(t *testing.T) {
	next := Seeds(7, 8)
	var got []uint64
	for range 4 {
		got = append(got, next())
	}
	if want := []uint64{7, 8, 8, 8}; !slices.Equal(got, want) {
		t.Errorf("the seeds came %v, want %v", got, want)
	}
}
