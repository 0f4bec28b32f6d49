"""The remembered picker keys: disabling used cards is exact and leaves the rest as rendered."""

from __future__ import annotations

from markupsafe import Markup

from companion.views._fragments import disable_cards

KEYS = Markup(
    '<input type="radio" name="pair" value="RB">'
    '<button name="card" value="R1B10">1</button>'
    '<button name="card" value="R10B1">10</button>'
    '<button name="card" value="R1B10">again</button>'
)


def test_only_the_first_key_of_each_used_card_is_disabled() -> None:
    out = disable_cards(KEYS, ["R1B10", "RB"])
    assert out == Markup(
        '<input type="radio" name="pair" value="RB" disabled>'
        '<button name="card" value="R1B10" disabled>1</button>'
        '<button name="card" value="R10B1">10</button>'
        '<button name="card" value="R1B10">again</button>'
    )


def test_no_used_cards_or_unknown_codes_leave_the_keys_as_they_were() -> None:
    assert disable_cards(KEYS, []) == KEYS
    assert disable_cards(KEYS, ["G5Y6", "R1B"]) == KEYS
    assert isinstance(disable_cards(KEYS, ["RB"]), Markup)


def test_a_card_named_twice_is_disabled_once() -> None:
    assert disable_cards(KEYS, ["R10B1", "R10B1"]).count("disabled") == 1
