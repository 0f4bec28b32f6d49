"""WebKit at phone size: Debian's WebKitGTK (the engine of every iPhone browser) driven by
Selenium through its own WebDriver, on an X display of its own.

`display()` starts Xvfb on a display number it finds free itself (`-displayfd`: several
test processes may each start one at once). `webkit_phone(display, ...)` starts
`/usr/bin/WebKitWebDriver`, which starts WebKitGTK's MiniBrowser (`webkitgtk:browserOptions`:
its binary, `--automation`, and `--full-screen`, which takes its toolbar away so the page
has the whole window); the window is then sized to 360x640 and the page must see exactly
that (window.innerWidth x innerHeight). Every package comes from Debian (webkit2gtk-driver,
xvfb) and Selenium from PyPI; nothing is downloaded (Selenium Manager is not asked for a
driver, the driver's path being given). A missing package fails the test, never skips it.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.webkitgtk.options import Options
from selenium.webdriver.webkitgtk.service import Service

from tests.kit.phone import viewport

WEBDRIVER = "/usr/bin/WebKitWebDriver"
MINIBROWSER = "/usr/lib/*/webkit2gtk-4.*/MiniBrowser"
"""Where Debian puts WebKitGTK's MiniBrowser (the architecture's triplet, the API version)."""
XVFB = "/usr/bin/Xvfb"
SIZE = (360, 640)
INSTALL = "apt-get install webkit2gtk-driver xvfb"


def minibrowser() -> str:
    found = sorted(glob.glob(MINIBROWSER))
    assert found, f"WebKitGTK's MiniBrowser ({MINIBROWSER}) is missing: {INSTALL}"
    return found[-1]


@contextmanager
def display(width: int = SIZE[0], height: int = SIZE[1]) -> Iterator[str]:
    """An X display of `width` x `height` for the `with` block (":N")."""
    assert shutil.which(XVFB), f"{XVFB} is missing: {INSTALL}"
    read, write = os.pipe()
    server = subprocess.Popen([XVFB, "-displayfd", str(write), "-screen", "0", f"{width}x{height}x24",
                               "-nolisten", "tcp", "-noreset"],
                              pass_fds=[write], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read, "rb") as said:  # Xvfb writes the display's number once it listens
            number = said.readline().decode().strip()
        assert number.isdigit(), f"Xvfb did not start (it said {number!r})"
        yield f":{number}"
    finally:
        server.terminate()
        server.wait(timeout=10)


class WebKitPhone:
    """A MiniBrowser window, as tests/kit/phone.py's `Phone`."""

    def __init__(self, driver: webdriver.WebKitGTK) -> None:
        self.driver = driver

    def goto(self, url: str) -> None:
        self.driver.get(url)

    @property
    def url(self) -> str:
        return str(self.driver.current_url)

    def run(self, function: str, *args: Any) -> Any:
        return self.driver.execute_script(f"return ({function}).apply(null, arguments);", *args)

    def tap(self, selector: str) -> None:
        # WebDriver's element click: scrolled into view, refused if another element would
        # take the tap, then a real press and release of the pointer at the element's centre.
        self.driver.find_element(By.CSS_SELECTOR, selector).click()

    def type(self, selector: str, text: str) -> None:
        field = self.driver.find_element(By.CSS_SELECTOR, selector)
        field.click()
        field.send_keys(text)


@contextmanager
def webkit_phone(screen: str, x: int = 0) -> Iterator[WebKitPhone]:
    """A MiniBrowser on X display `screen` whose page is 360x640, its window's left edge at `x`."""
    assert os.access(WEBDRIVER, os.X_OK), f"{WEBDRIVER} is missing: {INSTALL}"
    options = Options()
    options.binary_location = minibrowser()
    options.add_argument("--automation")
    options.add_argument("--full-screen")
    env = {**os.environ, "DISPLAY": screen}
    driver = webdriver.WebKitGTK(options=options, service=Service(executable_path=WEBDRIVER, env=env))
    try:
        # With no window manager on the display the window keeps its own size: set it.
        driver.set_window_rect(x, 0, *SIZE)
        phone = WebKitPhone(driver)
        phone.goto("about:blank")
        assert viewport(phone) == SIZE, f"the page is {viewport(phone)}, not {SIZE}"
        yield phone
    finally:
        driver.quit()
