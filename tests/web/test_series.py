"""The scoreboard groups an evening into series: consecutive games of one kind.

Totals never add up points of different games; each series shows its own totals, leaders
and note from that game's own evening rule. The games here are only the means: any two
registered games that seat the same table would do.
"""

from __future__ import annotations

from flask.testing import FlaskClient

from companion import rules
from companion.rules.base import N_
from companion.rules.contract import BoolOption, ChoiceOption, NumberOption, SuitSetOption, Choice, options_from_form, read_options
from companion.rules.base import RuleError
from tests.conftest import soup
from tests.kit.pages import every_series
from tests.games.hyper_maker.table import enter, final_scores, seat_table, whole_game

import pytest


def test_switching_game_starts_a_new_series_with_its_own_totals(client: FlaskClient) -> None:
    url = seat_table(client, first=0)
    table_url = url.split("/g/")[0]
    for _, _, card in whole_game(3, seed=7):
        enter(client, url, card.code)
    other = next(slug for slug, g in rules.GAMES.items() if slug != "hyper-maker" and 3 in g.PLAYER_COUNTS)
    new_form = soup(client.get(f"{table_url}/new", query_string={"game": other}))
    first = new_form.select_one("input[name=first_leader][checked]")["value"]
    assert client.post(f"{table_url}/games", data={"game": other, "first_leader": first}).status_code == 303
    board = soup(client.get(f"{table_url}/g/2")).select_one("#scoreboard")
    blocks = board.select(".series")
    assert len(blocks) == 2
    first_totals = [int(td.get_text()) for td in blocks[0].select("tfoot td")]
    assert first_totals == list(final_scores(3, seed=7))
    second_rows = blocks[1].select("tbody tr")
    assert [tr.select_one("th").get_text(" ", strip=True).split()[0] for tr in second_rows] == ["2"]
    assert [int(td.get_text()) for td in blocks[1].select("tfoot td")] == [0, 0, 0]
    assert [h.get_text() for h in board.select(".series h3")] == ["Hyper Maker", rules.GAMES[other].NAME]


def test_back_to_the_first_game_is_a_third_series_not_a_continuation(client: FlaskClient) -> None:
    url = seat_table(client, first=0)
    table_url = url.split("/g/")[0]
    other = next(slug for slug, g in rules.GAMES.items() if slug != "hyper-maker" and 3 in g.PLAYER_COUNTS)
    assert client.post(f"{table_url}/games", data={"game": other, "first_leader": "0"}).status_code == 303
    assert client.post(f"{table_url}/games", data={"game": "hyper-maker", "first_leader": "0"}).status_code == 303
    first, blocks = every_series(client, table_url)
    assert len(blocks) == 3 and len(first.select("#evening .series-line")) == 3
    # The full scoreboard opens on the series under way, marked among the evening's lines.
    assert first.select_one("#scoreboard .series")["id"] == "series-3"
    assert first.select_one("#evening a[aria-current]")["href"].endswith("?series=3")
    assert "0 of 3 suggested games played" in blocks[2].get_text()
    # The game page shows its own series and the one before; the first is a tap away.
    on_page = soup(client.get(f"{table_url}/g/3")).select_one("#scoreboard")
    assert [h.get_text() for h in on_page.select(".series h3")] == [rules.GAMES[other].NAME, "Hyper Maker"]
    assert on_page.select_one(".earlier-series a").get_text() == "1 more series on the full scoreboard"


OPTIONS = (
    BoolOption("strict", N_("Hyper Maker"), default=True),
    ChoiceOption("colour", N_("Hyper Maker"), (Choice("W", N_("Hyper Maker")), Choice("K", N_("Hyper Maker"))), "W"),
    NumberOption("limit", N_("Hyper Maker"), -20, -100, 0),
    SuitSetOption("red", N_("Hyper Maker"), (Choice("H", "H"), Choice("D", "D"), Choice("S", "S")), ("H", "D")),
)


def test_typed_options_read_forms_and_fill_defaults() -> None:
    assert read_options(OPTIONS, {}) == {"strict": True, "colour": "W", "limit": -20, "red": ["H", "D"]}
    form = {"colour": ["K"], "limit": ["-30"], "red": ["S", "H"]}
    assert read_options(OPTIONS, options_from_form(OPTIONS, form)) == {
        "strict": False, "colour": "K", "limit": -30, "red": ["H", "S"]}


@pytest.mark.parametrize("bad", [{"colour": "R"}, {"limit": 5}, {"limit": "²"}, {"limit": True},
                                 {"red": ["X"]}, {"red": "H"}, {"strict": "yes"}, {"unknown": 1}])
def test_typed_options_refuse_values_they_cannot_take(bad: dict[str, object]) -> None:
    with pytest.raises(RuleError):
        read_options(OPTIONS, bad)
    assert options_from_form(OPTIONS, {"limit": ["２０"]})["limit"] == "２０"  # full-width digits are text, refused by check


def test_standings_at_a_glance_highest_first_the_leaders_marked(client: FlaskClient) -> None:
    url = seat_table(client, first=0)
    for _, _, card in whole_game(3, seed=7):
        enter(client, url, card.code)
    scores = final_scores(3, seed=7)
    line = soup(client.get(url)).select_one("#standings")
    shown = [(s.get_text(" ", strip=True).rsplit(" ", 1)[0], int(s.select_one("b").get_text())) for s in line.select("span")]
    expected = sorted(zip(("Aki", "Ben", "Cho"), scores), key=lambda pair: -pair[1])
    assert shown == expected
    assert [s.get_text(" ", strip=True).rsplit(" ", 1)[0] for s in line.select("span.lead")] == [
        name for name, points in expected if points == max(scores)]


def test_an_abandoned_game_takes_no_more_entries_counts_in_no_total_and_undo_brings_it_back(client: FlaskClient) -> None:
    url = seat_table(client, first=0)
    table_url = url.split("/g/")[0]
    for _, _, card in whole_game(3, seed=7):
        enter(client, url, card.code)
    assert client.post(f"{table_url}/games", data={"game": "hyper-maker", "first_leader": "1"}).status_code == 303
    second = f"{table_url}/g/2"
    for code in ("R5B6", "R2G9", "B8Y3", "R9B2"):  # Ben leads game 2: Cho's blue 8 wins, +5
        enter(client, second, code)
    page = soup(client.get(second))
    seq = page.select_one("#abandon input[name=seq]")["value"]
    assert client.post(f"{second}/abandon", data={"seq": seq}).status_code == 303
    page = soup(client.get(second))
    assert "Game abandoned" in page.select_one("#abandoned").get_text()
    assert page.select_one("form.picker") is None and page.select_one("#abandon") is None
    refused = client.post(f"{second}/entries", data={"seq": str(int(seq) + 1), "kind": "master", "card": "G5Y6"})
    assert refused.status_code == 422 and "abandoned" in soup(refused).select_one(".error").get_text()
    board = page.select_one("#scoreboard")
    assert "(abandoned)" in board.select("tbody tr")[1].get_text()
    assert [int(td.get_text()) for td in board.select("tfoot td")] == list(final_scores(3, seed=7))
    assert client.post(f"{second}/undo", data={"seq": str(int(seq) + 1)}).status_code == 303
    page = soup(client.get(second))
    assert page.select_one("#abandoned") is None and page.select_one("form.picker") is not None
    totals = [int(td.get_text()) for td in page.select("#scoreboard tfoot td")]
    assert totals == [a + b for a, b in zip(final_scores(3, seed=7), (0, 0, 5))]


def test_games_played_alike_share_one_line_of_rules_and_a_change_starts_another(client: FlaskClient) -> None:
    url = seat_table(client, ("Aki", "Ben", "Cho", "Dan"), first=0)  # four games make the series
    table_url = url.split("/g/")[0]
    for number, house_rule in ((2, False), (3, True), (4, True)):
        for _, _, card in whole_game(4, seed=number):
            enter(client, f"{table_url}/g/{number - 1}", card.code)
        form = {"game": "hyper-maker", "first_leader": "0", **({"tie_winner_leads": "on"} if house_rule else {})}
        assert client.post(f"{table_url}/games", data=form).status_code == 303
    lines = [p.get_text(" ", strip=True) for p in soup(client.get(f"{table_url}/scoreboard")).select(".rules-in-force")]
    assert [line.split(":")[0] for line in lines] == ["Games 1 and 2", "Games 3 and 4"]
    assert "the same player leads again" in lines[0] and "the tie winner leads next" in lines[1]
    assert all(line.count("Game") == 1 and line.count("5(5)④") == 1 for line in lines)
