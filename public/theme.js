/* global window, document */
// Runs before the first paint, as a classic script in <head>: applies a stored light or dark
// choice at once, so a dark choice on a light system never shows a light frame first. The
// module (src/app/theme-store.ts) takes over from here; the key and values are those of
// src/lib/theme.ts (tests/unit/theme-script.test.ts checks they agree).
try {
  var choice = window.localStorage.getItem("channel-desk.theme");
  if (choice === "light" || choice === "dark") document.documentElement.dataset.theme = choice;
} catch {
  // Storage refused (privacy mode): the system setting decides until the app starts.
}
