/* Signing out forgets the club pages the service worker kept for offline use, so
   that the next person on a shared phone cannot read them without signing in. */
(function () {
  "use strict";
  var form = document.querySelector("form.signout");
  if (!form || !window.caches) { return; }
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    window.caches.delete("seisan-pages-v1").then(function () {}, function () {}).then(function () {
      HTMLFormElement.prototype.submit.call(form);
    });
  });
})();
