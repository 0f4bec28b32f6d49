// The seating form (templates/seat.html). Without this file it still works: "Add a player"
// reloads the form with one more name field, and the server draws the options for the names sent.
// With it: "Add a player" adds the field in place; Enter in a name goes to the next name rather
// than starting the game; htmx draws the start question and the options again as names change.
(() => {
  "use strict";

  function seats(names) {
    return names.querySelectorAll("label.seat");
  }

  function addSeat(add) {
    const names = add.closest("fieldset.names");
    const rows = seats(names);
    const most = Number(names.dataset.most);
    const row = rows[rows.length - 1].cloneNode(true);
    const n = rows.length + 1;
    row.querySelector("span").textContent = String(n);
    const input = row.querySelector("input");
    input.value = "";
    input.enterKeyHint = "next";
    input.setAttribute("aria-label", names.dataset.seatLabel.replace("#", String(n)));
    add.before(row);
    add.value = String(n + 1);
    add.hidden = n >= most;
    input.focus();
  }

  function ready() {
    for (const add of document.querySelectorAll("button.add-seat")) {
      add.type = "button";  // no longer a submit button: Enter never lands here
      add.addEventListener("click", () => addSeat(add));
    }
    for (const names of document.querySelectorAll("fieldset.names")) {
      for (const input of names.querySelectorAll("input[name=player]")) input.enterKeyHint = "next";
      names.addEventListener("keydown", (event) => {
        if (event.key !== "Enter" || !event.target.matches("input[name=player]")) return;
        const inputs = [...names.querySelectorAll("input[name=player]")];
        const next = inputs.slice(inputs.indexOf(event.target) + 1).find((i) => i.value.trim() === "");
        if (next) {
          event.preventDefault();
          next.focus();
        }
      });
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
})();
