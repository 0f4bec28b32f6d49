"""What a phone downloads to open a table's game page: bytes on the wire, and outside requests.

    python bench/page_weight.py

Starts `companion serve` on loopback, seats a table with a game in progress, and opens the
scorer's game page in Debian's Chromium at phone size, counting every response up to the
page's load event (compressed as served, headers included). The last line is JSON.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from _harness import HOST, Phone, free_port, kill, start_companion, whole_game

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        base = f"http://{HOST}:{port}"
        server = start_companion(Path(tmp) / "weight.db", port)
        try:
            phone = Phone(base)
            phone.seat(4)
            fields = phone.fields()
            for card in whole_game(4, seed=3)[:7]:  # a trick judged, the next one under way
                status, _ = phone.enter(fields, card)
                assert status == 200
                fields = phone.fields()
            responses = []
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
                context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                              has_touch=True, locale="ja-JP")
                page = context.new_page()
                page.on("requestfinished", lambda request: responses.append(request))
                page.goto(base + phone.game, wait_until="load")
                loaded = list(responses)
                rows = []
                for request in loaded:
                    sizes = request.sizes()
                    rows.append((request.url, sizes["responseBodySize"] + sizes["responseHeadersSize"]))
                browser.close()
        finally:
            kill(server)
    external = [url for url, _ in rows if not url.startswith(base)]
    for url, size in rows:
        print(f"{size:>8} B  {url.removeprefix(base)}")
    print(json.dumps({"first_load_bytes": sum(size for _, size in rows), "requests": len(rows),
                      "external_requests": len(external)}))


if __name__ == "__main__":
    main()
