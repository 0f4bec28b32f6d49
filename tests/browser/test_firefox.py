"""The table on Firefox (Gecko): Debian's Firefox ESR driven over WebDriver BiDi at 360x640
(tests/kit/bidi.py), through tests/browser/any_engine.py's whole game; no page's script throws
an error it does not catch."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.browser.any_engine import play_a_table
from tests.kit.bidi import firefox

pytestmark = pytest.mark.browser


def test_a_whole_game_by_taps_with_a_viewer_a_correction_and_a_stopped_server_in_firefox(tmp_path: Path) -> None:
    with firefox() as browser:
        play_a_table(browser.phone(), browser.phone(), tmp_path / "firefox.db", language="en")
        assert browser.script_errors() == []
