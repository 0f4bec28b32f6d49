"""Every registered game, every player count it allows, its options at their defaults and each
applicable option changed in turn (the combinations tests/contract/test_options_per_count.py
seats): a series under way says when it ends (issue 31 goal 5).

The evening lines (templates/_evening.html) show each series' note, the game's own evening
rule (`evening()` in each engine); a series under way with no note would leave its line
without its end. Held in the engine for every combination, on the game page a table sees
after sitting down (every count, options at their defaults, both languages), and for a
series under way after one game is over (King's Order's match of three rounds).
"""

from __future__ import annotations

from typing import Any

import pytest
from flask.testing import FlaskClient

from companion import rules
from companion.rules.base import replay
from companion.rules.contract import (
    BoolOption, ChoiceOption, NumberOption, Option, SuitSetOption, applicable, option_defaults, options_from_form,
)
from tests.conftest import soup
from tests.contract.test_options_per_count import CASES, names, other_value


def default_value(option: Option) -> object:
    """The option's default, as a form sends it."""
    if isinstance(option, BoolOption):
        return "on" if option.default else ""
    if isinstance(option, (ChoiceOption, NumberOption)):
        return str(option.default)
    assert isinstance(option, SuitSetOption)
    return list(option.default)


def combinations(slug: str, n: int) -> list[tuple[str, dict[str, object]]]:
    """The options at their defaults, then each applicable option changed alone."""
    options = applicable(rules.GAMES[slug].OPTIONS, n)
    defaults = {o.name: default_value(o) for o in options}
    return [("defaults", defaults)] + [(o.name, {**defaults, o.name: other_value(o)}) for o in options]


COMBINATIONS = [(slug, n, label, fields) for slug, n in CASES for label, fields in combinations(slug, n)]


def form(value: object) -> list[str]:
    return [str(v) for v in value] if isinstance(value, list) else [str(value)] if value else []


def seat(client: FlaskClient, slug: str, n: int, options: dict[str, object]) -> str:
    fields: dict[str, Any] = {"player": names(n), "count": str(n), **options}
    choices = rules.GAMES[slug].start_choices(names(n))
    if choices:
        fields["first_leader"] = str(choices[0])
    started = client.post(f"/seat/{slug}", data=fields)
    assert started.status_code == 303, soup(started).select_one(".error")
    return str(started.location)


@pytest.mark.parametrize("slug, n, label, options", COMBINATIONS,
                         ids=[f"{slug}-{n}-{label}" for slug, n, label, _ in COMBINATIONS])
def test_the_engine_gives_a_series_under_way_a_note(slug: str, n: int, label: str, options: dict[str, object]) -> None:
    game = rules.GAMES[slug]
    chosen = options_from_form(applicable(game.OPTIONS, n), {k: form(v) for k, v in options.items()})
    choices = game.start_choices(names(n))
    setup = {"players": names(n), "first_leader": choices[0] if choices else 0, "options": chosen}
    evening = game.evening([game.outcome(game.initial(setup))], n)
    assert not evening.over and evening.note is not None, (slug, n, label)


@pytest.mark.parametrize("slug, n", CASES)
def test_a_series_under_way_says_when_it_ends_on_the_game_page(client: FlaskClient, slug: str, n: int) -> None:
    url = seat(client, slug, n, combinations(slug, n)[0][1])
    for lang in ("en", "ja"):
        client.set_cookie("lang", lang)
        page = soup(client.get(url))
        lines = page.select("#evening .series-line")
        assert len(lines) == 1, (lang, [line.get_text(" ", strip=True) for line in lines])
        assert "ended" not in lines[0].get("class", [])
        ends = lines[0].select_one(".ends")
        assert ends is not None and ends.get_text(strip=True), (lang, lines[0].get_text(" ", strip=True))


def test_a_match_of_three_kings_order_rounds_says_so_after_its_first() -> None:
    from tests.games.kings_order import driver

    game = rules.GAMES["kings-order"]
    setup, log = driver.random_game(1)
    setup = {**setup, "options": {**setup["options"], "rounds": "3"}}
    first = replay(game.initial, game.apply, setup, log).state
    outcome = game.outcome(first)
    assert outcome.over
    under_way = game.evening([outcome], len(setup["players"]))
    assert not under_way.over and under_way.note is not None
    assert (under_way.note.key, under_way.note.params) == ("ko.evening_rounds", {"done": 1, "n": 3})
    one = game.evening([game.outcome(game.initial({**setup, "options": {"rounds": "1"}}))], len(setup["players"]))
    assert not one.over and one.note is not None and one.note.key == "ko.evening_one_round"
    assert option_defaults(game.OPTIONS)["rounds"] in (1, "1")
