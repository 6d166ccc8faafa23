// Runs before first paint so a dark-mode user never sees a white flash.
(function () {
  try {
    var dark = localStorage.getItem('isLocalDark') === 'true';
    document.documentElement.classList.toggle('dark', dark);
    document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
  } catch (e) {
    /* storage blocked: stay light */
  }
})();
