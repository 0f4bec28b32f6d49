"""Who plays King's Order, the table options (RULINGS), and the game's words for shared pages."""

from __future__ import annotations

from ..base import N_
from ..contract import Choice, ChoiceOption, Option, Words
from .clauses import PLAY, RULES

SLUG = "kings-order"
NAME = N_("King's Order")
PLAYER_COUNTS = (3, 4, 5, 6)
MIN_PLAYERS = 3
MAX_PLAYERS = 6

ROUNDS = ChoiceOption(
    "rounds", N_("Rounds in the match"),
    (Choice("1", N_("One round")), Choice("3", N_("Three rounds, totals added up"))),
    default="1", clause=RULES,
    hint=N_("Decide before playing. In this app each round is one game; the next one starts with the left neighbour."),
)
"""ゲームのルール: "複数ラウンド行う場合は、3ラウンド行います。遊ぶ前に遊ぶラウンド数を決めてください。"
(RULINGS: 1 or 3 rounds, totals summed). A game of the app is one round (one deal); the
match is the evening of 1 or 3 such games."""

DISCARDS = ChoiceOption(
    "discards", N_("Cards thrown away"),
    (Choice("counted", N_("Counted: which side and how many (fewest taps)")),
     Choice("named", N_("Named one by one (the app checks each card)"))),
    default="counted", clause=PLAY,
    hint=N_("Counted: the table checks the thrown-away cards by eye, as the rules ask; the app keeps the hand sizes, and its end-of-round check can use only the cards it was told."),
)
"""ゲームのルール 1: "捨てられたカードはそれぞれ何かを全員で確認し": the whole table looks at
each card thrown away, so the table checks them; what the app needs to keep the round right
is how many left the hand (hand sizes, whose turn, the end). RULINGS (the project's): by
default a turn says only the side and the count, in few taps; "named" asks for each card,
so the app can check them and its audit can use them. The option chooses only the keys the
page offers: the engine takes both forms always, so every record replays alike."""

OPTIONS: tuple[Option, ...] = (ROUNDS, DISCARDS)

WORDS = Words(
    start_question=N_("Who is the start player?"),
    judge_question=N_("What does this turn do?"),
    findings_title=N_("Turns that cannot have been right"),
)
