// Says so when a tap did not reach the table's server, or the server refused it, instead
// of leaving the page silent; and says the page is offline until a poll gets through.
// As soon as any request gets through again, "connected again" shows briefly in place of
// the offline or "may not have been stored" notice. The words come translated with the
// page, on #net-status's data-* attributes. A game page says it is offline in its panel's
// own line instead (the outbox's, below), so that its keys stay where they were.
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

  // A game page's panel says the connection in one line of its own (the outbox's).
  function saidInPanel() {
    return document.getElementById("outbox-words") !== null;
  }

  function lost(event) {
    var el = box();
    if (!el) return;
    if (isWrite(event.detail)) {
      show(el.dataset.writeLost, "write");
    } else if (el.dataset.kind !== "write" && el.dataset.kind !== "refused" && !saidInPanel()) {
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
// A stream that has said nothing for longer than the server ever stays quiet (#panel's
// data-live-quiet, seconds) is opened again, and so is the stream of a page coming back
// into view or out of the back-forward cache (see reopen, below).
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
    return source !== null && source.readyState === 1 && Date.now() - heard < quiet();
  }

  // Not while an entry of this phone is on its way (sent by the outbox, or by htmx from a
  // form in the panel): its answer draws the panel, and a panel drawn for the stream's word
  // meanwhile would be drawn again by it, under the person's next tap.
  function entering(el) {
    return root.hasAttribute("data-outbox-sending") || el.classList.contains("htmx-request")
      || el.querySelector(".htmx-request") !== null;
  }

  function refresh() {
    var el = panel();
    if (!el || document.hidden || entering(el) || Date.now() < resting) return;
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
      document.dispatchEvent(new CustomEvent("companion:heard"));  // the table answered (the outbox's line)
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
    watchdog();
    if (source === null && Date.now() - opened > 30000) open();
    if (!live()) {
      root.dataset.live = "asking";
      refresh();
    } else if (streamed !== null && el.dataset.version !== streamed && Date.now() - asked > 1000) {
      refresh();  // the stream said a version the panel has not caught up with yet
    }
  }

  // --- A stream the phone dropped without a word ---
  // iOS drops a page's EventSource when the phone sleeps and says nothing: no error event,
  // and its readyState may still say open. So the stream is closed and opened afresh when
  // the page comes back into view or out of the back-forward cache (pageshow, persisted),
  // and whenever it has said nothing for longer than it ever stays quiet: the server says
  // the table's version at least every 15 s (server.HEARTBEAT), and the page allows more
  // than two of those (#panel's data-live-quiet, in seconds; 35 without it).
  function quiet() {
    var el = panel();
    var seconds = el ? parseFloat(el.dataset.liveQuiet || "") : NaN;
    return (seconds > 0 ? seconds : 35) * 1000;
  }

  function reopen() {
    if (source !== null) source.close();
    source = null;
    open();
  }

  function watchdog() {
    if (source !== null && Date.now() - Math.max(heard, opened) > quiet()) reopen();
  }

  // The page is shown again (woken, brought back, restored): a fresh stream, and the panel
  // asked for at once rather than at the stream's first word.
  function back() {
    reopen();
    refresh();
  }

  if (!panel()) return;
  // A panel asked for that comes back for the version the panel already shows (the entry's
  // own answer drew it meanwhile) is not drawn again: nothing in it is new, and drawing it
  // would undo what the person is tapping now (a suit chosen, a box ticked).
  document.addEventListener("htmx:beforeSwap", function (event) {
    var el = panel();
    if (!el || !event.detail || event.detail.elt !== el) return;
    var drawn = /data-version="([^"]*)"/.exec(event.detail.serverResponse || "");
    if (drawn && drawn[1] === el.dataset.version) event.detail.shouldSwap = false;
  });
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
    if (!document.hidden) back();
  });
  window.addEventListener("pageshow", function (event) {
    if (event.persisted) back();
  });
  // Into the back-forward cache: the stream is closed (the server frees its place, and
  // browsers keep a page with an open stream out of that cache); pageshow opens it again.
  window.addEventListener("pagehide", function (event) {
    if (!event.persisted || source === null) return;
    source.close();
    source = null;
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

// The phone's outbox: a tap is never lost. Every entry form of a game (data-outbox, see
// _macros.html entry_form) is sent from here, with a key made on the phone; the server
// stores an entry once per key, so anything whose answer did not arrive is simply sent
// again. An entry that cannot be sent waits, in order, kept in IndexedDB (idb-keyval; in
// localStorage where IndexedDB is missing or refuses), so it survives a reload or the
// browser being closed, and is sent by itself when the connection returns: on `online`,
// `visibilitychange`, `pageshow`, after any request that gets through, and every few
// seconds while entries wait. Meanwhile the panel shows each in place (below), and the
// picker takes the next entries as far as the panel says whose they are (the form's
// data-outbox-ahead) without offering a card already waiting (data-outbox-once); past that
// it says it waits for the connection. If the table moved on meanwhile (another phone
// entered that turn), the server refuses the entry with its usual message, and it and
// every entry after it are listed for entering again: nothing is dropped silently. (An
// entry refused as it was tapped, alone, is not listed: the panel says why, above the keys.)
// What the connection is doing is said in one line (#outbox), in place of the game's status
// line, so the keys stay where they were: "Offline · 3 waiting · last heard 0:42 ago",
// counted from the last answer the table's server gave (any answer to a request, any word of
// its live stream), not from the last request sent. The words come translated with the
// panel, on #outbox-words.
// A waiting card is shown in place, where the panel will draw it once stored: a game's panel
// marks each such place (an empty card of the trick, say) with data-outbox-slot, a list of
// the fields an entry must have to go there ("kind=play seat=2"; empty: any entry). Each
// waiting entry fills the first free place it fits, in the panel's order, with the keys it
// was entered with (the picker's own key for each value of the form's data-outbox-once
// field: its text, so no card's words are written here), marked waiting (the class
// outbox-waiting, and the waiting words for screen readers). A place marked data-outbox-add
// (a player's picks, say) takes every entry that fits, each added after what it holds.
// Entries no place takes are listed under the keys ("Waiting to be sent"); the count is the
// line's either way.
// A form's ticked boxes travel with the entry it sends (a reveal of several cards); the
// boxes of the once field are then ticked as the panel drew them, and each waiting value of
// that field is withheld from the picker, so the next entry starts clean.
(function () {
  "use strict";
  var PREFIX = "companion-outbox:";
  var RETRY_MS = 3000;
  var queue = [];     // waiting entries, in order: {key, url, fields: [[name, value]], label, seq, once, shown, waited}
  var refused = [];   // entries the table refused after they waited (or behind one refused): to be entered again
  var boxId = "";
  var sending = false;
  var offline = false;  // a request could not reach the server since its last answer
  var heard = Date.now(); // when the server last answered (the page itself, at first)
  var retry = null;
  var stopped = "";     // why the picker takes nothing more until the table answers, or ""

  function words() { return document.getElementById("outbox-words"); }
  function panel() { return document.getElementById("panel"); }
  function store() { return window.idbKeyval || null; }

  function read(id) {
    var fromLocal = function () {
      try { return JSON.parse(localStorage.getItem(PREFIX + id) || "null"); } catch (e) { return null; }
    };
    if (!store()) return Promise.resolve(fromLocal());
    return kept(function (idb, where) { return idb.get(PREFIX + id, where); })
      .then(function (found) { return found || fromLocal(); }, fromLocal);
  }

  function save() {
    if (!boxId) return Promise.resolve();
    var id = PREFIX + boxId;
    var data = { queue: queue, refused: refused };
    var toLocal = function () {
      try { localStorage.setItem(id, JSON.stringify(data)); } catch (e) { /* nowhere left to keep it */ }
    };
    if (!store()) { toLocal(); return Promise.resolve(); }
    return kept(function (idb, where) { return idb.set(id, data, where); }).then(function () {
      try { localStorage.removeItem(id); } catch (e) { /* nothing kept there */ }
    }, toLocal);
  }

  // --- IndexedDB that WebKit lost while the phone slept ---
  // After the page has been in the background, WebKit may answer every call on the page's
  // IndexedDB connection with "Connection to Indexed Database server lost" (an UnknownError,
  // or an InvalidStateError as the transaction is made), and idb-keyval keeps that
  // connection. Such a call is made once more on a new connection to the same database and
  // store (idb-keyval's createStore), which every later call then uses; should that fail
  // too, the caller keeps the entries in localStorage as before.
  var keptIn;  // the store on a connection of our own, once the first one was lost

  function connectionLost(error) {
    return !!error && (error.name === "UnknownError" || error.name === "InvalidStateError"
      || /Indexed Database server lost/i.test(String(error.message || "")));
  }

  function kept(call) {
    var idb = store();
    var attempt = function () { return call(idb, keptIn); };
    return Promise.resolve().then(attempt).catch(function (error) {
      if (!connectionLost(error)) throw error;
      keptIn = idb.createStore("keyval-store", "keyval");  // idb-keyval's own database and store names
      return attempt();
    });
  }

  function newKey() {
    var bytes = new Uint8Array(16);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  // This phone's CSRF token: the page's, which htmx sends with every request it makes (the
  // body's data-hx-headers, base.html); the panel's forms carry none (csrf.csrf_field). A
  // form's field where the page has no such header.
  function csrf() {
    try {
      var said = JSON.parse(document.body.getAttribute("data-hx-headers") || "{}")["X-CSRFToken"];
      if (typeof said === "string" && said) return said;
    } catch (e) { /* not JSON: the form's field */ }
    var input = document.querySelector("input[name=csrf_token]");
    return input ? input.value : "";
  }

  function field(fields, name) {
    for (var i = 0; i < fields.length; i++) if (fields[i][0] === name) return fields[i][1];
    return null;
  }

  function values(fields, name) {
    return fields.filter(function (f) { return f[0] === name; }).map(function (f) { return f[1]; });
  }

  // The key a person taps for `value` of field `name` in `within` (a button or a box), or null.
  function keyFor(within, name, value) {
    var found = null;
    within.querySelectorAll("button[name], input[name]:not([type=hidden])").forEach(function (el) {
      if (!found && el.name === name && el.value === value) found = el;
    });
    return found;
  }

  function labelOf(key) {
    return key.tagName === "BUTTON" ? key : key.closest("label") || (key.labels && key.labels[0]) || null;
  }

  // A key's words as a person reads them: a box's own label (aria-label) or its text.
  function keyText(key) {
    var label = labelOf(key);
    var text = key.getAttribute("aria-label") || (label ? label.textContent : "");
    return text.replace(/\s+/g, " ").trim();
  }

  function picker(p) {
    return p.querySelector("form.picker[data-outbox]") || p.querySelector("form[data-outbox]:not(.inline)");
  }

  function status(text, kind) {
    var el = document.getElementById("net-status");
    if (!el) return;
    if (!text) {
      if (el.dataset.kind === kind) { el.hidden = true; el.textContent = ""; el.dataset.kind = ""; }
      return;
    }
    el.textContent = text;
    el.dataset.kind = kind;
    el.hidden = false;
  }

  // The picker as the panel would draw it with the waiting entries stored: the next prompt
  // and fields from data-outbox-ahead, the waiting cards not offered; past what the panel
  // knows, nothing offered until the table answers.
  function advance(form, w) {
    var first = form.dataset.outboxFirst ? JSON.parse(form.dataset.outboxFirst) : null;
    var prompt = document.getElementById("prompt");
    if (!first) {
      first = { kind: (form.querySelector("input[name=kind]") || {}).value || "", fields: {},
                prompt: prompt ? prompt.textContent.trim() : "" };
      form.querySelectorAll("input[type=hidden]").forEach(function (input) {
        if (["seq", "csrf_token", "kind", "key"].indexOf(input.name) < 0) first.fields[input.name] = input.value;
      });
      form.dataset.outboxFirst = JSON.stringify(first);
    }
    var seqInput = form.querySelector("input[name=seq]");
    var offset = queue.length && seqInput ? queue[queue.length - 1].seq + 1 - parseInt(seqInput.value, 10) : 0;
    var ahead = JSON.parse(form.dataset.outboxAhead || "[]");
    var base = seqInput ? parseInt(seqInput.value, 10) : 0;
    var blind = queue.some(function (e) { return e.stop && e.seq >= base; });  // an undo, say: its outcome is the table's to tell
    var next = offset <= 0 ? first : blind ? null : ahead[offset - 1];
    var stopped = !next;
    form.dataset.outboxStopped = stopped ? "1" : "";
    if (next) {
      var kind = form.querySelector("input[name=kind]");
      if (kind) kind.value = next.kind;
      form.querySelectorAll("input[type=hidden][data-outbox-field]").forEach(function (input) { input.remove(); });
      form.querySelectorAll("input[type=hidden]").forEach(function (input) {
        if (["seq", "csrf_token", "kind", "key"].indexOf(input.name) < 0) input.remove();
      });
      Object.keys(next.fields || {}).forEach(function (name) {
        var input = document.createElement("input");
        input.type = "hidden";
        input.name = name;
        input.value = next.fields[name];
        input.dataset.outboxField = "";
        form.appendChild(input);
      });
      if (prompt && next.prompt) prompt.textContent = next.prompt;
    }
    var once = form.dataset.outboxOnce;
    var used = {};
    if (once) queue.forEach(function (e) { values(e.fields, once).forEach(function (v) { used[v] = true; }); });
    form.querySelectorAll("button, input:not([type=hidden])").forEach(function (control) {
      var off = stopped || (once && control.name === once && used[control.value]);
      if (off && !control.disabled) { control.disabled = true; control.dataset.outboxOff = ""; }
      if (!off && control.dataset.outboxOff !== undefined) { control.disabled = false; delete control.dataset.outboxOff; }
    });
    return stopped ? w.dataset.stopped : "";
  }

  function list(title, entries, extra) {
    var box = document.createElement("div");
    box.className = "notice outbox";
    var head = document.createElement("p");
    head.textContent = title;
    box.appendChild(head);
    if (entries.length) {
      var ol = document.createElement("ol");
      entries.forEach(function (e) {
        var li = document.createElement("li");
        li.textContent = e.label;
        ol.appendChild(li);
      });
      box.appendChild(ol);
    }
    if (extra) box.appendChild(extra);
    return box;
  }

  // --- The line that says the connection (#outbox) ---
  // Away: a request could not reach the server since its last answer, the phone says it is
  // offline, or the server has said nothing for SILENT_MS while the page was looked at (a
  // server that hangs rather than refuses: the live stream speaks every 15 s, and without
  // it the panel is asked for every second). The line shows while away, and while entries
  // wait after a failed send; "Connected again" briefly once an answer comes back.
  var SILENT_MS = 40000;
  var lookedSince = Date.now();  // when the page was last shown (a hidden page is not asked)
  var wasAway = false;
  var backUntil = 0;

  // An HTTP answer from the table's server: any status but a gateway's "no answer" (502, 504).
  function fromServer(code) {
    return code > 0 && code !== 502 && code !== 504;
  }

  function heardTable() {
    heard = Date.now();
    offline = false;
  }

  function away() {
    if (offline || navigator.onLine === false) return true;
    return !document.hidden && Date.now() - Math.max(heard, lookedSince) > SILENT_MS;
  }

  function clock(ms) {
    var s = Math.max(0, Math.floor(ms / 1000));
    return Math.floor(s / 60) + ":" + ("0" + (s % 60)).slice(-2);
  }

  // "3 waiting" in the page's language: its plural form for n (data-count-one, -other).
  function counted(w, n) {
    var one = false;
    try {
      one = new Intl.PluralRules(document.documentElement.lang || undefined).select(n) === "one";
    } catch (e) {
      one = n === 1;
    }
    return ((one ? w.dataset.countOne : w.dataset.countOther) || "").replace("#", String(n));
  }

  // The line's parts, in order: what is said (read out as it changes), how long ago the
  // server last answered (not read out each second), and why the picker waits, if it does.
  var PARTS = [["outbox-said", true], ["outbox-heard", false], ["outbox-stopped", true]];

  function newLine() {
    var line = document.createElement("p");
    line.id = "outbox";
    line.className = "outbox-line";
    PARTS.forEach(function (part) {
      var el = document.createElement("span");
      el.className = part[0];
      if (part[1]) el.setAttribute("role", "status");
      line.appendChild(el);
    });
    return line;
  }

  function part(line, name, text) {
    var el = line.querySelector("." + name);
    if (el.textContent !== text) el.textContent = text;
    el.hidden = !text;
  }

  function sayLine() {
    var w = words();
    var p = panel();
    if (!w || !p) return;
    var now = away();
    if (wasAway && !now) backUntil = Date.now() + 2000;
    wasAway = now;
    var failed = queue.some(function (entry) { return entry.waited; });
    var said = [];
    if (now) said.push(w.dataset.away);
    if (queue.length && (now || failed)) said.push(counted(w, queue.length));
    if (!said.length && Date.now() < backUntil) said.push(w.dataset.back);
    var line = document.getElementById("outbox");
    if (!said.length) {
      if (line) line.remove();
      return;
    }
    if (!line || !p.contains(line)) {
      if (line) line.remove();
      line = newLine();
      // In place of the game's status line (hidden but for screen readers while this shows).
      var status = p.querySelector(":scope > h1.status");
      var top = p.querySelector(":scope > .topline");
      p.insertBefore(line, status || (top ? top.nextSibling : p.firstChild));
    }
    line.dataset.kind = now ? "away" : said[0] === w.dataset.back ? "back" : "waiting";
    part(line, "outbox-said", said.join(" · "));
    part(line, "outbox-heard", now ? " · " + w.dataset.heard.replace("#", clock(Date.now() - heard)) : "");
    part(line, "outbox-stopped", said[0] === w.dataset.back ? "" : stopped);
  }

  // --- Waiting cards in place (data-outbox-slot) ---
  var before = new WeakMap();  // a filled place -> what the panel drew there

  function fits(slot, entry) {
    var want = (slot.getAttribute("data-outbox-slot") || "").trim();
    return !want || want.split(/\s+/).every(function (pair) {
      var at = pair.indexOf("=");
      return field(entry.fields, at < 0 ? pair : pair.slice(0, at)) === (at < 0 ? "" : pair.slice(at + 1));
    });
  }

  // A copy of the key the entry was made with, as the picker shows it; the words kept with
  // the entry where the picker no longer shows that key.
  function copyOfKey(p, entry, value, i) {
    var key = keyFor(p, entry.once, value);
    var label = key && labelOf(key);
    var span = document.createElement("span");
    span.className = "outbox-card";
    if (!label) {
      span.textContent = (entry.shown && entry.shown[i]) || value;
      return span;
    }
    label.childNodes.forEach(function (node) {
      if (node.nodeType === 1 && node.matches("input")) return;
      span.appendChild(node.cloneNode(true));
    });
    span.querySelectorAll("[id]").forEach(function (el) { el.removeAttribute("id"); });
    if (key.getAttribute("aria-label")) {
      var shown = document.createElement("span");
      shown.setAttribute("aria-hidden", "true");
      while (span.firstChild) shown.appendChild(span.firstChild);
      var said = document.createElement("span");
      said.className = "sr-only";
      said.textContent = key.getAttribute("aria-label");
      span.appendChild(shown);
      span.appendChild(said);
    }
    return span;
  }

  function unplace(p) {
    p.querySelectorAll("[data-outbox-filled]").forEach(function (slot) {
      var was = before.get(slot);
      if (was) slot.replaceChildren.apply(slot, was);  // what the panel drew there, added ones gone
      slot.classList.remove("outbox-waiting");
      delete slot.dataset.outboxFilled;
    });
  }

  // Each waiting entry put in the first free place that fits it; returns those no place took.
  function place(p, w) {
    var slots = Array.prototype.slice.call(p.querySelectorAll("[data-outbox-slot]"));
    var left = [];
    var blind = false;
    queue.forEach(function (entry) {
      blind = blind || !!entry.stop;
      var slot = null;
      for (var i = 0; !blind && !slot && i < slots.length; i++) {
        if (!fits(slots[i], entry)) continue;
        slot = slots[i];
        if (!slot.hasAttribute("data-outbox-add")) slots.splice(i, 1);
      }
      if (!slot) { left.push(entry); return; }
      if (slot.dataset.outboxFilled === undefined) before.set(slot, Array.prototype.slice.call(slot.childNodes));
      slot.dataset.outboxFilled = "";
      var shown = entry.once ? values(entry.fields, entry.once) : [];
      var parts = [];
      shown.forEach(function (value, j) {
        if (j) parts.push(document.createTextNode(" "));
        parts.push(copyOfKey(p, entry, value, j));
      });
      if (!shown.length) parts.push(document.createTextNode(entry.label));
      var note = document.createElement("span");
      note.className = "sr-only";
      note.textContent = " " + (w.dataset.waitingCard || "");
      parts.push(note);
      if (slot.hasAttribute("data-outbox-add")) {
        var one = document.createElement("span");
        one.className = "tile outbox-waiting";
        one.replaceChildren.apply(one, parts);
        slot.append(" ", one);
        return;
      }
      slot.replaceChildren.apply(slot, parts);
      slot.classList.add("outbox-waiting");
    });
    return left;
  }

  function render() {
    var w = words();
    var p = panel();
    if (!w || !p) return;
    p.querySelectorAll(".outbox").forEach(function (el) { el.remove(); });
    unplace(p);
    // Entries wait on this phone (a game's stylesheet may show its keys otherwise meanwhile).
    p.toggleAttribute("data-outbox-waiting", queue.length > 0 && !!w.dataset.waiting);
    var form = picker(p);
    var where = form || p.querySelector(".actions");
    stopped = form && w.dataset.waiting ? advance(form, w) : "";
    var left = queue.length && w.dataset.waiting ? place(p, w) : [];
    if (left.length && where) {
      var box = list(w.dataset.waiting, left);
      box.id = "outbox-list";
      where.parentNode.insertBefore(box, where.nextSibling);  // under the keys: they stay where they were
    }
    if (refused.length && where && w.dataset.refused) {
      var clear = document.createElement("button");
      clear.type = "button";
      clear.className = "button";
      clear.textContent = w.dataset.clear;
      clear.addEventListener("click", function () { refused = []; save(); render(); });
      var gone = list(w.dataset.refused, refused, clear);
      gone.id = "outbox-refused";
      gone.setAttribute("role", "alert");
      where.parentNode.insertBefore(gone, where);
    }
    sayLine();
  }

  // The answer's panel swapped in as htmx swaps a form's answer (htmx.swap: the newest
  // card focused, its events fired), with the form's "show:window:top" if it had one.
  // An answer without a panel (a page refusing the request) leaves the panel as it is.
  function swapIn(html, swap) {
    var p = panel();
    var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("panel");
    if (!p || !fresh) return;
    if (window.htmx) {
      var spec = { swapStyle: "outerHTML", swapDelay: 0, settleDelay: 20 };
      if (/show:window:top/.test(swap || "")) { spec.show = "top"; spec.showTarget = "window"; }
      window.htmx.swap(p, fresh.outerHTML, spec);
      return;
    }
    p.replaceWith(document.adoptNode(fresh));
  }

  // Whether the panel already shows the version an entry's answer draws: the page, asking
  // for its panel (no live stream), was answered after the entry was stored and before the
  // entry's own answer came. Drawing it again would undo what the person has tapped since
  // (the next card's suit chosen), as the live panel's guard on htmx's swaps says.
  function drawnAlready(html) {
    var p = panel();
    var drawn = /data-version="([^"]*)"/.exec(html || "");
    return !!(p && drawn && drawn[1] === p.dataset.version);
  }

  // Send again in a few seconds, or as long as the server asked (Retry-After) if longer.
  function later(seconds) {
    clearTimeout(retry);
    if (queue.length) retry = setTimeout(flush, Math.max(RETRY_MS, (seconds || 0) * 1000));
  }

  function answered(entry, code, html, wait) {
    if (fromServer(code)) heardTable();
    if (queue[0] !== entry) { render(); return flush(); }
    if (code >= 200 && code < 300) {
      queue.shift();
      if (!drawnAlready(html)) swapIn(html, entry.swap);
      var el = document.getElementById("net-status");
      if (el && el.dataset.kind === "write" && el.dataset.back) {
        status(el.dataset.back, "back");
        setTimeout(function () { status("", "back"); }, 2000);
      }
    } else if (code >= 500 || code === 429) {
      // The server cannot take it now (busy, restarting, failing): it waits, is sent again,
      // and the page says what the server said meanwhile.
      waited();
      var net = document.getElementById("net-status");
      var reason = new DOMParser().parseFromString(html, "text/html").querySelector("[role=alert]:not(#net-status)");
      if (net) status(reason ? reason.textContent.trim() : net.dataset.failed, "write");
      later(wait);
      return;
    } else {
      // Refused (the table moved on, the rules say no, the page was too old). An entry sent
      // as it was tapped, alone, and answered with the panel saying why is simply not
      // stored: the reason shows where it was tapped, above the same keys. Otherwise this
      // entry and every one made after it assumed it stood, or waited unseen: all are listed
      // to be entered again.
      var doc = new DOMParser().parseFromString(html, "text/html");
      var why = doc.querySelector("#panel [role=alert]");
      if (entry.waited || queue.length > 1 || !why) refused = refused.concat(queue);
      queue = [];
      swapIn(html);
      var said = doc.querySelector("[role=alert]:not(#net-status)");
      if (!panel() || !panel().querySelector("[role=alert]")) status(said ? said.textContent.trim() : "", "refused");
    }
    save();
    render();
    flush();
  }

  // The entries waiting now could not go as they were tapped: should the table refuse one
  // later, it is listed to be entered again (see answered).
  function waited() {
    queue.forEach(function (entry) { entry.waited = true; });
  }

  function lost() {
    offline = true;
    waited();
    render();
    later();
  }

  function sent() {
    sending = false;
    document.documentElement.removeAttribute("data-outbox-sending");
  }

  function flush() {
    if (sending || !queue.length) return;
    sending = true;
    document.documentElement.setAttribute("data-outbox-sending", "");  // the live panel waits for its answer
    var entry = queue[0];
    var body = new URLSearchParams();
    var token = csrf();
    entry.fields.forEach(function (f) { body.append(f[0], f[0] === "csrf_token" && token ? token : f[1]); });
    var controller = "AbortController" in window ? new AbortController() : null;
    var timer = setTimeout(function () { if (controller) controller.abort(); }, 10000);
    fetch(entry.url, {
      method: "POST", body: body, credentials: "same-origin", signal: controller ? controller.signal : undefined,
      headers: { "HX-Request": "true", "X-CSRFToken": token },
    }).then(function (response) {
      var wait = parseInt(response.headers.get("Retry-After") || "", 10);
      return response.text().then(function (html) { return [response.status, html, wait > 0 ? wait : 0]; });
    }).then(function (answer) {
      clearTimeout(timer);
      sent();
      answered(entry, answer[0], answer[1], answer[2]);
    }, function () {
      clearTimeout(timer);
      sent();
      lost();
    });
  }

  function take(form, submitter) {
    var fields = [];
    formData(form, submitter).forEach(function (value, name) {
      if (typeof value === "string" && name !== "key") fields.push([name, value]);
    });
    var seq = parseInt(field(fields, "seq") || "0", 10);
    if (queue.length) seq = Math.max(seq, queue[queue.length - 1].seq + 1);
    fields = fields.filter(function (f) { return f[0] !== "seq"; });
    var key = newKey();
    fields.push(["seq", String(seq)], ["key", key]);
    var prompt = document.getElementById("prompt");
    var who = form.classList.contains("picker") && prompt ? prompt.textContent.trim() : "";
    var once = form.dataset.outboxOnce || "";
    var shown = once ? values(fields, once).map(function (v) { var k = keyFor(form, once, v); return k ? keyText(k) : v; }) : [];
    // A form whose entry is made of several keys names the fields that say it, in order
    // (data-outbox-label): each chosen key's words, joined; else the once field's keys, else
    // the key tapped.
    var told = (form.dataset.outboxLabel || "").split(" ").filter(Boolean).map(function (name) {
      return values(fields, name).map(function (v) { var k = keyFor(form, name, v); return k ? keyText(k) : v; }).join(" ");
    }).filter(Boolean);
    var what = told.length ? told.join(" · ")
      : shown.length ? shown.join(" ") : (submitter ? submitter.textContent : "").replace(/\s+/g, " ").trim();
    return { key: key, url: form.getAttribute("action"), fields: fields, seq: seq, stop: form !== picker(panel()),
             swap: form.getAttribute("data-hx-swap") || "", once: once, shown: shown,
             label: who && what ? who + ": " + what : who || what };
  }

  // --- Safari before 16 ---
  // Safari before 15.4 does not say which button sent a form (SubmitEvent.submitter), and
  // before 16.4 FormData leaves out the button it is given: the card tapped would be lost.
  // The button last pressed in the form stands in for the first, and the second is checked
  // once, on a form of our own, and the button's name and value added where it is left out.
  var pressed = null;
  document.addEventListener("click", function (event) {
    var el = event.target && event.target.closest ? event.target.closest("button, input[type=submit]") : null;
    pressed = el && el.form && el.type === "submit" ? el : null;
  }, true);

  function submitterOf(event) {
    if (event.submitter !== undefined) return event.submitter;
    return pressed && pressed.form === event.target ? pressed : null;
  }

  var formDataTakesSubmitter = (function () {
    try {
      var form = document.createElement("form");
      var button = document.createElement("button");
      button.name = "submitter";
      button.value = "1";
      form.appendChild(button);
      return new FormData(form, button).has("submitter");
    } catch (e) {
      return false;
    }
  })();

  function formData(form, submitter) {
    if (formDataTakesSubmitter) return new FormData(form, submitter || undefined);
    var data = new FormData(form);
    if (submitter && submitter.name) data.append(submitter.name, submitter.value);
    return data;
  }

  // A form taken into the outbox has the boxes of its once field (the cards the entry
  // names) ticked again as the panel drew them: the next entry's start clean, and the ticks
  // sent stay with the entry taken. Other boxes (a suit tab left open) stay as they are.
  function untick(form) {
    var once = form.dataset.outboxOnce;
    if (!once) return;
    form.querySelectorAll("input[type=checkbox], input[type=radio]").forEach(function (box) {
      if (box.name !== once || box.checked === box.defaultChecked) return;
      box.checked = box.defaultChecked;
      box.dispatchEvent(new Event("change", { bubbles: true }));
    });
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[data-outbox]") || !words() || !words().dataset.waiting) return;
    event.preventDefault();
    event.stopPropagation();
    if (form.dataset.outboxStopped) return;
    if (form.hasAttribute("data-outbox-undo") && queue.length > (sending ? 1 : 0)) {
      queue.pop();  // take back an entry still waiting: it was never sent
    } else {
      queue.push(take(form, submitterOf(event)));
      untick(form);
    }
    save().then(flush);
    render();
  }, true);

  function start() {
    var w = words();
    if (!w) return;
    var id = w.dataset.outboxId || "";
    if (id === boxId) { render(); flush(); return; }
    boxId = id;
    read(id).then(function (kept) {
      if (boxId !== id) return;
      queue = (kept && kept.queue) || [];
      waited();  // kept from an earlier page: not sent as tapped
      refused = (kept && kept.refused) || [];
      render();
      flush();
    });
  }

  document.addEventListener("htmx:afterRequest", function (event) {
    var xhr = event.detail && event.detail.xhr;
    if (xhr && fromServer(xhr.status)) heardTable();
    if (event.detail && event.detail.successful) flush();
  });
  document.addEventListener("companion:heard", heardTable);  // the live stream said something
  document.addEventListener("htmx:sendError", function () { offline = true; sayLine(); });
  document.addEventListener("htmx:afterSettle", function () { render(); });
  window.addEventListener("online", flush);
  window.addEventListener("offline", function () { offline = true; sayLine(); });
  window.addEventListener("pageshow", function () { lookedSince = Date.now(); start(); });
  document.addEventListener("visibilitychange", function () {
    if (document.hidden) return;
    lookedSince = Date.now();
    flush();
  });
  setInterval(sayLine, 1000);
  start();
})();

// After an entry the page is back at the top, where the prompt, the picker and Undo are:
// a tap in the panel (a form sent by the outbox or by htmx, or a picker step htmx asks
// for) marks the page, and the panel swapped in for it scrolls the page up if it was
// scrolled. The window listener runs before the outbox's own (on document), which stops
// the submit there. A live refresh of the panel (another phone's entry) keeps the scroll
// of someone reading further down.
(function () {
  "use strict";
  var entered = false;

  function inPanel(el) {
    var p = document.getElementById("panel");
    return !!(p && el && el !== p && p.contains(el));
  }

  window.addEventListener("submit", function (event) { if (inPanel(event.target)) entered = true; }, true);
  document.addEventListener("htmx:beforeRequest", function (event) {
    if (event.detail && inPanel(event.detail.elt)) entered = true;
  });
  document.addEventListener("htmx:afterSettle", function () {
    if (!entered || !document.getElementById("panel")) return;
    entered = false;
    if (window.scrollY || window.scrollX) window.scrollTo(0, 0);
  });
})();
