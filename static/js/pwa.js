// Registers the service worker (sw.js) that keeps the app shell, so "Add to
// Home Screen" works and a reload while the server is out of reach shows
// the app's own reconnecting screen. Browsers allow service workers only
// on https or localhost: on a plain LAN address this does nothing.
if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register("/sw.js").catch(() => {
    // No service worker: the pages work as before, without the offline shell.
  });
}
