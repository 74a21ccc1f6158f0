// Package roomstest holds what tests of code built on rooms need: Race, a
// tiny deterministic game with secrets, dice, bots and a clock, and stores
// that fail on demand. Like net/http/httptest, it is imported only by tests
// and load tools.
package roomstest
