"""What every registered game must do, checked once over all of them.

A new game gets these for free: its package satisfies contract.Game, and its test folder
offers a driver (tests/games/<pkg>/driver.py: random_game, random_partial, judge_fields).
"""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from flask.testing import FlaskClient

from companion import i18n, rulebooks, rules
from companion.rules.base import UNDO, Event, Finding, RuleError, Ruling, replay
from companion.rules.contract import Evening, Game, Outcome, option_defaults, read_options

SLUGS = sorted(rules.GAMES)
SEEDS = (1, 2, 3)
EN = i18n.catalog("en")
JA = i18n.catalog("ja")


def game_of(slug: str) -> Game:
    return rules.GAMES[slug]


def package_dir(slug: str) -> Path:
    return Path(str(_module(slug).__file__)).parent


def _module(slug: str) -> ModuleType:
    game = game_of(slug)
    assert isinstance(game, ModuleType)
    return game


def driver(slug: str) -> ModuleType:
    """The game's test driver: seeded whole and partial games, and quick-judge fields."""
    return importlib.import_module(f"tests.games.{_module(slug).__name__.rsplit('.', 1)[-1]}.driver")


def effective_events(log: list[Event]) -> list[Event]:
    """The entries still in force once every undo has taken back the latest one."""
    kept: list[Event] = []
    for event in log:
        if event.kind == UNDO:
            kept.pop()
        else:
            kept.append(event)
    return kept


# --------------------------------------------------------------------------- the engine


@pytest.mark.parametrize("slug", SLUGS)
def test_the_game_describes_itself(slug: str) -> None:
    game = game_of(slug)
    assert game.SLUG == slug and game.NAME and game.PLAYER_COUNTS
    assert game.WORDS.start_question and game.WORDS.judge_question
    assert len({o.name for o in game.OPTIONS}) == len(game.OPTIONS)
    assert read_options(game.OPTIONS, None) == option_defaults(game.OPTIONS)
    assert all(key.split(".")[0] not in ("", "input", "table", "record", "store") or key in base_keys()
               for key in game.MESSAGES)


def base_keys() -> set[str]:
    from companion.rules import base

    return set(base.MESSAGES)


@pytest.mark.parametrize("slug", SLUGS)
def test_setups_the_game_forbids_are_refused_with_a_message(slug: str) -> None:
    game = game_of(slug)
    for count in range(1, 10):
        if count in game.PLAYER_COUNTS:
            continue
        with pytest.raises(RuleError) as info:
            game.initial({"players": [f"P{i}" for i in range(count)], "first_leader": 0})
        assert i18n.render(info.value.ruling, game, EN) != info.value.ruling.key
    size = game.PLAYER_COUNTS[0]
    players = [f"P{i}" for i in range(size)]
    for bad in ({"players": "P0"}, {"players": players, "options": {"no_such_option": True}},
                {"players": players, "options": []}, {"players": [1] * size}):
        with pytest.raises(RuleError):
            game.initial({"first_leader": 0, **bad})
    if game.start_choices(players):
        with pytest.raises(RuleError):
            game.initial({"players": players, "first_leader": size})


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("seed", SEEDS)
def test_replaying_the_log_gives_the_state_of_applying_it(slug: str, seed: int) -> None:
    game = game_of(slug)
    setup, log = driver(slug).random_game(seed)
    replayed = replay(game.initial, game.apply, setup, log)
    state = game.initial(setup)
    for event in effective_events(log):
        state = game.apply(state, event)
    assert replayed.state == state
    assert state.is_over, "a whole game ends"
    again = replay(game.initial, game.apply, json.loads(json.dumps(setup)),
                   [Event(e.kind, json.loads(json.dumps(dict(e.payload)))) for e in log])
    assert again.state == state, "the log survives JSON"


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("seed", SEEDS)
def test_undo_takes_a_game_back_to_its_start(slug: str, seed: int) -> None:
    game = game_of(slug)
    setup, log = driver(slug).random_partial(seed)
    done = replay(game.initial, game.apply, setup, log)
    undos = [Event(UNDO)] * len(done.effective)
    assert replay(game.initial, game.apply, setup, log + undos).state == game.initial(setup)
    with pytest.raises(RuleError):
        replay(game.initial, game.apply, setup, log + undos + [Event(UNDO)])


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("seed", SEEDS)
def test_outcome_evening_and_next_setup_fit_together(slug: str, seed: int) -> None:
    game = game_of(slug)
    setup, log = driver(slug).random_game(seed)
    state = replay(game.initial, game.apply, setup, log).state
    players = len(setup["players"])
    outcome = game.outcome(state)
    assert isinstance(outcome, Outcome) and outcome.over
    assert len(outcome.points) == len(outcome.places) == players
    assert min(outcome.places) == 1 and all(1 <= p <= players for p in outcome.places)
    best = [seat for seat, place in enumerate(outcome.places) if place == 1]
    assert all(outcome.points[seat] == max(outcome.points) for seat in best) or outcome.facts
    evening = game.evening([outcome], players)
    assert isinstance(evening, Evening) and len(evening.totals) == players and evening.leaders
    assert game.evening([], players).over is False
    following = game.next_setup(state)
    nxt = game.initial({"players": setup["players"], **following})
    assert not nxt.is_over
    assert set(game.start_choices(setup["players"])) <= set(range(players))


HOSTILE: tuple[Any, ...] = (None, "", "²", "①", -1, 10**12, 1.5, True, [], {}, [[[]]], "X" * 300, {"a": [1]})


@pytest.mark.parametrize("slug", SLUGS)
def test_hostile_entries_are_refused_by_rule_never_by_a_crash(slug: str) -> None:
    game = game_of(slug)
    setup, log = driver(slug).random_partial(SEEDS[0])
    state = replay(game.initial, game.apply, setup, log).state
    kinds = {e.kind for e in driver(slug).random_game(SEEDS[0])[1] if e.kind != UNDO} | {"nonsense", ""}
    fields = {name for e in log for name in e.payload} | {"seat", "card"}
    for kind in sorted(kinds):
        for name in sorted(fields):
            for value in HOSTILE:
                try:
                    game.apply(state, Event(kind, {name: value}))
                except RuleError:
                    pass


@pytest.mark.parametrize("slug", SLUGS)
def test_every_clause_cited_has_its_place_in_the_rulebook(slug: str) -> None:
    labels: set[str] = set()
    for source in package_dir(slug).rglob("*.py"):
        text = source.read_text(encoding="utf-8")
        labels |= set(re.findall(r'(?:Ruling|RuleError)\(\s*"[^"]+",\s*"([^"]+)"', text))
    game = game_of(slug)
    setup, log = driver(slug).random_game(SEEDS[1])
    state = game.initial(setup)
    for event in effective_events(log):
        state = game.apply(state, event)
        labels |= {r.clause for r in game.rulings(state)}
    labels |= {f.ruling.clause for f in game.audit(state)}
    labels |= {o.clause for o in game.OPTIONS}
    missing = sorted(label for label in labels if label and rulebooks.anchor(slug, label) is None)
    assert missing == []


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("seed", SEEDS)
def test_every_ruling_reads_as_a_sentence_in_both_languages(slug: str, seed: int) -> None:
    game = game_of(slug)
    setup, log = driver(slug).random_game(seed)
    state = game.initial(setup)
    seen: list[Ruling] = []
    for event in effective_events(log):
        state = game.apply(state, event)
        seen += game.rulings(state)
    seen += [f.ruling for f in game.audit(state)]
    note = game.evening([game.outcome(state)], len(setup["players"])).note
    seen += [note] if note else []
    for ruling in seen:
        for words in (EN, JA):
            said = i18n.render(ruling, game, words, setup["players"])
            assert said != ruling.key and "%(" not in said, ruling


@pytest.mark.parametrize("slug", SLUGS)
def test_audit_findings_are_findings(slug: str) -> None:
    game = game_of(slug)
    setup, log = driver(slug).random_game(SEEDS[2])
    findings = game.audit(replay(game.initial, game.apply, setup, log).state)
    assert all(isinstance(f, Finding) for f in findings)
    if findings:
        assert game.WORDS.findings_title


# --------------------------------------------------------------------------- the judge


BAD_REQUESTS = ("not json", "[]", "{}", '{"ask": "nonsense"}', '{"ask": 5}', "[" * 5000 + "]" * 5000)


@pytest.mark.parametrize("slug", SLUGS)
def test_the_judge_refuses_bad_input_with_a_message(slug: str, client: FlaskClient) -> None:
    for body in BAD_REQUESTS:
        for words in (EN, JA):
            ok, answer = i18n.judge_text(slug, body, words)
            assert not ok and answer["error"] and "Traceback" not in answer["error"]
        response = client.post(f"/api/judge/{slug}", data=body)
        assert response.status_code == 422 and response.get_json()["error"]


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("seed", SEEDS)
def test_the_quick_judge_agrees_with_the_judge(slug: str, seed: int, client: FlaskClient) -> None:
    from tests.conftest import text

    fields = driver(slug).judge_fields(seed)
    request, _shown = game_of(slug).quick_judge_request({k: [v] for k, v in fields.items()})
    assert request is not None
    answer = client.post(f"/api/judge/{slug}", json=request).get_json()
    assert "error" not in answer, answer
    page = " ".join(text(client.get(f"/judge/{slug}", query_string=fields)).split())
    said = [r["text"] for r in answer.get("rulings", [])]
    assert said and all(" ".join(line.split()) in page for line in said)


# --------------------------------------------------------------------------- the pages


def record_of(slug: str, setup: dict[str, Any], log: list[Event]) -> dict[str, Any]:
    from companion import records

    return {
        "format": records.FORMAT, "version": records.VERSION,
        "table": {"name": "seeded", "players": list(setup["players"]), "created": "2026-11-22T00:00:00"},
        "games": [{"number": 1, "kind": slug, "setup": setup, "created": "2026-11-22T00:00:00",
                   "events": [{"seq": i, "kind": e.kind, "payload": dict(e.payload), "created": ""}
                              for i, e in enumerate(log)]}],
    }


def import_to(client: FlaskClient, record: dict[str, Any]) -> str:
    """Bring a record in through the home page; the new table's scorer link."""
    import io

    response = client.post("/import", data={"record": (io.BytesIO(json.dumps(record).encode()), "r.json")})
    assert response.status_code == 303, response.get_data(as_text=True)[:500]
    return str(response.headers["Location"]).rstrip("/")


@pytest.mark.parametrize("slug", SLUGS)
def test_the_page_renders_at_every_step_of_a_seeded_game(slug: str, client: FlaskClient) -> None:
    from tests.conftest import soup

    setup, log = driver(slug).random_game(SEEDS[0])
    steps = sorted(set(range(0, len(log) + 1, max(1, len(log) // 40))) | {len(log)})
    for step in steps:
        url = import_to(client, record_of(slug, setup, log[:step]))
        for path in ("/g/1", "/g/1/panel", "/g/1/history"):
            response = client.get(url + path)
            assert response.status_code == 200, (step, path)
        page = soup(client.get(url + "/g/1"))
        assert page.select_one("#panel") is not None and page.select_one("#scoreboard") is not None
        for badge in page.select("a.clause"):
            label = badge["href"].split("#")[1]
            assert label in set(rulebooks.anchors(slug).values()), badge


@pytest.mark.parametrize("slug", SLUGS)
def test_export_then_import_gives_the_same_scoreboard(slug: str, client: FlaskClient) -> None:
    from tests.conftest import soup

    setup, log = driver(slug).random_game(SEEDS[1])
    url = import_to(client, record_of(slug, setup, log))
    exported = client.get(url + "/export.json").get_json()
    again = import_to(client, exported)
    boards = [soup(client.get(u + "/g/1")).select_one("#scoreboard table") for u in (url, again)]
    assert boards[0] is not None and str(boards[0]) == str(boards[1])
    assert client.get(again + "/export.json").get_json()["games"] == exported["games"]


@pytest.mark.parametrize("slug", SLUGS)
def test_a_new_game_form_offers_the_game_and_starts_it(slug: str, client: FlaskClient) -> None:
    from tests.conftest import soup

    game = game_of(slug)
    players = [f"P{i}" for i in range(game.PLAYER_COUNTS[0])]
    response = client.post("/tables", data={"player": players, "game": slug})
    new = response.headers["Location"]
    form = soup(client.get(new)).select_one("form")
    assert form is not None and form.select_one(f"input[name=game][value={slug}]") is not None
    fields: dict[str, Any] = {"game": slug}
    for o in game.OPTIONS:
        default = option_defaults([o])[o.name]
        if isinstance(default, bool):
            if default:
                fields[o.name] = "on"
        else:
            fields[o.name] = default
    choices = game.start_choices(players)
    if choices:
        fields["first_leader"] = str(choices[-1])
    started = client.post(new.replace("/new", "/games"), data=fields)
    assert started.status_code == 303, soup(started).select_one(".error")
    page = client.get(started.headers["Location"])
    assert page.status_code == 200


# --------------------------------------------------------------------------- the shared layer


ROOT = Path(__file__).resolve().parents[2]
SHARED = [*ROOT.glob("companion/*.py"), *ROOT.glob("companion/views/*.py"), *ROOT.glob("companion/rules/*.py"),
          *ROOT.glob("companion/rules/kit/*.py"), *ROOT.glob("templates/*.html"), *ROOT.glob("static/*.css"),
          *ROOT.glob("static/*.js"), *ROOT.glob("companion/book/*.py"), *ROOT.glob("templates/book/*.html")]
"""Everything outside the games' own packages, template folders and stylesheets (the
registry, companion/rules/__init__.py, names each game once: that is its one line)."""


SHARED_WORDS = {"rounds"}
"""Words shared code speaks of in its own right, which a game also took as an option's name:
a club night plays rounds (issue 33: its store, record and pages), and King's Order's option
counts the rounds of its own game."""


@pytest.mark.parametrize("slug", SLUGS)
def test_no_game_is_named_in_shared_code_or_templates(slug: str) -> None:
    game = game_of(slug)
    package = _module(slug).__name__.rsplit(".", 1)[-1]
    prefixes = {key.split(".")[0] + "." for key in game.MESSAGES if "." in key} - {"setup.", "input."}
    names = {slug, package, game.NAME, *prefixes, *(o.name for o in game.OPTIONS)} - SHARED_WORDS
    found = [(str(path.relative_to(ROOT)), name) for path in SHARED if path.name != "__init__.py" or "rules" not in path.parts[-2:]
             for name in names
             if re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", path.read_text(encoding="utf-8"))]
    assert found == []


@pytest.mark.parametrize("slug", SLUGS)
def test_a_viewer_is_told_what_is_awaited_never_the_scorers_instructions(slug: str, client: FlaskClient) -> None:
    from tests.conftest import soup

    setup, log = driver(slug).random_game(SEEDS[2])
    seen = 0
    for step in sorted(set(range(0, len(log), max(1, len(log) // 12)))):
        url = import_to(client, record_of(slug, setup, log[:step]))
        share = soup(client.get(url + "/share", base_url="http://192.168.7.21:5000"))
        viewer = share.select_one("#qr-viewer a.link")["href"].split("192.168.7.21:5000", 1)[1].rstrip("/")
        scorer_prompt = soup(client.get(url + "/g/1")).select_one("#prompt")
        prompt = soup(client.get(viewer + "/g/1")).select_one("#prompt")
        assert (prompt is None) == (scorer_prompt is None), step
        if prompt is not None:
            seen += 1
            assert prompt.get_text(" ", strip=True).startswith("Waiting for"), (step, prompt.get_text(" ", strip=True))
    assert seen


@pytest.mark.parametrize("slug", SLUGS)
def test_every_entry_in_force_has_a_correction_page(slug: str, client: FlaskClient) -> None:
    from tests.conftest import soup

    setup, log = driver(slug).random_partial(SEEDS[1])
    url = import_to(client, record_of(slug, setup, log))
    history = soup(client.get(url + "/g/1/history"))
    links = [a["href"] for a in history.select("a.correct")]
    game = game_of(slug)
    assert len(links) == len(replay(game.initial, game.apply, setup, log).effective)
    for link in links:
        page = client.get(link)
        assert page.status_code == 200, link
        assert soup(page).select_one("#correct form input[name=seq]") is not None


@pytest.mark.parametrize("slug", SLUGS)
def test_an_abandoned_game_shows_its_history_and_its_end(slug: str, client: FlaskClient) -> None:
    from companion.rules.base import ABANDON
    from tests.conftest import text

    setup, log = driver(slug).random_partial(SEEDS[0])
    url = import_to(client, record_of(slug, setup, [*log, Event(ABANDON, {})]))
    history = client.get(url + "/g/1/history")
    assert history.status_code == 200 and "Game abandoned" in text(history)
    assert "Game abandoned" in text(client.get(url + "/g/1"))


@pytest.mark.parametrize("slug", SLUGS)
def test_an_abandoning_an_undo_and_an_undone_entry_are_not_corrected(slug: str, client: FlaskClient) -> None:
    """Issue 46: only a choice in force has a correction page. An abandoning still in force,
    an undo and the entry it took back answer the usual refusal in the person's language
    (never a 500), by GET and by POST, and the log stays as it was."""
    from companion.rules.base import ABANDON
    from tests.conftest import text

    setup, log = driver(slug).random_partial(SEEDS[0])
    undone = len(log) - 1
    url = import_to(client, record_of(slug, setup, [*log, Event(UNDO, {}), Event(ABANDON, {})]))
    before = client.get(url + "/export.json").get_json()["games"]
    for lang, sentence in (("en", "There is no such page here."), ("ja", "このページは存在しません。")):
        client.set_cookie("lang", lang)
        for seq in (undone, undone + 1, undone + 2):
            for answer in (client.get(f"{url}/g/1/correct/{seq}"),
                           client.post(f"{url}/g/1/correct/{seq}", data={"seq": str(undone + 3), "kind": "x"})):
                assert answer.status_code == 404, (lang, seq, answer.status_code)
                assert sentence in text(answer), (lang, seq)
    assert client.get(url + "/export.json").get_json()["games"] == before


@pytest.mark.parametrize("slug", SLUGS)
def test_a_card_on_the_panel_is_tapped_to_correct_its_entry(slug: str, client: FlaskClient) -> None:
    """Issue 11: besides the history, the scorer corrects a card already entered in the
    current trick (or round, or turn) by tapping it where it lies; viewers cannot."""
    from tests.conftest import soup

    setup, log = driver(slug).random_game(SEEDS[0])
    tapped = 0
    for step in sorted(set(range(1, len(log), max(1, len(log) // 15)))):
        url = import_to(client, record_of(slug, setup, log[:step]))
        panel = soup(client.get(url + "/g/1")).select_one("#panel")
        for link in panel.select("a.correct-card"):
            tapped += 1
            page = client.get(link["href"])
            assert page.status_code == 200, (step, link["href"])
            assert soup(page).select_one("#correct form input[name=seq]") is not None
        share = soup(client.get(url + "/share", base_url="http://192.168.7.21:5000"))
        viewer = share.select_one("#qr-viewer a.link")["href"].split("192.168.7.21:5000", 1)[1].rstrip("/")
        assert soup(client.get(viewer + "/g/1")).select("a.correct-card") == [], step
    assert tapped, "no card on the panel could be tapped to correct it"


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("seed", SEEDS)
def test_an_outcome_kept_as_json_reads_back_the_same(slug: str, seed: int) -> None:
    """Finished games' outcomes are kept in the database as JSON (issue 13, no cliff): the
    evening computed from the kept outcomes must be the evening computed from the replays."""
    from companion import tables

    game = game_of(slug)
    setup, log = driver(slug).random_game(seed)
    outcome = game.outcome(replay(game.initial, game.apply, setup, log).state)
    data = json.loads(json.dumps(tables.outcome_data(outcome)))
    again = tables.outcome_from_data(data)
    assert again == outcome
    players = len(setup["players"])
    assert game.evening([again, again], players) == game.evening([outcome, outcome], players)


# --------------------------------------------------------------------------- mistyped options and counts


HUGE_TEXT = "X" * 20_000
"""Long, yet inside the API's 64 KB request limit, so the judge itself must refuse it."""


def mistyped_values(option: Any) -> list[Any]:
    """Values of the wrong kind for `option` (issue 29): each must be refused, never crash."""
    from companion.rules.contract import BoolOption, NumberOption, SuitSetOption

    values: list[Any] = [[[3, 0, 0]], {}, {"a": [1]}, None, 1.5, HUGE_TEXT, "", "①"]
    if not isinstance(option, SuitSetOption):
        values += [[], ["H"]]
    if not isinstance(option, BoolOption):
        values += [True, False]
    if not isinstance(option, NumberOption):
        values += [0, 3, -1]
    else:
        values += [-(10**30), 10**30, option.maximum + 1, option.minimum - 1, "3"]
    if isinstance(option, SuitSetOption):
        values += [[None], [{}], [["H"]], [HUGE_TEXT], ["Z"], "HD"]
    return values


@pytest.mark.parametrize("slug", SLUGS)
def test_every_option_check_refuses_every_mistyped_value(slug: str) -> None:
    for option in game_of(slug).OPTIONS:
        for value in mistyped_values(option) + [10**5000]:
            with pytest.raises(RuleError) as refused:
                option.check(value)
            ruling = refused.value.ruling
            assert ruling.key in base_keys(), ruling.key
            # What the message repeats of the value is short, and printable (10**5000 is not).
            assert all(isinstance(p, str) and len(p) < 200 or isinstance(p, int) and abs(p) < 10**9
                       for p in ruling.params.values()), (option.name, type(value))


def judge_requests(slug: str) -> list[dict[str, Any]]:
    """Requests that reach the judge's option checks: the quick judge's request, and each ask
    the game answers with the same fields and a short evening's games."""
    request, _shown = game_of(slug).quick_judge_request({k: [v] for k, v in driver(slug).judge_fields(1).items()})
    assert request is not None
    with pytest.raises(RuleError) as refused:
        game_of(slug).judge({"ask": "no such question"})
    asks = str(refused.value.ruling.params["known"]).split(", ")
    evening = {"games": [[3, 0, 0], [0, 5, 0]]}
    return [request] + [{**request, **evening, "ask": ask} for ask in asks]


@pytest.mark.parametrize("slug", SLUGS)
def test_mistyped_options_get_a_message_from_the_api_and_the_cli(slug: str, client: FlaskClient) -> None:
    """Issue 29: an option given as a list or an object crashed the shared check (500, and a
    traceback that stopped `companion judge` reading). Each is answered, the CLI goes on."""
    import io

    from companion import cli

    lines: list[str] = []
    for base in judge_requests(slug):
        for option in game_of(slug).OPTIONS:
            for value in mistyped_values(option):
                for request in ({**base, "options": {option.name: value}}, {**base, option.name: value}):
                    lines.append(json.dumps(request))
    for line in lines[:: max(1, len(lines) // 60)]:
        response = client.post(f"/api/judge/{slug}", data=line, content_type="application/json")
        assert response.status_code in (200, 422), line[:200]
        assert response.get_json(), line[:200]
    lines.append(json.dumps(judge_requests(slug)[0]))
    out = io.StringIO()
    cli.judge_lines(slug, "ja", io.StringIO("\n".join(lines) + "\n"), out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert len(answers) == len(lines)
    assert all(answer.get("error") or "error" not in answer for answer in answers)
    assert "error" not in answers[-1], answers[-1]


class ReadFields(dict[str, Any]):
    """Form fields that note every name the game reads from them."""

    def __init__(self, fields: dict[str, Any], read: set[str]) -> None:
        super().__init__(fields)
        self.read = read

    def get(self, name: str, default: Any = None) -> Any:  # type: ignore[override]
        self.read.add(name)
        return super().get(name, default)

    def __contains__(self, name: object) -> bool:
        self.read.add(str(name))
        return super().__contains__(name)

    def __getitem__(self, name: str) -> Any:
        self.read.add(name)
        return super().__getitem__(name)


def quick_judge_fields(slug: str) -> tuple[dict[str, str], set[str]]:
    """A seeded quick judge's fields, and every field name the game's quick judge reads."""
    fields = driver(slug).judge_fields(1)
    read: set[str] = set(fields)
    for given in ({}, fields, {name: "1" for name in fields}):
        game_of(slug).quick_judge_request(ReadFields({k: [v] for k, v in given.items()}, read))
    return fields, read


@pytest.mark.parametrize("slug", SLUGS)
def test_the_quick_judge_page_takes_any_count_without_a_500(slug: str, client: FlaskClient) -> None:
    """Issue 29: "①" passes str.isdigit but not int(), 5,000 digits are past int()'s limit."""
    fields, read = quick_judge_fields(slug)
    assert read
    for name in sorted(read):
        for value in ("①", "9" * 5000, "-1", ""):
            for given in ({**fields, name: value}, {name: value}):
                response = client.get(f"/judge/{slug}", query_string=given)
                assert response.status_code == 200, (name, value[:10], response.status_code)
