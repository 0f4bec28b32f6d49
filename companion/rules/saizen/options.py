"""Who plays Saizen, the table options (RULINGS), and the game's words for shared pages.

The twenty starting faces of the rule cards (four suits, five rows each) are options too:
the table enters them as the printed cards lie, each defaulting to its first-named face.
"""

from __future__ import annotations

from ..base import N_
from ..contract import BoolOption, Choice, ChoiceOption, NumberOption, Option, Words
from .rulecards import DEFAULT_FACES

SLUG = "saizen"
NAME = N_("Saizen")
PLAYER_COUNTS = (2, 3, 4, 5, 6)
MIN_PLAYERS = 2
MAX_PLAYERS = 6
ROUNDS = 3
"""2.2: a game is three rounds."""

JOKERS = NumberOption(
    "jokers", N_("Jokers in play (2.4 “ジョーカー参戦”)"), default=0, minimum=0, maximum=2, clause="2.4",
    hint=N_("0: the basic game, played without jokers (2.1)."),
)

ROUND_LEADER = ChoiceOption(
    "round_leader", N_("Who leads first in rounds 2 and 3"),
    (Choice("last_winner", N_("The winner of the previous round's last trick (its leader if nobody won it)")),
     Choice("start_player", N_("The start player, every round"))),
    default="last_winner", clause="RULINGS",
)

JOKER_OBLIGES = BoolOption(
    "joker_obliges", N_("Under MUST, a player void in the lead suit must play a joker if they hold one"),
    default=False, clause="RULINGS",
    hint=N_("Unticked: a joker may always be played, but a player void in the lead suit need not play it."),
)

PLAYOFF_REVEAL = ChoiceOption(
    "playoff_reveal", N_("How play-off cards are played"),
    (Choice("in_turn", N_("One at a time in trick order, each seeing the cards before (必勝 binds)")),
     Choice("together", N_("Face down together, then revealed (必勝 cannot bind)"))),
    default="in_turn", clause="RULINGS",
)

_HINTS = {
    "high": N_("Unticked: 小, low numbers win."),
    "later": N_("Unticked: 先, of two jokers the earlier wins."),
    "playoff": N_("Unticked: 無視, equal numbers are ignored."),
    "must_follow": N_("Unticked: MAY follow."),
    "must_win": N_("Unticked: 自由, free to win or lose."),
}

FACE_OPTIONS: tuple[BoolOption, ...] = (
    BoolOption("S_high", N_("♠ spades · 大: high numbers win"), default=DEFAULT_FACES["high"], clause="2.3", hint=_HINTS["high"]),
    BoolOption("S_later", N_("♠ spades · 後: of two jokers, the later wins"), default=DEFAULT_FACES["later"], clause="2.3", hint=_HINTS["later"]),
    BoolOption("S_playoff", N_("♠ spades · 決勝: equal numbers play off"), default=DEFAULT_FACES["playoff"], clause="2.3", hint=_HINTS["playoff"]),
    BoolOption("S_must_follow", N_("♠ spades · MUST follow"), default=DEFAULT_FACES["must_follow"], clause="2.3", hint=_HINTS["must_follow"]),
    BoolOption("S_must_win", N_("♠ spades · 必勝: win if you can"), default=DEFAULT_FACES["must_win"], clause="2.3", hint=_HINTS["must_win"]),
    BoolOption("H_high", N_("♥ hearts · 大: high numbers win"), default=DEFAULT_FACES["high"], clause="2.3", hint=_HINTS["high"]),
    BoolOption("H_later", N_("♥ hearts · 後: of two jokers, the later wins"), default=DEFAULT_FACES["later"], clause="2.3", hint=_HINTS["later"]),
    BoolOption("H_playoff", N_("♥ hearts · 決勝: equal numbers play off"), default=DEFAULT_FACES["playoff"], clause="2.3", hint=_HINTS["playoff"]),
    BoolOption("H_must_follow", N_("♥ hearts · MUST follow"), default=DEFAULT_FACES["must_follow"], clause="2.3", hint=_HINTS["must_follow"]),
    BoolOption("H_must_win", N_("♥ hearts · 必勝: win if you can"), default=DEFAULT_FACES["must_win"], clause="2.3", hint=_HINTS["must_win"]),
    BoolOption("D_high", N_("♦ diamonds · 大: high numbers win"), default=DEFAULT_FACES["high"], clause="2.3", hint=_HINTS["high"]),
    BoolOption("D_later", N_("♦ diamonds · 後: of two jokers, the later wins"), default=DEFAULT_FACES["later"], clause="2.3", hint=_HINTS["later"]),
    BoolOption("D_playoff", N_("♦ diamonds · 決勝: equal numbers play off"), default=DEFAULT_FACES["playoff"], clause="2.3", hint=_HINTS["playoff"]),
    BoolOption("D_must_follow", N_("♦ diamonds · MUST follow"), default=DEFAULT_FACES["must_follow"], clause="2.3", hint=_HINTS["must_follow"]),
    BoolOption("D_must_win", N_("♦ diamonds · 必勝: win if you can"), default=DEFAULT_FACES["must_win"], clause="2.3", hint=_HINTS["must_win"]),
    BoolOption("C_high", N_("♣ clubs · 大: high numbers win"), default=DEFAULT_FACES["high"], clause="2.3", hint=_HINTS["high"]),
    BoolOption("C_later", N_("♣ clubs · 後: of two jokers, the later wins"), default=DEFAULT_FACES["later"], clause="2.3", hint=_HINTS["later"]),
    BoolOption("C_playoff", N_("♣ clubs · 決勝: equal numbers play off"), default=DEFAULT_FACES["playoff"], clause="2.3", hint=_HINTS["playoff"]),
    BoolOption("C_must_follow", N_("♣ clubs · MUST follow"), default=DEFAULT_FACES["must_follow"], clause="2.3", hint=_HINTS["must_follow"]),
    BoolOption("C_must_win", N_("♣ clubs · 必勝: win if you can"), default=DEFAULT_FACES["must_win"], clause="2.3", hint=_HINTS["must_win"]),
)
"""2.3 and RULINGS: each suit's five rows as the physical card lies at game start, ticked on
the first-named face (大, 後, MUST, 必勝; 決勝 unticked since 無視 is named first)."""

OPTIONS: tuple[Option, ...] = (ROUND_LEADER, JOKERS, JOKER_OBLIGES, PLAYOFF_REVEAL) + FACE_OPTIONS

JUDGE_OPTIONS: tuple[Option, ...] = (JOKER_OBLIGES, PLAYOFF_REVEAL)
"""The options a judge request may carry (the rule faces come in its `rules`)."""

WORDS = Words(
    start_question=N_("Who is the start player?"),
    judge_question=N_("Who wins this trick?"),
    findings_title=N_("Proven MUST-follow breaks and 必勝 slips"),
)
