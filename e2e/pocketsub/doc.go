// Package pocketsub holds the browser tests of the Pocket Sub page
// (static/pocketsub.html): a real Chromium plays whole matches through the
// page, tapping Subs, steps and Mine spots on the ocean as a player would,
// on a 390x844 phone screen: one against the bot, one team match with
// bots on the other three seats. The tests skip when Chromium is not
// installed at /usr/bin/chromium.
package pocketsub
