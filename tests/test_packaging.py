"""A plain (non-editable) install carries the templates, static files and catalogs."""

from __future__ import annotations

import zipfile
from pathlib import Path

from hatchling.builders.wheel import WheelBuilder

ROOT = Path(__file__).resolve().parents[1]


def test_wheel_ships_templates_static_files_and_translations(tmp_path: Path) -> None:
    wheel = next(WheelBuilder(str(ROOT)).build(directory=str(tmp_path), versions=["standard"]))
    names = set(zipfile.ZipFile(wheel).namelist())
    for shipped in ROOT.glob("templates/**/*.html"):
        assert f"companion/templates/{shipped.relative_to(ROOT / 'templates').as_posix()}" in names
    assert "companion/static/companion.css" in names
    assert any(n.startswith("companion/static/htmx-2.0.") for n in names)
    assert "companion/translations/ja/LC_MESSAGES/messages.mo" in names
    assert "companion/rules/hyper_maker/__init__.py" in names
