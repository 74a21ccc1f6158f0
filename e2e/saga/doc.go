// Package saga holds the browser test of the Saga of the Nine Worlds page
// (static/saga.html): a real Chromium plays a whole match against the bot
// through the page, map building included, on a 390x844 phone screen. The
// test skips when Chromium is not installed at /usr/bin/chromium.
package saga
