"""最善 (Saizen): the series note says who leads by the total over the series (2.2: "獲得した
トリックの数が得点となり、最終的に最も得点の大きいプレイヤーがゲームに勝利します")."""

from __future__ import annotations

from companion import i18n
from companion.rules import saizen as sz
from companion.rules.contract import Outcome

NAMES = ["Ann", "Bō", "Cid"]


def note(outcomes: list[Outcome], lang: str = "en") -> str:
    ruling = sz.evening(outcomes, 3).note
    assert ruling is not None and ruling.clause == "2.2"
    return i18n.render(ruling, sz, i18n.catalog(lang), NAMES)


def test_one_game_names_its_winner_with_the_most_tricks_in_both_languages() -> None:
    game = Outcome((5, 12, 7), True, (3, 1, 2))
    assert note([game]) == "The game is over: Bō won the most tricks, 12, and wins the game."
    assert note([game], "ja") == "ゲーム終了です。獲得したトリックの数が最も多いBō（12トリック）がゲームに勝利します。"


def test_equal_totals_share_the_win() -> None:
    game = Outcome((12, 12, 7), True, (1, 1, 3))
    assert note([game]) == "The game is over: Ann, Bō won the most tricks, 12 each, and share the win."


def test_a_series_of_several_games_names_the_leaders_by_their_total_not_the_last_game() -> None:
    """Bō won the second game, but Ann has won the most tricks over the two."""
    first = Outcome((15, 4, 5), True, (1, 3, 2))
    second = Outcome((6, 9, 9), True, (3, 1, 1))
    evening = sz.evening([first, second], 3)
    assert evening.leaders == (0,) and evening.totals == (21, 13, 14)
    assert note([first, second]) == (
        "After 2 games, Ann has won the most tricks in all, 21; the rulebook plays a single game.")
    assert note([first, second], "ja") == (
        "2ゲームの通算で、獲得したトリックの数が最も多いのはAnnの21トリックです。ルールは1ゲームで勝敗を決めます。")
