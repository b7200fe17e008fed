/* seisan's service worker: the app's own pages and files, so that a table's page
   opens without a connection once it has been visited. Pages and files: the network
   first, the last copy when there is none. Nothing from another site is cached,
   nothing sent (POST) is ever answered from here, and signing out forgets the
   pages (signout.js). */
"use strict";
var PAGES = "seisan-pages-v1";
var FILES = "seisan-files-v1";

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) {
  event.waitUntil(self.clients.claim());
});
self.addEventListener("fetch", function (event) {
  var request = event.request;
  var url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) { return; }
  if (url.pathname.indexOf("/static/") === 0) {  /* the network first: a deploy's new
                                                     files reach the phone at once */
    event.respondWith(fetch(request).then(function (response) {
      if (response.ok) {
        var copy = response.clone();
        caches.open(FILES).then(function (cache) { cache.put(request, copy); });
      }
      return response;
    }, function () {
      return caches.open(FILES).then(function (cache) {
        return cache.match(request).then(function (hit) { return hit || Response.error(); });
      });
    }));
    return;
  }
  if (request.mode === "navigate" && url.pathname.indexOf("/c/") === 0) {
    event.respondWith(fetch(request).then(function (response) {
      if (response.ok) {
        var copy = response.clone();
        caches.open(PAGES).then(function (cache) { cache.put(request, copy); });
      }
      return response;
    }, function () {
      return caches.open(PAGES).then(function (cache) {
        return cache.match(request).then(function (hit) {
          return hit || Response.error();
        });
      });
    }));
  }
});
