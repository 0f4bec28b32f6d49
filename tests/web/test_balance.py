"""The serving processes' counts of connections (balance.py): a slot each, a share each."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from companion.balance import Balance


def test_each_process_takes_its_own_slot_and_a_third_gets_none(tmp_path: Path) -> None:
    first, second = Balance(tmp_path, 2), Balance(tmp_path, 2)
    assert {first.slot, second.slot} == {0, 1}
    third = Balance(tmp_path, 2)
    assert third.slot is None
    third.held(50)
    assert not third.over(50)  # a process without a slot never hands connections back


def test_the_share_is_all_the_connections_over_the_processes_rounded_up(tmp_path: Path) -> None:
    first, second = Balance(tmp_path, 2), Balance(tmp_path, 2)
    first.held(14)
    second.held(6)
    assert first.over(14) and not second.over(6)  # a share is 10
    first.held(11)
    second.held(10)
    assert not first.over(11) and not second.over(10)  # 21 connections: a share is 11
    first.held(12)
    assert first.over(12)


def test_the_slot_of_a_process_that_died_is_taken_by_the_next(tmp_path: Path) -> None:
    kept = Balance(tmp_path, 2)
    claim = f"from companion.balance import Balance; b = Balance({str(tmp_path)!r}, 2); b.held(30); print(b.slot)"
    root = str(Path(__file__).resolve().parents[2])
    died = subprocess.run([sys.executable, "-c", claim], capture_output=True, text=True, check=True, cwd=root)
    assert int(died.stdout) == 1 - kept.slot  # type: ignore[operator]
    after = Balance(tmp_path, 2)  # the one started in its place
    assert after.slot == int(died.stdout)
    kept.held(4)
    assert kept.over(4)  # of 4 connections, not 34: the dead one's 30 went when its slot was taken
