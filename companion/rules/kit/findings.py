"""The table lets a finding of the audit stand: logged, and it changes no result (RULINGS)."""

from __future__ import annotations

from collections.abc import Collection, Hashable, Mapping
from typing import Any, TypeVar

from ..base import RuleError

R = TypeVar("R", bound=Hashable)


def accept(accepted: frozenset[R], ref: R, found: Collection[R], unknown_key: str, twice_key: str,
           params: Mapping[str, Any]) -> frozenset[R]:
    """`accepted` with `ref` added, refusing a ref the audit never found or already accepted."""
    if ref not in found:
        raise RuleError(unknown_key, "RULINGS", **params)
    if ref in accepted:
        raise RuleError(twice_key, "RULINGS", **params)
    return accepted | {ref}
