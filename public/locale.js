/* global window, document */
// Runs before the first paint, as a classic script in <head>: puts the interface language on
// <html lang> at once (screen readers and the browser's hyphenation read it from the start).
// The rule is src/lib/locale.ts's: the remembered choice, else the first of the browser's
// languages the interface speaks, else English (tests/unit/locale-script.test.ts checks they
// agree). The module (src/i18n/locale-runtime.ts) takes over from here.
(function () {
  var supported = ["en", "ru"];
  var locale = null;
  try {
    var stored = window.localStorage.getItem("channel-desk.locale");
    if (supported.indexOf(stored) !== -1) locale = stored;
  } catch {
    // Storage refused (privacy mode): the browser's languages decide.
  }
  if (locale === null) {
    var languages =
      navigator.languages && navigator.languages.length
        ? navigator.languages
        : [navigator.language || ""];
    for (var i = 0; i < languages.length && locale === null; i++) {
      var language = String(languages[i]).trim().toLowerCase().split(/[-_]/)[0];
      if (supported.indexOf(language) !== -1) locale = language;
    }
  }
  document.documentElement.lang = locale || "en";
})();
