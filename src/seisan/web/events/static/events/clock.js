// The round's countdown on the projector: every [data-left] (seconds left when the page
// was made) counts down from then; a swap by htmx brings the server's figure again, so
// a slow or fast clock on the projector's computer never drifts for long.
(function () {
  "use strict";
  function tick() {
    var now = performance.now();
    document.querySelectorAll("[data-left]").forEach(function (el) {
      if (!el.dataset.since) el.dataset.since = String(now);
      var left = Number(el.dataset.left) - (now - Number(el.dataset.since)) / 1000;
      if (left <= 0) {
        el.textContent = el.dataset.over || "0:00";
        el.classList.add("over");
        return;
      }
      var whole = Math.ceil(left);
      var hours = Math.floor(whole / 3600);
      var minutes = Math.floor((whole % 3600) / 60);
      var seconds = whole % 60;
      var text = (hours ? hours + ":" + (minutes < 10 ? "0" : "") : "") + minutes + ":" +
        (seconds < 10 ? "0" : "") + seconds;
      el.textContent = text;
    });
  }
  document.addEventListener("DOMContentLoaded", tick);
  setInterval(tick, 250);
})();
