"""Every entry of every game has a name the table knows (contract.Game.entry_name): where it
sits in the game's own count (trick, round, hand, turn) and what it is, in Japanese and
English, never its place in the log."""

from __future__ import annotations

import re

import pytest

from companion import entry_names, i18n, rules
from companion.rules.base import ABANDON, CORRECT, UNDO
from companion.rules.contract import EntryName
from tests.contract.test_every_game import SEEDS, SLUGS, driver

EN = i18n.catalog("en")
JA = i18n.catalog("ja")
NAMES = ("Ann", "Ben", "Cho", "Dan", "Eri", "Fay", "Gus", "Hal")
"""Players without digits in their names: every digit of a name is then the game's count."""


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("seed", SEEDS)
def test_every_entry_of_a_whole_game_is_named_by_the_game_in_both_languages(slug: str, seed: int) -> None:
    game = rules.GAMES[slug]
    setup, log = driver(slug).random_game(seed)
    players = NAMES[: len(setup["players"])]
    walked = entry_names.walk(game, setup, log)
    kept = {at for at, _ in walked.kept}
    counts: list[tuple[tuple[str, int], ...]] = []  # where each entry in force sits
    for position, event in enumerate(log):
        if event.kind in (UNDO, ABANDON, CORRECT):
            continue
        name = game.entry_name(walked.then[position], event.kind, event.payload)
        assert isinstance(name, EntryName) and name.what, (position, event)
        numbers = {str(n) for _, n in name.where} | ({str(name.number)} if name.number is not None else set())
        english = entry_names.name_text(name, EN, players)
        japanese = entry_names.name_text(name, JA, players)
        for said in (english, japanese):
            assert set(re.findall(r"\d+", said)) <= numbers, (said, event)  # no other number: no log place
            assert "%(" not in said and not re.search(r"entry \d|記録\d|\d番", said, re.I), said
        assert japanese != english and re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", japanese), (japanese, english)
        if name.seat is not None:
            assert players[name.seat] in english and players[name.seat] in japanese
        if position in kept:
            counts += [name.where] if name.where else []
    assert counts, "no entry of a whole game says where it sits"


@pytest.mark.parametrize("slug", SLUGS)
def test_an_entry_keeps_its_name_when_entries_taken_back_come_before_it(slug: str) -> None:
    """A name is not a place in the log: an entry made and taken back early in the game
    moves every later entry two places on, and changes no name of an entry in force."""
    from companion.rules.base import Event

    game = rules.GAMES[slug]
    setup, log = driver(slug).random_game(SEEDS[0])
    players = NAMES[: len(setup["players"])]
    first = next(i for i, e in enumerate(log) if e.kind not in (UNDO, ABANDON, CORRECT))
    longer = [*log[:first], log[first], Event(UNDO), *log[first:]]

    def names(events: list[Event]) -> list[str]:
        walked = entry_names.walk(game, setup, events)
        return [entry_names.name_text(game.entry_name(walked.before_now(at), e.kind, e.payload), EN, players)
                for at, e in walked.kept]

    assert names(longer) == names(log)


@pytest.mark.parametrize("slug", SLUGS)
def test_the_state_before_an_entry_is_the_one_the_log_replays_to(slug: str) -> None:
    """The walk naming uses folds the log exactly as base.replay does, undos included."""
    from companion.rules.base import Event, replay

    game = rules.GAMES[slug]
    setup, log = driver(slug).random_partial(SEEDS[0])
    walked = entry_names.walk(game, setup, log)
    assert walked.states[-1] == replay(game.initial, game.apply, setup, log).state
    for position in range(1, len(log) + 1):
        if log[position - 1].kind == UNDO:
            continue
        head: list[Event] = log[:position - 1]
        if walked.then[position - 1] is not None:
            assert walked.then[position - 1] == replay(game.initial, game.apply, setup, head).state
