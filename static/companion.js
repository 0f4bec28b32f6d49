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
    show(said || el.dataset.failed, "refused");
  }

  var backTimer = null;

  function answered(event) {
    if (!event.detail || !event.detail.successful) return;
    var el = box();
    if (!el) return;
    if (el.dataset.kind === "offline" || el.dataset.kind === "write") {
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
