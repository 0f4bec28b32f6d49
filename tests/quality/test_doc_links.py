"""The README and docs/ hold together: every relative link and image names a file that exists,
every `#anchor` into a Markdown file names one of its headings (as GitHub makes them), the
README stays a newcomer's five minutes (at most 250 lines), and CI still finds its test command
there (issue 46, item 4)."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCUMENTS = [README, *sorted((ROOT / "docs").glob("*.md"))]

FENCE = re.compile(r"^(```|~~~)")
CODE_SPAN = re.compile(r"(`+)(?:(?!\1).)+?\1")
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\[\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
"""`[text](target)` and `![alt](target)`, with an optional title; the text may hold one level
of brackets."""
HEADING = re.compile(r"^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
EXTERNAL = ("http://", "https://", "mailto:")


def unfenced(text: str) -> list[str]:
    """The lines of a Markdown text outside its fenced code blocks."""
    lines: list[str] = []
    fenced = False
    for line in text.split("\n"):
        if FENCE.match(line.lstrip()):
            fenced = not fenced
        elif not fenced:
            lines.append(line)
    return lines


def prose(text: str) -> list[str]:
    """The lines outside fenced code, code spans blanked: links live only there (a JSON
    example's `[...](...)` is not a link)."""
    return [CODE_SPAN.sub(lambda m: " " * len(m.group(0)), line) for line in unfenced(text)]


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: its text without Markdown marks, lower-cased, punctuation
    dropped except `-` and `_`, spaces turned into `-`."""
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link in a heading: its text
    text = text.replace("`", "").replace("*", "")
    return re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")


def anchors(text: str) -> set[str]:
    """Every heading's anchor in a Markdown text, a repeated one numbered as GitHub does (-1, -2)."""
    seen: dict[str, int] = {}
    found: set[str] = set()
    for line in unfenced(text):
        match = HEADING.match(line)
        if match:
            base = slug(match.group(2))
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
    return found


def links(text: str) -> list[str]:
    """Every link and image target in a Markdown text, in order."""
    return [m.group(1) for line in prose(text) for m in LINK.finditer(line)]


def broken_links(text: str, folder: Path) -> list[str]:
    """The relative links of `text` (a Markdown file's text, read from `folder`) that name no
    file, or a heading its Markdown file does not have; each with the reason."""
    problems: list[str] = []
    for target in links(text):
        if target.startswith(EXTERNAL):
            continue
        path_part, _, anchor = unquote(target).partition("#")
        if path_part:
            path = (folder / path_part).resolve()
            if not path.exists():
                problems.append(f"{target}: no such file {path}")
                continue
            if not anchor or path.suffix != ".md" or path.is_dir():
                continue
            headings = anchors(path.read_text(encoding="utf-8"))
        else:
            headings = anchors(text)
        if anchor and anchor not in headings:
            problems.append(f"{target}: no heading #{anchor} (there are: {', '.join(sorted(headings))})")
    return problems


def ci_test_command(readme: str) -> list[str]:
    """What .ci/run takes from the README, as its sed does:
    `sed -n '/^Install everything the tests need/,/^```$/{/^apt-get/p}'` (a range from the
    sentence to the next line that is only a fence; of its lines, those starting `apt-get`)."""
    printed: list[str] = []
    inside = False
    for line in readme.split("\n"):
        if not inside:
            inside = line.startswith("Install everything the tests need")
            if not inside:
                continue
        elif line == "```":
            inside = False
        if line.startswith("apt-get"):
            printed.append(line)
    return printed


def test_every_relative_link_and_image_in_the_docs_leads_somewhere() -> None:
    assert (ROOT / "docs").is_dir() and len(DOCUMENTS) > 1, "docs/*.md is missing"
    problems = {doc.relative_to(ROOT).as_posix(): broken_links(doc.read_text(encoding="utf-8"), doc.parent)
                for doc in DOCUMENTS}
    assert {doc: found for doc, found in problems.items() if found} == {}


def test_the_checker_catches_a_missing_file_a_missing_heading_and_a_missing_anchor() -> None:
    text = "\n".join([
        "# Title",
        "## The referee's desk",
        "Good: [players](docs/players.md#at-the-table), [here](#the-referees-desk),",
        "![shot](docs/game-page.png), [web](https://example.org/x.md), [mail](mailto:a@b.c).",
        "Broken: [gone](docs/no-such-file.md), ![gone too](docs/missing.png),",
        "[no heading](docs/rulings.md#no-such-ruling), [nor here](#nowhere).",
        "In code it is no link: `[cards](per seat)`, and in a fence neither:",
        "```json",
        '{"plays": [1, 2](3)}',
        "```",
    ])
    found = broken_links(text, ROOT)
    assert [problem.split(":")[0] for problem in found] == [
        "docs/no-such-file.md", "docs/missing.png", "docs/rulings.md#no-such-ruling", "#nowhere"]


def test_github_anchors_drop_punctuation_and_marks_and_number_repeats() -> None:
    assert slug("Hyper Maker (`hyper-maker`)") == "hyper-maker-hyper-maker"
    assert slug("The referee's desk") == "the-referees-desk"
    assert slug("Hostile input, floods and bad files") == "hostile-input-floods-and-bad-files"
    assert slug("King's Order (`kings-order`)") == "kings-order-kings-order"
    assert anchors("## Notes\n\n```sh\n# not a heading\n```\n## Notes\n") == {"notes", "notes-1"}


def test_the_readme_is_five_minutes_long() -> None:
    lines = README.read_text(encoding="utf-8").count("\n")
    assert lines <= 250, f"README.md has {lines} lines: move the detail into docs/"


def test_ci_finds_the_test_command_in_the_readme() -> None:
    commands = ci_test_command(README.read_text(encoding="utf-8"))
    assert commands, "CI's sed finds no test command in README.md (see .ci/run)"
    assert commands[0].startswith("apt-get "), commands[0]
    assert "pytest" in commands[0], commands[0]
