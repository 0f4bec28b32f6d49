"""Who plays King's Trick, the table options (RULINGS), and the game's words for shared pages."""

from __future__ import annotations

from collections.abc import Mapping

from ..base import N_
from ..contract import BoolOption, Choice, ChoiceOption, Option, Words

SLUG = "kings-trick"
NAME = N_("King's Trick")
PLAYER_COUNTS = (3, 4, 5, 6)
MIN_PLAYERS = 3
MAX_PLAYERS = 6

START_CLAUSE: Mapping[int, str] = {3: "2(1)③", 4: "2(2)②", 5: "2(3)③", 6: "2(4)②"}
"""2: "任意の方法でスタートプレイヤーを決める", numbered differently for each player count."""

REMOVED_COLOUR = ChoiceOption(
    "removed_colour", N_("With 3 players, the colour taken out"),
    (Choice("W", N_("white")), Choice("R", N_("red")), Choice("B", N_("blue")),
     Choice("G", N_("green")), Choice("K", N_("black"))),
    default="W", clause="2(1)①",
    hint=N_("Only with 3 players: all nine cards of this colour are taken out."), players=(3,),
)
"""2(1)①: with 3 players one whole colour is taken out, the table's choice (RULINGS: white
unless the table says otherwise; recorded). Ignored for 4 to 6 players."""

NO_COLOUR = ChoiceOption(
    "no_colour", N_("A trick of KING, QUEEN and JESTER only"),
    (Choice("values", N_("ranks by their values: the KING wins")),
     Choice("play_order", N_("ranks in play order: the leader wins"))),
    default="values", clause="3(3)④", players=(3,),
)
"""RULINGS: a 3-player trick with no ordinary coloured card has no lead colour; its cards
rank by their values (the KING always wins), or, as a house rule, in play order. Only a
3-player trick can lack one: with 4 or 6 players at least one ordinary card is played (there
are three specials), and with 5 the specials are taken out (2(3)①)."""

SUM_SETS = BoolOption(
    "sum_sets", N_("Score the sum of all completed sets"), default=False, clause="3(6)",
    hint=N_("Unticked: only the single best set counts."),
)
"""RULINGS: a player scores the single best completed set (default) or all of them added."""

NO_AGARI_TIE = ChoiceOption(
    "no_agari_tie", N_("Nobody declared, and players are tied on orbs, swords, shields and crystals"),
    (Choice("potions_share", N_("compare potions; players still tied all score")),
     Choice("share", N_("all the tied players score")),
     Choice("none", N_("nobody scores"))),
    default="potions_share", clause="4(4)",
)
"""RULINGS: the 4(4) chain stops at crystals; then potions decide (default), or all tied
players score, or nobody does."""

TIE_AT_20 = ChoiceOption(
    "tie_at_20", N_("Two or more level on top at 20+ before game 4"),
    (Choice("play_on", N_("play another game")), Choice("share", N_("they share the win"))),
    default="play_on", clause="4(3)",
)
"""RULINGS: equal highest totals at 20 or more after game 1, 2 or 3: play on or share."""

TEAMS = BoolOption(
    "team_play", N_("Six players: partners sitting opposite play as a team"), default=False, clause="5",
    hint=N_("Only with 6 players: seats 1 and 4, 2 and 5, 3 and 6 add their points together."), players=(6,),
)
"""5: with 6 players the text recommends teams of partners sitting opposite (RULINGS: off by
default; play and sets stay individual, a team's total is its two players' points)."""

OPTIONS: tuple[Option, ...] = (REMOVED_COLOUR, NO_COLOUR, SUM_SETS, NO_AGARI_TIE, TIE_AT_20, TEAMS)

WORDS = Words(
    start_question=N_("Who is the start player?"),
    judge_question=N_("Which card is strongest, and who drafts?"),
    findings_title="",
)
