"""Who plays Black Junky, the table options (RULINGS), the clause labels and the game's words."""

from __future__ import annotations

from ..base import N_
from ..contract import BoolOption, Choice, ChoiceOption, NumberOption, Option, SuitSetOption, Words
from ..kit import tennos

SLUG = "black-junky"
NAME = N_("Black Junky")

MIN_PLAYERS = 2
MAX_PLAYERS = 8
PLAYER_COUNTS = tuple(range(MIN_PLAYERS, MAX_PLAYERS + 1))
"""The rulebook prints no player count; the table seats 2 to 8 (RULINGS: with 65 cards dealt
evenly, 8 players still get 8 cards each)."""
JUDGE_MAX_PLAYERS = 13
"""The judge answers for up to 13 players: 65 cards still give each of them 5."""

# --------------------------------------------------------------------------- clauses
# The text has no numbered clauses: every Ruling names the heading its sentence stands under.

C_OVERVIEW = "概要"
C_SETUP = "準備"
"""No jokers; the 13 crosses are the deck; the rest dealt evenly."""
C_GAME = "ゲーム"
"""Lay one or more cards, values as in blackjack, red subtracts, reveal, turn the deck,
closest to 21 wins, bust, ties all win, until the crosses run out."""
C_RESULT = "勝敗"
"""Most round wins takes the game."""
C_VARIANT = "派生ルール"
"""Keep the cards you win with; compare black cards at the end."""
C_RULINGS = "RULINGS"

# --------------------------------------------------------------------------- options

SUIT_CHOICES = tuple(Choice(suit, tennos.SUIT_NAMES[suit]) for suit in tennos.SUITS)
"""The TENNOS deck's six suits, by their names, in the deck's order."""

RED = SuitSetOption(
    "red_suits", N_("Red suits: their cards subtract"), SUIT_CHOICES, default=("H", "D"), clause=C_GAME,
    hint=N_("Hearts and diamonds by default. Every other suit is black. Tick the cross only if the deck's card should subtract too."),
)
"""ゲーム: red cards subtract; which suits are red is a table setting (RULINGS)."""

BUST_21 = BoolOption(
    "bust_21", N_("21 itself busts"), default=False, clause=C_GAME,
    hint=N_("Unticked: only totals over 21 bust; the printed “21以上” (21 or more) is read as a misprint."),
)
"""ゲーム prints "21以上はバースト"; RULINGS reads it as over 21, with the literal reading as an option."""

MEASURE_OFF = "off"
MEASURE_COUNT = "black_count"
MEASURE_SUM = "black_sum"
MEASURES = (MEASURE_COUNT, MEASURE_SUM)

MEASURE = ChoiceOption(
    "black_measure", N_("Variant: winners keep their cards; black cards decide the game"),
    (
        Choice(MEASURE_OFF, N_("Off: most round wins takes the game")),
        Choice(MEASURE_COUNT, N_("Most black cards kept")),
        Choice(MEASURE_SUM, N_("Highest sum of black cards kept (A 1, J Q K 10)")),
    ),
    default=MEASURE_OFF, clause=C_VARIANT,
)
"""派生ルール: a table option (RULINGS): off, the count of black cards, or their sum."""

ROUNDS = NumberOption(
    "crosses", N_("Crosses in the deck (rounds)"), default=13, minimum=1, maximum=13, clause=C_GAME,
    hint=N_("The rulebook suggests fewer crosses for a shorter game."),
)
"""ゲーム: "長丁場が嫌な場合は最初に山札のカードを調節するとよい": the table may shorten the deck
(RULINGS, this project's: a table option, all 13 by default)."""

OPTIONS: tuple[Option, ...] = (RED, BUST_21, MEASURE, ROUNDS)

WORDS = Words(
    start_question=N_("Nobody leads: everyone lays their cards at once."),
    judge_question=N_("What does this hand make?"),
    findings_title="",
)
