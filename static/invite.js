// The invite page's copy buttons (templates/share.html). Without this file each link is still a
// plain link to open or press on; with it, a button copies the link: to the clipboard where the
// browser allows it (a secure context: loopback, https), else the link's text is selected, copied
// the old way if the browser still can, and left selected for the phone's own copy.
(() => {
  "use strict";

  function say(button, text) {
    const status = button.parentElement.querySelector(".copied");
    status.textContent = text;
    status.hidden = false;
  }

  function select(link) {
    const range = document.createRange();
    range.selectNodeContents(link);
    const selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }

  async function copy(button) {
    const link = document.getElementById(button.dataset.copy);
    if (navigator.clipboard && window.isSecureContext) {
      try {
        await navigator.clipboard.writeText(link.href);
        say(button, button.dataset.copied);
        return;
      } catch (_refused) {
        // a browser that refuses the clipboard: select the text as below
      }
    }
    select(link);
    let copied = false;
    try {
      copied = document.execCommand("copy");
    } catch (_unsupported) {
      copied = false;
    }
    say(button, copied ? button.dataset.copied : button.dataset.selected);
  }

  function ready() {
    for (const button of document.querySelectorAll("button.copy[data-copy]")) {
      button.hidden = false;
      button.addEventListener("click", () => copy(button));
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", ready);
  else ready();
})();
