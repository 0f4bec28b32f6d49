"""Firefox at phone size: Debian's Firefox ESR driven over WebDriver BiDi, the W3C protocol
Firefox itself serves on `--remote-debugging-port` (no geckodriver, nothing downloaded).

`firefox()` starts Firefox headless on a fresh profile in a temporary directory with the
remote agent on a port of the system's choosing (port 0: several test processes may start
one at once), reads the address it says it listens on, connects a websocket to its
`/session` endpoint and starts a session (`session.new`). `Firefox.phone()` opens a window
(`browsingContext.create`) in a user context of its own, as a second phone has its own
cookies, with its page set to 360x640 (`browsingContext.setViewport`).

The client is small on purpose: a command is a JSON message with an id, answered by a
message with that id; the events read meanwhile are kept (the session subscribes to the
log's, so a test can ask for the errors a page's script threw). Pages
are read with `script.callFunction`, and taps are real input: `input.performActions` with a
touch pointer pressed and lifted at the element's centre. The websocket is websocket-client
(PyPI), which Selenium already brings for the WebKit tests.
"""

from __future__ import annotations

import itertools
import json
import math
import os
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import websocket

from tests.kit.phone import viewport

FIREFOX = "/usr/bin/firefox-esr"
SIZE = (360, 640)
LISTENING = "WebDriver BiDi listening on "
"""What Firefox writes to its standard error once the remote agent takes connections."""


class BiDiError(AssertionError):
    """A command Firefox answered with an error, or a script that threw."""


def local(value: Any) -> dict[str, Any]:
    """A JSON value as a BiDi LocalValue (an argument to a script)."""
    if value is None:
        return {"type": "null"}
    if isinstance(value, bool):
        return {"type": "boolean", "value": value}
    if isinstance(value, int | float):
        return {"type": "number", "value": value}
    if isinstance(value, str):
        return {"type": "string", "value": value}
    if isinstance(value, list | tuple):
        return {"type": "array", "value": [local(v) for v in value]}
    if isinstance(value, dict):
        return {"type": "object", "value": [[str(k), local(v)] for k, v in value.items()]}
    raise TypeError(f"no BiDi value for {value!r}")


NUMBERS = {"NaN": math.nan, "-0": -0.0, "Infinity": math.inf, "-Infinity": -math.inf}


def remote(value: dict[str, Any]) -> Any:
    """A BiDi RemoteValue (a script's result) as JSON: a node stays as Firefox gave it (its
    sharedId names it to later commands); anything else without a JSON form too."""
    kind = value["type"]
    if kind in ("undefined", "null"):
        return None
    if kind in ("string", "boolean"):
        return value["value"]
    if kind == "number":
        return NUMBERS.get(value["value"], value["value"]) if isinstance(value["value"], str) else value["value"]
    if kind in ("array", "set"):
        return [remote(v) for v in value.get("value", [])]
    if kind in ("object", "map"):
        return {(k if isinstance(k, str) else remote(k)): remote(v) for k, v in value.get("value", [])}
    return value


class Firefox:
    """One WebDriver BiDi session over one websocket."""

    def __init__(self, address: str) -> None:
        # The remote agent refuses a handshake carrying an Origin (a web page's): send none.
        self.socket = websocket.create_connection(address, suppress_origin=True, timeout=60)
        self.ids = itertools.count(1)
        self.events: list[dict[str, Any]] = []
        """The events Firefox sent (of the modules the session subscribed to), in order."""

    def send(self, method: str, **params: Any) -> dict[str, Any]:
        """Run one command; its result."""
        number = next(self.ids)
        self.socket.send(json.dumps({"id": number, "method": method, "params": params}))
        while True:
            message = json.loads(self.socket.recv())
            if message.get("type") == "event":
                self.events.append(message)
                continue
            if message.get("id") != number:
                continue
            if message.get("type") == "error":
                raise BiDiError(f"{method}: {message.get('error')}: {message.get('message')}")
            return message["result"]  # type: ignore[no-any-return]

    def script_errors(self) -> list[str]:
        """Each error a page's script threw and did not catch (`log.entryAdded` of type
        "javascript"), with the page's address, in order."""
        return [f"{e['params'].get('text')} ({(e['params'].get('stackTrace') or {}).get('callFrames', [{}])[0].get('url', '')})"
                for e in self.events if e.get("method") == "log.entryAdded"
                and e["params"].get("type") == "javascript" and e["params"].get("level") == "error"]

    def phone(self) -> FirefoxPhone:
        """A new window in a user context of its own (its own cookies and storage), its page
        at 360x640."""
        user = self.send("browser.createUserContext")["userContext"]
        context = self.send("browsingContext.create", type="window", userContext=user)["context"]
        width, height = SIZE
        self.send("browsingContext.setViewport", context=context, viewport={"width": width, "height": height})
        phone = FirefoxPhone(self, context)
        assert viewport(phone) == SIZE, f"the page is {viewport(phone)}, not {SIZE}"
        return phone

    def close(self) -> None:
        try:
            self.send("session.end")
        finally:
            self.socket.close()


class FirefoxPhone:
    """A Firefox window (a top-level browsing context), as tests/kit/phone.py's `Phone`."""

    def __init__(self, firefox: Firefox, context: str) -> None:
        self.firefox, self.context = firefox, context
        self.finger = f"finger-{context}"

    def goto(self, url: str) -> None:
        self.firefox.send("browsingContext.navigate", context=self.context, url=url, wait="complete")

    @property
    def url(self) -> str:
        tree = self.firefox.send("browsingContext.getTree", root=self.context, maxDepth=0)
        return str(tree["contexts"][0]["url"])

    def call(self, function: str, *args: Any) -> dict[str, Any]:
        """`function(*args)` in the page, awaited if it returns a promise: its RemoteValue."""
        answer = self.firefox.send("script.callFunction", functionDeclaration=function, awaitPromise=True,
                                   target={"context": self.context}, arguments=[local(a) for a in args])
        if answer["type"] == "exception":
            details = answer["exceptionDetails"]
            raise BiDiError(f"{details.get('text')} in {function[:80]!r}")
        return answer["result"]  # type: ignore[no-any-return]

    def run(self, function: str, *args: Any) -> Any:
        return remote(self.call(function, *args))

    def element(self, selector: str) -> dict[str, str]:
        """The first element `selector` matches, scrolled into sight if it is not wholly on
        the screen, as a reference for input actions."""
        node = self.call("""s => {
          const e = document.querySelector(s);
          if (!e) return null;
          const r = e.getBoundingClientRect();
          if (r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth)
            e.scrollIntoView({block: 'center', inline: 'center'});
          return e; }""", selector)
        if node["type"] != "node":
            raise BiDiError(f"nothing matches {selector!r}")
        return {"sharedId": node["sharedId"]}

    def tap(self, selector: str) -> None:
        origin = {"type": "element", "element": self.element(selector)}
        self.firefox.send("input.performActions", context=self.context, actions=[{
            "type": "pointer", "id": self.finger, "parameters": {"pointerType": "touch"},
            "actions": [{"type": "pointerMove", "x": 0, "y": 0, "origin": origin},
                        {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]}])

    def type(self, selector: str, text: str) -> None:
        self.tap(selector)
        keys = [action for char in text for action in ({"type": "keyDown", "value": char},
                                                        {"type": "keyUp", "value": char})]
        self.firefox.send("input.performActions", context=self.context,
                          actions=[{"type": "key", "id": f"keys-{self.context}", "actions": keys}])


@contextmanager
def firefox(timeout: float = 30.0) -> Iterator[Firefox]:
    """Firefox headless on a fresh profile, its BiDi session open, for the `with` block."""
    assert shutil.which(FIREFOX), f"{FIREFOX} is missing: apt-get install firefox-esr"
    with tempfile.TemporaryDirectory(prefix="firefox-") as home:
        profile, said = Path(home) / "profile", Path(home) / "stderr"
        profile.mkdir()
        with said.open("wb") as err:
            process = subprocess.Popen(
                [FIREFOX, "--headless", "--no-remote", "--profile", str(profile), "--remote-debugging-port=0",
                 "about:blank"],
                stdout=subprocess.DEVNULL, stderr=err, env={**os.environ, "MOZ_CRASHREPORTER_DISABLE": "1"},
                start_new_session=True)
        try:
            address = ""
            deadline = time.monotonic() + timeout
            while not address:
                lines = [line for line in said.read_text(errors="replace").splitlines() if LISTENING in line]
                if lines:
                    address = lines[0].split(LISTENING, 1)[1].strip() + "/session"
                elif process.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(f"Firefox did not start its remote agent: {said.read_text(errors='replace')}")
                else:
                    time.sleep(0.05)
            session = Firefox(address)
            try:
                session.send("session.new", capabilities={})
                session.send("session.subscribe", events=["log.entryAdded"])
                yield session
            finally:
                session.close()
        finally:
            os.killpg(process.pid, signal.SIGTERM)  # Firefox and the content processes it started
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
