"""The rules engines, one module per game, and the registry that finds them by slug.

The web and CLI layers look games up here and never branch on a game's name.
"""

from __future__ import annotations

from types import ModuleType

from . import hyper_maker, master_of_rules, twin_shoot
from .base import RuleError

GAMES: dict[str, ModuleType] = {module.SLUG: module for module in (hyper_maker, twin_shoot, master_of_rules)}
"""The engine contract: what the web and CLI layers use from every game module.

Constants
    SLUG, NAME (N_-marked), PLAYER_COUNTS (tuple of allowed player counts),
    OPTIONS ({name: default bool}: the table options of RULINGS.md),
    MESSAGES ({key: N_-marked English template}), SUIT_NAMES ({code: N_-marked name}),
    SUIT_SYMBOLS ({code: short mark}).
Functions
    initial(setup) -> State: setup is {"players": [names clockwise], "first_leader": int,
        "options": {name: bool}}; raises RuleError for a setup the game forbids.
    apply(State, Event) -> State: one log entry; raises RuleError naming the clause.
    scores(State) -> tuple[int, ...]: points per seat so far (a team's points to each member).
    rulings(State) -> tuple[Ruling, ...]: what explains the latest decision.
    next_first_leader(setup) -> int: default first leader of the next game.
    suggested_games(players) -> int: how long an evening the rulebook suggests.
    card_parts(code) -> ((suit, rank-text), ...): how to show a card.
    judge(request: Mapping) -> dict: the JSON judge contract; Ruling objects inside are
        rendered by the caller; raises RuleError for a request it cannot answer.
    audit(State) -> tuple[Finding, ...]: every play proven illegal so far; an "accept"
        entry naming a finding's ref lets it stand.
    quick_judge_request(fields) -> (request | None, entered): the quick judge page's
        form as a judge request once enough cards are in.
    first_leader_choices(players) -> seats that may lead (or start) the first game.
    form_payload(kind, fields) -> payload: an entry from a page form's lists of values
        (base.form_text / base.form_int read them).
State
    frozen dataclass with .is_over and .setup; the game's templates under
    templates/games/<slug>/ read the rest.
"""


def get(slug: str) -> ModuleType:
    """The engine for `slug`, or RuleError naming the unknown game."""
    try:
        return GAMES[slug]
    except KeyError:
        raise RuleError("input.unknown_game", "", game=slug) from None
