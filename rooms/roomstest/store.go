package roomstest

import (
	"errors"
	"sync/atomic"

	"periscope/rooms"
)

// ErrBroken is what a FlakyStore returns while it is broken.
var ErrBroken = errors.New("roomstest: the disk is full")

// FlakyStore is a memory store whose log writes fail while Broken is set,
// to test that rooms show nothing they could not save.
type FlakyStore struct {
	*rooms.MemoryStore
	Broken atomic.Bool
	// Gate, if set before the store is used, holds every AppendCommand
	// until a value is sent on it: a commit as slow as the test likes.
	Gate chan struct{}
}

// NewFlakyStore returns a working FlakyStore.
func NewFlakyStore() *FlakyStore {
	return &FlakyStore{MemoryStore: rooms.NewMemoryStore()}
}

// AppendCommand fails with ErrBroken while the store is broken.
func (f *FlakyStore) AppendCommand(c rooms.CommandRecord) error {
	if f.Gate != nil {
		<-f.Gate
	}
	if f.Broken.Load() {
		return ErrBroken
	}
	return f.MemoryStore.AppendCommand(c)
}

// PutSeats fails with ErrBroken while the store is broken, writing nothing.
func (f *FlakyStore) PutSeats(seats ...rooms.SeatRecord) error {
	if f.Broken.Load() {
		return ErrBroken
	}
	return f.MemoryStore.PutSeats(seats...)
}
