"""The table on WebKit, the engine of every browser on an iPhone: Debian's WebKitGTK driven by
Selenium at 360x640 (tests/kit/webkit.py), through tests/browser/any_engine.py's whole game."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.any_engine import play_a_table
from tests.kit.webkit import SIZE, display, webkit_phone

pytestmark = pytest.mark.browser


def test_a_whole_game_by_taps_with_a_viewer_a_correction_and_a_stopped_server_in_webkit(tmp_path: Path) -> None:
    # Two windows side by side, the scorer's and the viewer's, each a phone's screen.
    with display(2 * SIZE[0], SIZE[1]) as screen, webkit_phone(screen) as scorer, \
            webkit_phone(screen, x=SIZE[0]) as viewer:
        play_a_table(scorer, viewer, tmp_path / "webkit.db", language="ja")
