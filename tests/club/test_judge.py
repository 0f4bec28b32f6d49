"""The event's judge from JSON: standings and draws answered with their reasons in the asker's
language, and every request that cannot be answered refused with a sentence (companion/club/judge.py)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from companion import i18n
from companion.club import judge_text

STANDINGS = {"ask": "standings", "players": ["Ann", "Ben", "Cy", "Dee", "Eve"],
             "results": [{"round": 1, "players": ["Ann", "Ben", "Cy", "Dee"], "places": [1, 1, 3, 4],
                          "points": [30, 30, 12, 4]}],
             "scoring": "placement", "sat_out": {"1": ["Eve"]}}
DRAW = {"ask": "draw", "players": ["Ann", "Ben", "Cy", "Dee", "Eve"], "met": [["Ann", "Ben"]], "sizes": [4],
        "round": 2, "seed": 7, "sat_out": {"1": ["Eve"]}}


def ask(request: Any, lang: str = "en") -> tuple[bool, dict[str, Any]]:
    return judge_text(request if isinstance(request, str) else json.dumps(request), i18n.catalog(lang))


def test_standings_with_shared_places_and_a_sit_out() -> None:
    ok, answer = ask(STANDINGS)
    assert ok
    lines = {line["player"]: line for line in answer["standings"]}
    assert [(line["player"], line["rank"], line["score"]) for line in answer["standings"]] == [
        ("Ann", 1, 2.5), ("Ben", 1, 2.5), ("Eve", 3, 1.5), ("Cy", 4, 1), ("Dee", 5, 0)]
    assert lines["Ann"]["exact"] == "5/2" and lines["Eve"]["exact"] == "3/2"
    assert (lines["Eve"]["played"], lines["Eve"]["rounds"], lines["Eve"]["best_place"]) == (0, [1.5], None)
    assert (lines["Ann"]["wins"], lines["Ann"]["best_place"], lines["Ann"]["head_to_head"]) == (1, 1, 0)
    assert lines["Eve"]["rulings"] == [{"clause": "RULINGS", "text": (
        "Eve sat out round 1 and earns 1.5, the average score of a seat in that round: sitting out neither "
        "gains nor loses against the field.")}]
    assert lines["Ann"]["rulings"][0]["text"].startswith("Ann, Ben share place 1")
    assert answer["rulings"][0]["text"].startswith("Placement points:")


def test_standings_in_japanese() -> None:
    ok, answer = ask(STANDINGS, "ja")
    eve = next(line for line in answer["standings"] if line["player"] == "Eve")
    assert ok and eve["rulings"][0]["text"].startswith("Eveは第1ラウンドが休みで")
    assert answer["rulings"][0]["text"].startswith("順位点：")


def test_standings_by_the_games_points() -> None:
    ok, answer = ask({**STANDINGS, "scoring": "points"})
    assert ok and [(line["player"], line["score"]) for line in answer["standings"]][:3] == [
        ("Ann", 30), ("Ben", 30), ("Eve", 19)]
    assert answer["rulings"][0]["text"] == "The game's own points, added up as each table's game gives them."


def test_a_draw_with_its_sit_out_and_no_repeat_meeting() -> None:
    ok, answer = ask(DRAW)
    assert ok
    assert sorted(p for t in answer["tables"] for p in t) + answer["sit_out"] == sorted(
        set(DRAW["players"]) - set(answer["sit_out"])) + answer["sit_out"]
    assert len(answer["sit_out"]) == 1 and answer["sit_out"] != ["Eve"]  # Eve sat out round 1 already
    assert answer["repeats"] == 0 and answer["repeats_proved_fewest"] is True
    assert not ({"Ann", "Ben"} <= set(answer["tables"][0]))
    texts = [r["text"] for r in answer["rulings"]]
    assert texts[0] == "4 players seated at tables of 4."
    assert "Nobody meets a player they have already met." in texts
    assert ask(DRAW) == (ok, answer)  # the same seed draws the same tables


def test_a_draw_says_its_players_in_the_plural_and_one_sit_out_in_the_singular() -> None:
    ok, answer = ask({**DRAW, "players": ["Ann", "Ben"], "sizes": [2], "met": []})
    assert ok and answer["rulings"][0]["text"] == "2 players seated at tables of 2."
    ok, answer = ask({**DRAW, "players": ["Ann", "Ben", "Cy"], "sizes": [2], "met": [], "sat_out": {}})
    assert "sits out this round" in answer["rulings"][1]["text"]


def test_repeat_meetings_that_cannot_be_avoided_are_named() -> None:
    ok, answer = ask({**DRAW, "players": ["Ann", "Ben", "Cy"], "sizes": [3], "met": [["Ann", "Ben"]], "sat_out": {}})
    assert ok and answer["repeats"] == 1
    assert answer["rulings"][-1]["text"] == ("1 pair meets again: Ann – Ben. No draw of these tables seats fewer "
                                             "pairs who have met.")


@pytest.mark.parametrize("request_, reason", [
    ("{oops", "is not valid JSON"),
    ("[1, 2]", "must be a JSON object"),
    ("[" * 100000 + "]" * 100000, "nests lists or objects too deeply"),
    ({"ask": "pairings"}, "Unknown question “pairings”; the event's judge answers: standings, draw."),
    ({"ask": "standings"}, "The field “players” is missing."),
    ({**STANDINGS, "players": "Ann"}, "The field “players” must be a list."),
    ({**STANDINGS, "players": ["Ann", 3]}, "Each player is a name"),
    ({**STANDINGS, "players": ["Ann", "Ann"]}, "“Ann” is listed twice"),
    ({**STANDINGS, "players": ["x" * 25]}, "at most 24 characters"),
    ({**STANDINGS, "results": [{"round": 1}]}, "Each result must be an object"),
    ({**STANDINGS, "results": [7]}, "Each result must be an object"),
    ({**STANDINGS, "results": [{"round": 1, "players": ["Ann", "Zed"], "places": [1, 2], "points": [0, 0]}]},
     "“Zed” in “results” is not one of the event's players."),
    ({**STANDINGS, "results": [{"round": 1, "players": ["Ann", "Ben"], "places": [1, 3], "points": [0, 0]}]},
     "Round 1, the table of Ann, Ben: 1, 3 are not the places of a finished game"),
    ({**STANDINGS, "results": [{"round": 1, "players": ["Ann", "Ben"], "places": [1, "2"], "points": [0, 0]}]},
     "are not the places of a finished game"),
    ({**STANDINGS, "results": [{"round": 0, "players": ["Ann", "Ben"], "places": [1, 2]}]},
     "The field “round” must be a round number from 1 to 100."),
    ({**STANDINGS, "results": [{"round": True, "players": ["Ann", "Ben"], "places": [1, 2]}]}, "round number"),
    ({**STANDINGS, "results": [{"round": 1, "players": ["Ann", "Ben"], "places": [1, 2], "points": [1]}]},
     "one place and one score for each of them"),
    ({**STANDINGS, "sat_out": {"1": ["Ann"]}}, "Ann played in round 1, so did not sit it out."),
    ({**STANDINGS, "sat_out": {"first": ["Eve"]}}, "“sat_out” must map round numbers to lists of players."),
    ({**STANDINGS, "sat_out": ["Eve"]}, "“sat_out” must map round numbers"),
    ({**STANDINGS, "scoring": "elo"}, "“scoring” must be “placement” or “points”, not “elo”."),
    ({**STANDINGS, "scoring": "points", "results": [{"round": 1, "players": ["Ann", "Ben"], "places": [1, 2]}]},
     "Each result must be an object with “round”, “players”, “places” and “points”."),
    ({**DRAW, "sizes": [1, 4]}, "“sizes” must list the table sizes the game allows"),
    ({**DRAW, "sizes": "4"}, "The field “sizes” must be a list."),
    ({**DRAW, "sizes": [6]}, "A table of this game needs 6 players; the draw has 5."),
    ({**DRAW, "seed": "7"}, "The field “seed” must be a whole number."),
    ({**DRAW, "round": None}, "The field “round” must be a round number"),
    ({**DRAW, "met": [["Ann"]]}, "Each entry of “met” must be two different players' names."),
    ({**DRAW, "met": [["Ann", "Ann"]]}, "Each entry of “met” must be two different players' names."),
    ({**DRAW, "met": {"Ann": "Ben"}}, "The field “met” must be a list."),
    ({**DRAW, "size": 5}, "The table size 5 is not one of the sizes given (4)."),
])
def test_a_request_that_cannot_be_answered_is_refused_with_a_reason(request_: Any, reason: str) -> None:
    ok, answer = ask(request_)
    assert not ok and list(answer) == ["error"]
    assert reason in answer["error"], answer


def test_refusals_speak_japanese() -> None:
    ok, answer = ask({**STANDINGS, "players": ["Ann", "Ann"]}, "ja")
    assert not ok and answer["error"] == "「Ann」が2回あります。プレイヤーを区別してください。"
    ok, answer = ask({"ask": "pairings"}, "ja")
    assert answer["error"] == "不明な質問「pairings」です。大会の判定が答えられるのはstandings、drawです。"


@pytest.mark.parametrize("lang, words", [("en", "a table of 2000 players is larger than a table here seats"),
                                         ("ja", "2000人の卓はここでは扱えません")])
def test_a_result_at_a_table_larger_than_a_draw_seats_is_refused_at_once(lang: str, words: str) -> None:
    """One table of 2,000 players: refused before its pairs are compared (that took seconds)."""
    import time

    names = [f"P{i}" for i in range(2000)]
    request = {"ask": "standings", "players": names,
               "results": [{"round": 1, "players": names, "places": list(range(1, 2001)), "points": [0] * 2000}]}
    began = time.perf_counter()
    ok, answer = ask(request, lang)
    assert not ok and words in answer["error"] and time.perf_counter() - began < 1
