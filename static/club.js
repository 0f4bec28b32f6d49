// The standings board on a big screen (club.css): each part that flows in columns
// ([data-pages]: the standings' rows, the seats) is cut into pages as wide as the part, and
// the pages turn by themselves every few seconds, the part's .page-of saying "2/3". The
// board's panel is drawn again whenever the night changes (companion.js asks for it); the
// new panel is laid out at once on the page the board was showing, and the pages go on
// turning from there. On a phone (the same page) the parts are one long list to scroll.
(function () {
  "use strict";
  var TURN_MS = 8000;
  var screen = window.matchMedia("(min-width: 1200px) and (orientation: landscape)");
  var turn = 0;  // the pages turned since the board opened: each part shows page turn % its pages

  // The header row again over each further column of the standings (hidden from screen
  // readers, which read the table's own header).
  function headers(flow, columns) {
    var table = flow.closest("table");
    var head = table && table.tHead;
    if (!head) return;
    while (head.rows.length > columns && head.rows.length > 1) head.deleteRow(-1);
    while (head.rows.length < columns) {
      var again = head.rows[0].cloneNode(true);
      again.setAttribute("aria-hidden", "true");
      again.classList.add("again");
      head.appendChild(again);
    }
  }

  function lay(flow) {
    var part = flow.closest("section") || flow.parentElement;
    var mark = part.querySelector(".page-of");
    flow.style.transform = "";
    if (!screen.matches) {
      if (mark) mark.textContent = "";
      headers(flow, 1);
      return 1;
    }
    var gap = parseFloat(getComputedStyle(flow).columnGap) || 0;
    var stride = flow.clientWidth + gap;  // from one page's first column to the next one's
    var left = flow.getBoundingClientRect().left;
    var pages = 1;
    var columns = {};  // the columns of each page: their left edges
    Array.prototype.forEach.call(flow.children, function (item) {
      var box = item.getBoundingClientRect();
      if (!box.width) return;
      var page = Math.floor((box.left - left + 1) / stride);
      item.dataset.page = String(page);
      pages = Math.max(pages, page + 1);
      columns[page] = columns[page] || {};
      columns[page][Math.round(box.left - left)] = true;
    });
    var shown = turn % pages;
    if (shown) flow.style.transform = "translateX(" + (-shown * stride) + "px)";
    flow.dataset.page = String(shown);
    if (mark) mark.textContent = pages > 1 ? (shown + 1) + "/" + pages : "";
    headers(flow, Object.keys(columns[shown] || {}).length || 1);
    return pages;
  }

  function layAll() {
    var pages = 1;
    document.querySelectorAll("#panel [data-pages]").forEach(function (flow) {
      pages = Math.max(pages, lay(flow));
    });
    return pages;
  }

  document.addEventListener("htmx:afterSwap", layAll);
  window.addEventListener("resize", layAll);
  screen.addEventListener("change", layAll);
  if (document.fonts) document.fonts.ready.then(layAll);
  layAll();
  setInterval(function () {
    if (document.hidden) return;
    turn += 1;
    if (layAll() === 1) turn = 0;  // everything fits: the next time pages are needed starts at the first
  }, TURN_MS);
})();
