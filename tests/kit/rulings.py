"""What the engine tests ask of rulings and refusals, the same for every game."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

from companion.rules.base import RuleError, Ruling


def keys(rulings: Iterable[Ruling]) -> list[tuple[str, str]]:
    """Each ruling as (message key, clause), in order."""
    return [(r.key, r.clause) for r in rulings]


def ruling(rulings: Iterable[Ruling], key: str) -> Ruling:
    """The one ruling with `key` (failing if there is none, or more than one)."""
    rulings = list(rulings)
    found = [r for r in rulings if r.key == key]
    assert len(found) == 1, (key, keys(rulings))
    return found[0]


def refused(key: str, func: Callable[..., Any], *args: Any, **kwargs: Any) -> RuleError:
    """`func(*args, **kwargs)` refused with the message `key`; the refusal, to look at further."""
    with pytest.raises(RuleError) as info:
        func(*args, **kwargs)
    assert info.value.ruling.key == key, info.value.ruling
    return info.value
