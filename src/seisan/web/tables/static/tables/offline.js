/* seisan: what a phone sends is kept until the server acknowledges it.
   A form with data-offline="<name>" is sent with fetch; while the connection is down
   each submission waits in localStorage (with its idempotency key, so a hand or game
   sent twice is stored once) and goes out, in order, when the connection returns.
   A submission the server refuses stays in view with the server's reason until the
   scorer discards it: nothing is lost without someone deciding so. */
(function () {
  "use strict";
  var form = document.querySelector("form[data-offline]");
  var box = document.getElementById("waiting");
  if (!form || !box || !window.fetch || !window.localStorage) { return; }
  var store = "seisan-waiting:" + form.dataset.offline;
  var sending = false;
  var goTo = null;  /* where the last stored entry leads (its game, the next hand) */

  function load() {
    try { return JSON.parse(localStorage.getItem(store) || "[]"); } catch (e) { return []; }
  }
  function keep(items) {
    localStorage.setItem(store, JSON.stringify(items));
    show(items);
  }
  function show(items) {
    var waiting = items.filter(function (i) { return !i.refused; }).length;
    var refused = items.filter(function (i) { return i.refused; });
    box.hidden = items.length === 0;
    box.querySelector(".count").textContent = String(waiting);
    box.querySelector(".waiting-line").hidden = waiting === 0;
    var list = box.querySelector(".refused");
    list.textContent = "";
    refused.forEach(function (item) {
      var li = document.createElement("li");
      li.textContent = item.refused;
      list.appendChild(li);
    });
    box.querySelector(".discard").hidden = refused.length === 0;
  }
  function fields(of, submitter) {
    var out = [];
    var data;
    try { data = new FormData(of, submitter); } catch (e) { data = new FormData(of); }
    data.forEach(function (value, name) { out.push([name, String(value)]); });
    return out;
  }
  function reason(html) {
    var page = new DOMParser().parseFromString(html, "text/html");
    var said = page.querySelector(".errors, .error, [role=alert]");
    return said ? said.textContent.trim().replace(/\s+/g, " ") : String(html).slice(0, 200);
  }
  function newKey() {  /* a cached copy of the page repeats the key it was served with */
    var key = form.querySelector("input[name=key]");
    if (key) {
      var bytes = new Uint8Array(16);
      window.crypto.getRandomValues(bytes);
      key.value = Array.prototype.map.call(bytes, function (b) {
        return ("0" + b.toString(16)).slice(-2);
      }).join("");
    }
  }
  function token() {  /* the page's CSRF token now: signing in again renews it */
    var field = document.querySelector("input[name=csrfmiddlewaretoken]");
    return field ? field.value : "";
  }
  function fresh() {  /* the next entry: a new key, the next number, the taps cleared */
    newKey();
    var number = form.querySelector("input[name=number]");
    if (number) { number.value = String(Number(number.value) + 1); }
    form.querySelectorAll("input[type=checkbox], input[type=radio]").forEach(function (i) {
      i.checked = false;
    });
    form.querySelectorAll("input[type=text]:not(.who), select").forEach(function (i) {
      if (i.tagName === "SELECT") { i.selectedIndex = 0; } else { i.value = ""; }
    });
    var preview = document.getElementById("preview");
    if (preview) { preview.textContent = ""; }
  }
  function flush() {
    if (sending) { return Promise.resolve(false); }
    sending = true;
    function next() {
      var items = load();
      var item = items.find(function (i) { return !i.refused; });
      if (!item) { return Promise.resolve(true); }
      var body = new URLSearchParams();
      item.fields.forEach(function (pair) { body.append(pair[0], pair[1]); });
      if (token()) { body.set("csrfmiddlewaretoken", token()); }
      /* stored is 201 (the server says so for a queued entry): any page sent back
         instead is the form with its problem, or a question: the entry is not stored */
      return fetch(item.action, {
        method: "POST", body: body, credentials: "same-origin", redirect: "manual",
        headers: {"X-Seisan-Queued": "1"}
      }).then(function (response) {
        if (response.status === 401) {
          box.querySelector(".signin").hidden = false;
          throw new Error("signed out");  /* kept: sent once the scorer signs in again */
        }
        var stored = response.status === 201;  /* {"next": the page to go to} */
        return response.text().then(function (text) {
          var now = load();
          var index = now.findIndex(function (i) { return i.id === item.id; });
          if (stored) {
            try { goTo = JSON.parse(text).next || goTo; } catch (e) { /* stay */ }
            if (index >= 0) { now.splice(index, 1); }
          } else if (index >= 0) {
            now[index].refused = reason(text);
          }
          keep(now);
          return next();
        });
      });
    }
    return next().then(function (done) {
      sending = false;
      return done && load().length === 0;
    }, function () {  /* no connection: everything stays for later */
      sending = false;
      show(load());
      return false;
    });
  }
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var id = String(Date.now()) + Math.random();
    var submitter = event.submitter;
    var items = load();
    items.push({id: id, action: form.action, fields: fields(form, submitter)});
    keep(items);
    flush().then(function (allSent) {
      var mine = load().find(function (i) { return i.id === id; });
      if (mine && mine.refused) {
        /* refused now, with the server in reach: send the form itself, so that the
           page comes back with its problem beside the fields (or its question),
           as without this script; the same key stores it once at most */
        keep(load().filter(function (i) { return i.id !== id; }));
        if (submitter && submitter.name) {
          var pressed = document.createElement("input");
          pressed.type = "hidden";
          pressed.name = submitter.name;
          pressed.value = submitter.value;
          form.appendChild(pressed);
        }
        HTMLFormElement.prototype.submit.call(form);
      } else if (allSent) {
        go();
      } else {
        fresh();
      }
    });
  });
  newKey();
  box.querySelector(".discard").addEventListener("click", function () {
    keep(load().filter(function (i) { return !i.refused; }));
  });
  function go() {
    if (goTo) { window.location.assign(goTo); } else { window.location.reload(); }
  }
  window.addEventListener("online", function () {
    flush().then(function (allSent) { if (allSent) { go(); } });
  });
  show(load());
  if (load().length) {
    flush().then(function (allSent) { if (allSent) { go(); } });
  }
  if ("serviceWorker" in navigator && form.dataset.worker) {
    navigator.serviceWorker.register(form.dataset.worker).catch(function () {});
  }
})();
