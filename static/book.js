// Seating a table from the book's roster: the players are seated in the order they are
// tapped, not the roster's. Each chip shows its seat number, the line under them the order,
// and the form sends the players in that order. Without this script the roster's order is
// sent, and the seating form that follows lets the names be put in order there.
(function () {
  "use strict";
  function setUp(form) {
    var box = form.querySelector(".book-players");
    if (!box) return;
    var order = [];
    var said = document.getElementById("seat-order");
    function draw() {
      box.querySelectorAll("input[name=player]").forEach(function (input) {
        var mark = input.parentNode.querySelector(".order");
        if (!mark) {
          mark = document.createElement("span");
          mark.className = "order";
          input.parentNode.insertBefore(mark, input.nextSibling);
        }
        var at = order.indexOf(input);
        mark.textContent = at < 0 ? "" : String(at + 1);
      });
      if (said) {
        said.textContent = order.length ? box.dataset.orderLabel + " " + order.map(function (input) {
          return input.parentNode.textContent.replace(/^\s*\d*\s*/, "").trim();
        }).join(", ") : "";
      }
    }
    box.addEventListener("change", function (event) {
      var input = event.target;
      if (input.name !== "player") return;
      order = order.filter(function (other) { return other !== input; });
      if (input.checked) order.push(input);
      draw();
    });
    form.addEventListener("submit", function () {
      order.forEach(function (input) {
        var sent = document.createElement("input");
        sent.type = "hidden";
        sent.name = "player";
        sent.value = input.value;
        form.appendChild(sent);
        input.name = "";
      });
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    var form = document.getElementById("roster-seating");
    if (form) setUp(form);
  });
})();
