// Says so when a tap did not reach the table's server, or the server refused it, instead
// of leaving the page silent; and says the page is offline until a poll gets through.
// As soon as any request gets through again, "connected again" shows briefly in place of
// the offline or "may not have been stored" notice. The words come translated with the
// page, on #net-status's data-* attributes.
(function () {
  "use strict";

  function box() {
    return document.getElementById("net-status");
  }

  function show(text, kind) {
    var el = box();
    if (!el || !text) return;
    el.textContent = text;
    el.dataset.kind = kind;
    el.hidden = false;
  }

  function hide(kind) {
    var el = box();
    if (el && !el.hidden && (!kind || el.dataset.kind === kind)) {
      el.hidden = true;
      el.textContent = "";
      el.dataset.kind = "";
    }
  }

  function isWrite(detail) {
    var verb = detail && detail.requestConfig && detail.requestConfig.verb;
    return !!verb && verb.toLowerCase() !== "get";
  }

  function lost(event) {
    var el = box();
    if (!el) return;
    if (isWrite(event.detail)) {
      show(el.dataset.writeLost, "write");
    } else if (el.dataset.kind !== "write" && el.dataset.kind !== "refused") {
      show(el.dataset.offline, "offline");
    }
  }

  function refused(event) {
    var el = box();
    if (!el) return;
    var said = "";
    try {
      var doc = new DOMParser().parseFromString(event.detail.xhr.responseText, "text/html");
      var alert = doc.querySelector("[role=alert]:not(#net-status)");
      said = alert ? alert.textContent.trim() : "";
    } catch (e) {
      said = "";
    }
    // A server too full to take this connection (503) refused a poll: the page asks again by
    // itself (below), and a poll that gets through puts "connected again" in its place.
    var busy = event.detail.xhr && event.detail.xhr.status === 503 && !isWrite(event.detail);
    show(said || el.dataset.failed, busy ? "busy" : "refused");
  }

  var backTimer = null;

  function answered(event) {
    if (!event.detail || !event.detail.successful) return;
    var el = box();
    if (!el) return;
    if (el.dataset.kind === "offline" || el.dataset.kind === "write" || el.dataset.kind === "busy") {
      show(el.dataset.back, "back");
      clearTimeout(backTimer);
      backTimer = setTimeout(function () { hide("back"); }, 2000);
    } else if (isWrite(event.detail)) {
      hide();
    }
  }

  document.addEventListener("htmx:sendError", lost);
  document.addEventListener("htmx:timeout", lost);
  document.addEventListener("htmx:responseError", refused);
  document.addEventListener("htmx:afterRequest", answered);
})();

// Keeps the phone's screen on while a game page is open and visible, and takes it again
// when the phone wakes or the tab comes back. Where the Wake Lock API exists (https, or
// this computer's own loopback address) it asks for a screen wake lock; over the plain
// http LAN address, where browsers do not offer that API, it plays a silent, invisible
// looping clip, which keeps phones awake the same way (started on the first tap where the
// browser wants a gesture first). <html data-awake> says which way holds it: "lock",
// "video", or "" while nothing does.
(function () {
  "use strict";
  var root = document.documentElement;
  var marker = document.querySelector("[data-keep-awake]");
  if (!marker) return;
  var lock = null;
  var video = null;

  function say(how) {
    root.dataset.awake = how;
  }

  function withVideo() {
    if (!video) {
      video = document.createElement("video");
      video.muted = true;
      video.loop = true;
      video.setAttribute("muted", "");
      video.setAttribute("playsinline", "");
      ["webm", "mp4"].forEach(function (kind) {
        var source = document.createElement("source");
        source.src = marker.dataset["clip" + kind.charAt(0).toUpperCase() + kind.slice(1)];
        source.type = "video/" + kind;
        video.appendChild(source);
      });
    }
    var playing = video.play();
    if (playing && playing.then) {
      playing.then(function () { say("video"); }, function () { say(""); });
    } else {
      say("video");
    }
  }

  function acquire() {
    if (document.visibilityState !== "visible") return;
    if (window.isSecureContext && "wakeLock" in navigator) {
      if (lock !== null) return;
      navigator.wakeLock.request("screen").then(function (sentinel) {
        lock = sentinel;
        say("lock");
        sentinel.addEventListener("release", function () {
          lock = null;
          say("");
        });
      }, withVideo);
    } else {
      withVideo();
    }
  }

  function visibility() {
    if (document.visibilityState === "visible") {
      acquire();
    } else {
      if (lock !== null) lock.release();
      if (video) video.pause();
      say("");
    }
  }

  document.addEventListener("visibilitychange", visibility);
  document.addEventListener("pointerdown", function () {
    if (!root.dataset.awake) acquire();
  }, { passive: true });
  say("");
  acquire();
})();

// Keeps the game panel current. The table's live stream (#panel's data-live, Server-Sent
// Events) says the table's version at once and whenever it changes; when it differs from
// the version the panel shows (data-version), the panel is fetched again. While there is
// no stream (a browser without EventSource, a server that closes it, lost Wi-Fi, a phone
// back from sleep) the panel is asked for once a second, as an unchanged table answers
// with nothing; after 35 s without a word from the stream it is asked for too, and at
// once when the phone says it went offline. A server too full to take the phone answers
// 503 with Retry-After: the panel is asked for again only after that many seconds (spread
// over up to twice as long, so the phones turned away together do not return together),
// and the panel shown stays as it is meanwhile (htmx swaps no 5xx answer).
// <html data-live> says which way the page is kept: "stream" or "asking".
(function () {
  "use strict";
  var root = document.documentElement;
  var source = null;
  var streamed = null;     // the latest version the stream said
  var heard = 0;           // when the stream last said anything
  var asked = 0;           // when the panel was last asked for
  var opened = 0;          // when the stream was last opened
  var resting = 0;         // until when a full server asked not to be asked (Retry-After)

  function panel() {
    return document.getElementById("panel");
  }

  function live() {
    return source !== null && source.readyState === 1 && Date.now() - heard < 35000;
  }

  function refresh() {
    var el = panel();
    if (!el || document.hidden || el.classList.contains("htmx-request") || Date.now() < resting) return;
    asked = Date.now();
    htmx.trigger(el, "companion-refresh");
  }

  function open() {
    var el = panel();
    if (source !== null || !el || !el.dataset.live || !("EventSource" in window) || Date.now() < resting) return;
    opened = Date.now();
    source = new EventSource(el.dataset.live);
    source.addEventListener("version", function (event) {
      heard = Date.now();
      streamed = event.data;
      root.dataset.live = "stream";
      var now = panel();
      if (now && now.dataset.version !== streamed) refresh();
    });
    source.addEventListener("error", function () {
      root.dataset.live = "asking";
      if (source && source.readyState === 2) {  // closed for good: ask, and try again later
        source = null;
      }
    });
  }

  function tick() {
    var el = panel();
    if (!el) return;
    if (source === null && Date.now() - opened > 30000) open();
    if (!live()) {
      root.dataset.live = "asking";
      refresh();
    } else if (streamed !== null && el.dataset.version !== streamed && Date.now() - asked > 1000) {
      refresh();  // the stream said a version the panel has not caught up with yet
    }
  }

  if (!panel()) return;
  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (!xhr || xhr.status !== 503 || event.detail.elt !== panel()) return;
    var seconds = parseInt(xhr.getResponseHeader("Retry-After") || "", 10);
    resting = Date.now() + (seconds > 0 ? seconds : 5) * 1000 * (1 + Math.random());
  });
  root.dataset.live = "asking";
  open();
  setInterval(tick, 1000);
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden) refresh();
  });
  // The phone says it lost the network: the stream may look open for a while yet, so
  // drop it and ask (the ask fails, and the page says it is offline); back online, the
  // stream is opened again and says where the table stands.
  window.addEventListener("offline", function () {
    if (source !== null) source.close();
    source = null;
    root.dataset.live = "asking";
    refresh();
  });
  window.addEventListener("online", function () {
    open();
    refresh();
  });
})();
