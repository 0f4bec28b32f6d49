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
    for own in ROOT.glob("companion/rules/*/templates/*.html"):  # each game's pages and stylesheet
        assert own.relative_to(ROOT).as_posix() in names
    for own in ROOT.glob("companion/rules/*/static/*.css"):
        assert own.relative_to(ROOT).as_posix() in names


def test_what_companion_serve_imports_is_installed_by_the_declared_dependencies() -> None:
    """A fresh `pip install .` installs only the declared dependencies and theirs: every
    distribution that serving imports (gunicorn's gevent worker included) must be among them."""
    import subprocess
    import sys
    import tomllib
    from importlib import metadata

    declared = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]

    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    def needed(requirements: list[str]) -> list[str]:
        """The distributions these requirements install here (no extras; markers as this
        Python reads them)."""
        found = [Requirement(r) for r in requirements]
        return [canonicalize_name(r.name) for r in found if r.marker is None or r.marker.evaluate({"extra": ""})]

    closure: set[str] = set()
    todo = needed(declared)
    while todo:
        dist = todo.pop()
        if dist not in closure:
            closure.add(dist)
            todo += needed(metadata.requires(dist) or [])
    def modules(code: str) -> set[str]:
        return set(subprocess.run([sys.executable, "-c", f"import sys{code}; print(' '.join(sys.modules))"],
                                  cwd=ROOT, capture_output=True, text=True, check=True).stdout.split())

    # What the interpreter loads at start whatever runs (a .pth file's hook, say) is not serving's.
    loaded = modules(", companion.processes, gunicorn.workers.ggevent") - modules("")
    owners = metadata.packages_distributions()
    used = {canonicalize_name(d) for module in loaded for d in owners.get(module.split(".")[0], [])}
    assert used - closure - {"companion"} == set()
