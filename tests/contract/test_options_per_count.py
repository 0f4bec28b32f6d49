"""Every registered game, every player count it allows: the set-up forms show exactly the options
that apply to that count (contract.Option.players), and an option that cannot apply is ignored
when sent, never refused (issue 31 goal 3)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion import rules
from companion.rules.contract import (
    BoolOption, ChoiceOption, NumberOption, Option, SuitSetOption, applicable, option_defaults,
)
from tests.conftest import soup

CASES = [(slug, n) for slug, m in rules.GAMES.items() for n in m.PLAYER_COUNTS]


def names(n: int) -> list[str]:
    return [f"P{i + 1}" for i in range(n)]


def shown(page: Any, module: Any) -> set[str]:
    every = {o.name for o in module.OPTIONS}
    return {str(i["name"]) for i in page.select("#game-setup [name]")} & every


def other_value(option: Option) -> object:
    """A value unlike the option's default, as a form sends it."""
    if isinstance(option, BoolOption):
        return "" if option.default else "on"
    if isinstance(option, ChoiceOption):
        return next(c.value for c in option.choices if c.value != option.default)
    if isinstance(option, NumberOption):
        return str(option.minimum if option.default != option.minimum else option.maximum)
    assert isinstance(option, SuitSetOption)
    return [c.value for c in option.suits if c.value not in option.default][:1]


def test_every_option_names_only_counts_its_game_allows() -> None:
    for slug, module in rules.GAMES.items():
        for option in module.OPTIONS:
            assert set(option.players) <= set(module.PLAYER_COUNTS), (slug, option.name)


@pytest.mark.parametrize("slug, n", CASES)
def test_the_seating_form_shows_the_options_that_apply_to_this_count(client: FlaskClient, slug: str, n: int) -> None:
    module = rules.GAMES[slug]
    page = soup(client.get(f"/seat/{slug}", query_string={"player": names(n)}))
    assert shown(page, module) == {o.name for o in applicable(module.OPTIONS, n)}
    assert page.select_one("input[name=count]")["value"] == str(n)


@pytest.mark.parametrize("slug, n", CASES)
def test_the_next_game_form_shows_the_options_that_apply_to_the_table(client: FlaskClient, slug: str, n: int) -> None:
    module = rules.GAMES[slug]
    seated = client.post("/tables", data={"player": names(n), "game": slug})
    assert seated.status_code == 303
    page = soup(client.get(seated.location))
    assert shown(page, module) == {o.name for o in applicable(module.OPTIONS, n)}


@pytest.mark.parametrize("slug, n", CASES)
def test_an_option_that_cannot_apply_is_ignored_never_refused(client: FlaskClient, slug: str, n: int) -> None:
    module = rules.GAMES[slug]
    fields: dict[str, Any] = {"player": names(n), "count": str(n)}
    choices = module.start_choices(names(n))
    if choices:
        fields["first_leader"] = str(choices[0])
    ignored = [o for o in module.OPTIONS if o not in applicable(module.OPTIONS, n)]
    for option in ignored:
        fields[option.name] = other_value(option)
    started = client.post(f"/seat/{slug}", data=fields)
    assert started.status_code == 303, soup(started).select_one(".error")
    record = json.loads(client.get(started.location.split("/g/")[0] + "/export.json").get_data(as_text=True))
    options = record["games"][0]["setup"]["options"]
    defaults = option_defaults(module.OPTIONS)
    assert {o.name: options[o.name] for o in ignored} == {o.name: defaults[o.name] for o in ignored}
