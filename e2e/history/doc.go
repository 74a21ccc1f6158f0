// Package history holds the browser tests of what follows a match: the
// history page, the stats, the step-by-step debrief of a finished Captain
// Sonar match read from the store, and the app shell (manifest, service
// worker, the reconnecting screen when the server is briefly down).
//
// Screenshots go to $HISTORY_SCREENS, or a new temporary directory.
package history
