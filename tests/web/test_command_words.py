"""The `companion` command speaks the terminal's language (or the one `--lang` asks for),
its help and argparse's own words included."""

from __future__ import annotations

import gettext
import os
import re

import pytest

from companion import cli

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def said(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int | str | None, str, str]:
    with pytest.raises(SystemExit) as stopped:
        cli.main(list(argv))
    out, err = capsys.readouterr()
    return stopped.value.code, out, err


@pytest.mark.parametrize("command", ["serve", "judge", "export", "import", "audit"])
def test_every_line_of_a_commands_help_is_japanese_on_a_japanese_terminal(
        command: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    code, out, _err = said(capsys, command, "--help")
    assert code == 0 and out.startswith("使い方：companion " + command)
    described = [line for line in out.splitlines() if re.match(r"\s+-|\s+\w", line) and "  " in line.strip()]
    assert described, out
    assert all(JAPANESE.search(line) for line in described), out


def test_the_help_is_english_on_any_other_terminal(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    code, out, _err = said(capsys, "--help")
    assert code == 0 and out.startswith("usage: companion")
    assert "serve the app to the phones at the table" in out and not JAPANESE.search(out)


def test_a_wrong_value_is_refused_in_the_language_lang_asks_for(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "C.UTF-8")
    code, _out, err = said(capsys, "judge", "--lang", "ja", "no-such-game")
    assert code == 2
    assert "エラー" in err and "'no-such-game'は選べません" in err and "'hyper-maker'" in err
    code, _out, err = said(capsys, "serve", "--port", "x", "--lang=en")
    assert code == 2 and "invalid int value: 'x'" in err


def test_argparse_has_its_own_words_back_after_the_command(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "ja_JP.UTF-8")
    language = os.environ.get("LANGUAGE")
    said(capsys, "--help")
    assert gettext.gettext("usage: ") == "usage: "  # argparse's lookup, as it was before
    assert gettext.textdomain() == "messages" and os.environ.get("LANGUAGE") == language


def test_every_command_is_described_in_japanese() -> None:
    """(Each command's options: every line of its help, above.)"""
    parser = cli.parser_in("ja")
    assert parser.description and JAPANESE.search(parser.description)
    lines = parser.format_help().splitlines()
    for name in ("serve", "judge", "export", "import", "audit"):
        line = next(line for line in lines if line.split()[:1] == [name])
        assert JAPANESE.search(line), line


def test_the_last_lang_given_or_a_prefix_of_it_is_the_language_spoken(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    code, _out, err = said(capsys, "judge", "--lang", "en", "--la", "ja", "no-such-game")
    assert code == 2 and "エラー" in err
    code, _out, err = said(capsys, "judge", "--lang=ja", "--lang", "en", "no-such-game")
    assert code == 2 and "invalid choice: 'no-such-game'" in err
