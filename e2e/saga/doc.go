// Package saga holds the browser tests of the Saga of the Nine Worlds page
// (static/saga.html): a real Chromium plays a whole match against the bot
// by tapping, map building included, on a 360x640 phone screen, then
// replays it step by step; and a table screen follows a bot match at
// 1280x720. Without Chromium they fail saying how to install it (see
// e2e/chrome).
package saga
