"""Whole evenings through the browser: one table of four, every game in a row, on a 360x640 phone.

A seeded evening (Japanese on even seeds, English on odd ones) seats Aki, Ben, Cho and Dai,
then plays all nine games one after the other through "Next game" (the new-game page),
switching kind each time and choosing options that are not the defaults, with one extra
game abandoned part-way, a wrong card put right from the history page, undos (the seeded
logs hold several), a reload, and a second phone (another browser context) on the viewer
link. The last game is King's Order of one round, whose series ends with it; a tenth King's
Order game follows, and must start a new series.

The cards are legal because each game's log comes from that game's seeded driver
(tests/games/<game>/driver.py: the engine's own deck, dealt to four) and its setup is what
the kit chooses on the new-game form. Every entry is tapped in (tests/kit/taps.py).

After every entry the page is read and held against the kit's own account of the evening
(each game replayed with companion.rules, series cut where the kind changes or a series
has ended): the strip (#standings) shows the totals of the viewed game's series, the prompt
names the player the engine waits for, a "Game N is under way" banner appears only for a
game under way, the scoreboard keeps one block per series with "(playing)" only beside a
game under way, and the rules line of the game is the one it started with. At each game's
end the scores shown equal the engine's replay of the exported record (export.json).

A check that fails is written down and the evening goes on; the list is the result.
Run many seeds with `python -m tests.browser.evening --seeds 20`.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from playwright.sync_api import Browser, BrowserContext, Page
from playwright.sync_api import Error as PlaywrightError

from companion import rules
from companion.rules.base import ABANDON, CORRECT, UNDO, Event, replay
from companion.rules.contract import Outcome, applicable, option_defaults, read_options
from tests.kit import taps
from tests.kit.browser import SMALL_PHONE

NAMES = ("Aki", "Ben", "Cho", "Dai")
LAST = "kings-order"
"""The last kind: one round makes a series that ends with its game."""
CORRECTED = "hyper-maker"
"""The game in which a wrong card goes in and is put right from the history page."""
TIMEOUT = 8000


# --------------------------------------------------------------------------- legal games


def _played_out(package: str) -> Callable[[int], tuple[dict[str, Any], list[Event]]]:
    """A legal four-player game from a game's seeded random test (its new_game and play_out)."""

    def game_of(seed: int) -> tuple[dict[str, Any], list[Event]]:
        import importlib

        r = importlib.import_module(f"tests.games.{package}.test_random")
        game = r.new_game(4, seed)
        r.play_out(game)
        return game.setup, list(game.log)

    return game_of


def _twin_shoot(seed: int) -> tuple[dict[str, Any], list[Event]]:
    from tests.games.twin_shoot import test_random as r

    game = r.play_game(4, seed)
    return game.setup, list(game.log)


def _black_junky(seed: int) -> tuple[dict[str, Any], list[Event]]:
    from tests.games.black_junky import driver as d

    sim = d.new_sim(seed, 4)
    d.play_out(sim)
    return sim.setup, page_order("black-junky", sim.setup, list(sim.log), ("reveal",))


def asked(state: Any, event: Event) -> bool:
    """Whether `event` is the entry the page asks for now: the expected seat's (a reveal, a
    hand), or who got the share card the page names (Take & Share's hand-out)."""
    if event.kind == "give":
        return bool(state.handout.left[0].code == event.payload["card"])
    return bool(event.payload.get("seat") == getattr(state, "expected_seat", None))


def page_order(slug: str, setup: dict[str, Any], log: list[Event], kinds: tuple[str, ...]) -> list[Event]:
    """The log without its undos and with each run of `kinds` entries (reveals, hands) in the
    order the page asks for them: the engine's expected seat first (the driver takes them in
    any order, which the engine allows, but the page offers one seat at a time). A Take &
    Share hand-out is asked card by card in the order the share lies, its last card given by
    the engine: where the page asks for the card the driver left to the engine, the kit names
    who got it, and the driver's give the engine then makes is not entered."""
    module = rules.GAMES[slug]
    kept = [log[p] for p in replay(module.initial, module.apply, setup, log).effective]
    state = module.initial(setup)
    out: list[Event] = []
    i = 0
    while i < len(kept):
        run = [kept[i]]
        if kept[i].kind in kinds:
            while i + len(run) < len(kept) and kept[i + len(run)].kind == kept[i].kind:
                run.append(kept[i + len(run)])
        i += len(run)
        while run:
            event = next((e for e in run if asked(state, e)), None)
            if event is None and run[0].kind == "give":
                event = forced_give(state, run)
            else:
                event = event or run[0]
                run.remove(event)
            state = module.apply(state, event)
            out.append(event)
            if event.kind == "give" and state.handout is None:
                break  # the hand-out's last card was given by the engine: the run's rest is not asked
    return out


def forced_give(state: Any, run: list[Event]) -> Event:
    """Take & Share's hand-out when the page asks who got the card the driver left to the
    engine (the last card of a hand-out needs no entry, so the driver names all but one): that
    card went to the one waiting seat the driver's gives do not name."""
    named = {e.payload["seat"] for e in run}
    seat = next(s for s in state.handout.waiting if s not in named)
    return Event("give", {"seat": seat, "card": state.handout.left[0].code})


def _kings_order(seed: int) -> tuple[dict[str, Any], list[Event]]:
    from tests.games.kings_order import driver as d

    table = d.new_table(seed, 4)
    table.composite_rate = 1.0  # the page enters each turn whole, in one form
    d.play_out(table)
    return table.setup, list(table.log)


def _saizen(seed: int) -> tuple[dict[str, Any], list[Event]]:
    from tests.games.saizen import driver as d

    game = d.play_out(d.new_game(seed, 4))
    return game.setup, list(game.log)


def _take_and_share(seed: int) -> tuple[dict[str, Any], list[Event]]:
    from tests.games.take_and_share import driver as d

    table = d.simulate(seed, players=4, target="10")  # a short long game
    return table.setup, page_order("take-and-share", table.setup, list(table.events), ("give",))


def _tateyoko(seed: int) -> tuple[dict[str, Any], list[Event]]:
    from tests.games.tateyoko import driver as d

    run = d.play(seed, players=4, scores_only=False)
    run.table.setup["options"]["match_limit"] = -10  # a short match
    return run.table.setup, page_order("tateyoko", run.table.setup, list(run.log), ("hand",))


DRIVERS: dict[str, Callable[[int], tuple[dict[str, Any], list[Event]]]] = {
    "hyper-maker": _played_out("hyper_maker"), "kings-trick": _played_out("kings_trick"),
    "master-of-rules": _played_out("master_of_rules"),
    "twin-shoot": _twin_shoot, "black-junky": _black_junky, "kings-order": _kings_order, "saizen": _saizen,
    "take-and-share": _take_and_share, "tateyoko": _tateyoko,
}


@dataclass
class Planned:
    """One game of the evening: its kind, the setup chosen on the form, the entries to tap."""

    slug: str
    setup: dict[str, Any]
    events: list[Event]
    abandon_after: int | None = None


def plan(slug: str, seed: int, options: dict[str, Any] | None = None) -> Planned:
    """A legal game of `slug` for four whose setup differs from the form's defaults."""
    module = rules.GAMES[slug]
    choices = module.start_choices(list(NAMES))
    defaults = option_defaults(module.OPTIONS)
    for attempt in range(200):
        setup, log = DRIVERS[slug](seed * 1000 + attempt)
        chosen = read_options(module.OPTIONS, {**setup.get("options", {}), **(options or {})})
        # An option that cannot apply to four is not on the form (ignored if sent): at its default.
        chosen.update(option_defaults([o for o in module.OPTIONS if o not in applicable(module.OPTIONS, len(NAMES))]))
        setup = {**setup, "players": list(NAMES), "options": chosen}
        if choices and setup.get("first_leader") == choices[0]:
            continue
        if module.OPTIONS and chosen == defaults and options is None:
            continue
        try:
            state = replay(module.initial, module.apply, setup, log).state
        except Exception:  # noqa: BLE001 - an option changed here may not suit this log: the next seed
            continue
        if state.is_over:
            return Planned(slug, setup, log)
    raise AssertionError(f"no legal non-default {slug} game for seed {seed}")


def evening_plan(seed: int) -> list[Planned]:
    """The games of the evening in order: eight kinds shuffled by seed, King's Order of one
    round, then King's Order again; one extra game abandoned part-way somewhere before."""
    rng = random.Random(seed)
    kinds = [s for s in rules.GAMES if s != LAST]
    rng.shuffle(kinds)
    games = [plan(slug, seed) for slug in kinds]
    games.append(plan(LAST, seed, {"rounds": "1"}))
    games.append(plan(LAST, seed + 1, {"rounds": "3"}))
    at = rng.randrange(1, len(kinds))
    spare = next(s for s in rng.sample(kinds, len(kinds)) if s not in (kinds[at - 1], kinds[at]))
    stopped = plan(spare, seed + 2)
    stopped.abandon_after = rng.randint(3, 6)
    games.insert(at, stopped)
    return games


# --------------------------------------------------------------------------- the kit's own account


@dataclass
class Played:
    """A game as the kit entered it: its setup and the log as the store holds it."""

    slug: str
    setup: dict[str, Any]
    log: list[Event] = field(default_factory=list)

    @property
    def module(self) -> Any:
        return rules.GAMES[self.slug]

    remembered: tuple[int, Any] | None = None

    def replayed(self) -> Any:
        """The log replayed (remembered until the log grows)."""
        if self.remembered is None or self.remembered[0] != len(self.log):
            self.remembered = (len(self.log), replay(self.module.initial, self.module.apply, self.setup, self.log))
        return self.remembered[1]

    @property
    def abandoned(self) -> bool:
        return self.replayed().abandoned is not None

    def outcome(self) -> Outcome:
        return self.module.outcome(self.replayed().state)  # type: ignore[no-any-return]

    @property
    def under_way(self) -> bool:
        return not self.abandoned and not self.replayed().state.is_over


def series_of(games: list[Played]) -> list[list[int]]:
    """Game numbers grouped in series: a new series where the kind changes, or where the
    series before has ended by its game's own rule (ARCHITECTURE: an evening is a run of series)."""
    groups: list[list[int]] = []
    for number, game in enumerate(games, start=1):
        if groups:
            last = groups[-1]
            same = games[last[0] - 1].slug == game.slug
            if same and not evening(games, last).over:
                last.append(number)
                continue
        groups.append([number])
    return groups


def evening(games: list[Played], numbers: list[int]) -> Any:
    module = games[numbers[0] - 1].module
    return module.evening([games[n - 1].outcome() for n in numbers if not games[n - 1].abandoned], len(NAMES))


# --------------------------------------------------------------------------- reading the page

READ_JS = """() => {
  const text = e => e ? e.textContent.replace(/\\s+/g, ' ').trim() : null;
  const strip = [...document.querySelectorAll('#standings span')].map(s => [text(s.childNodes[0]), text(s.querySelector('b'))]);
  const series = [...document.querySelectorAll('#scoreboard .series')].map(s => ({
    index: parseInt(s.id.replace('series-', '')),
    rows: [...s.querySelectorAll('tbody tr:not(.earlier)')].map(tr => ({
      number: parseInt(text(tr.querySelector('th'))),
      playing: !tr.classList.contains('abandoned') && !!tr.querySelector('th small'),
      abandoned: tr.classList.contains('abandoned'),
      points: [...tr.querySelectorAll('td')].map(td => parseInt(text(td)))})),
    totals: [...s.querySelectorAll('tfoot td')].map(td => parseInt(text(td))),
    rules: [...s.querySelectorAll('p.rules-in-force')].map(text)}));
  const underWay = [...document.querySelectorAll('#panel p.notice a, #under-way a')].map(a => a.getAttribute('href'));
  return {strip, series, underWay, prompt: text(document.querySelector('#prompt')),
          underWayText: [...document.querySelectorAll('#panel p.notice, #under-way')].map(text)};
}"""


class Evening:
    """One seeded evening at one table, and every failed check with where it failed."""

    def __init__(self, browser: Browser, base: str, seed: int, log: Callable[[str], None] = lambda _: None) -> None:
        self.browser, self.base, self.seed, self.say = browser, base, seed, log
        self.lang = "ja" if seed % 2 == 0 else "en"
        self.games: list[Played] = []
        self.failures: list[str] = []
        self.seen: set[tuple[str, int]] = set()
        self.how: dict[str, int] = {"tap": 0, "form": 0}
        self.token = ""
        self.viewer: Page | None = None
        self.viewer_on = 0
        self.rules_line: dict[int, str] = {}
        self.where = ""

    # ------------------------------------------------------------------ bookkeeping

    def fail(self, check: str, detail: str, about: int | None = None) -> None:
        """Write a failed check down once per check and game (the game on screen, or `about`)."""
        key = (check, len(self.games) if about is None else about)
        if key not in self.seen:
            self.seen.add(key)
            self.failures.append(f"seed {self.seed} {self.where}: {check}: {detail}")
            self.say(self.failures[-1])

    def context(self) -> BrowserContext:
        locale = "ja-JP" if self.lang == "ja" else "en-US"
        context = self.browser.new_context(viewport=SMALL_PHONE, locale=locale, has_touch=True, is_mobile=True)
        context.set_default_timeout(TIMEOUT)
        return context

    # ------------------------------------------------------------------ the evening

    def run(self) -> list[str]:
        scorer = self.context()
        page = scorer.new_page()
        viewer = self.context()
        try:
            self.seat(page)
            games = evening_plan(self.seed)
            for index, planned in enumerate(games):
                self.start(page, planned, first=index == 0)
                if index == 0:
                    self.open_viewer(page, viewer)
                self.play(page, planned, reload_at=len(planned.events) // 3 if index == 1 else None)
                self.after_game(page, last=index == len(games) - 1)
        finally:
            scorer.close()
            viewer.close()
        return self.failures

    def seat(self, page: Page) -> None:
        """Seat the four at a table whose first game is then chosen on the next-game form, as
        every later game is. (The home page's seating form starts a game at once; it is walked
        tap by tap in tests/browser/test_sitting_down.py.)"""
        self.where = "home"
        page.goto(self.base + "/")
        token = page.locator("input[name=csrf_token]").first.input_value()
        seated = page.request.post(self.base + "/tables", data=urlencode(
            [("csrf_token", token), ("game", LAST), *(("player", name) for name in NAMES)]),
            headers={"Content-Type": "application/x-www-form-urlencoded"})
        assert seated.ok and re.search(r"/t/[^/]+/new", seated.url), seated.url
        page.goto(seated.url)
        self.token = page.url.split("/t/")[1].split("/")[0]

    def start(self, page: Page, planned: Planned, first: bool) -> None:
        """On the new-game page: tick the game, check the form is that game's, choose, start."""
        number = len(self.games) + 1
        module = rules.GAMES[planned.slug]
        self.where = f"game {number} ({planned.slug}) setup"
        if not first:
            self.check_new_game_page(page)
        page.check(f"input[name=game][value={planned.slug}]")
        if not self.form_is_for(page, module, wait=True):
            self.fail("new-game form keeps the last game's options",
                      f"after ticking {planned.slug} the form shows {self.form_names(page)}")
            page.goto(f"{self.base}/t/{self.token}/new?game={planned.slug}")  # as without JavaScript
            if not self.form_is_for(page, module, wait=False):
                self.fail("new-game page without JavaScript shows another game's form",
                          f"{planned.slug}: {self.form_names(page)}")
        shown = self.form_values(page, module)
        defaults = option_defaults(module.OPTIONS)
        if shown != defaults and not first:
            self.fail("new-game form's options are not the chosen game's defaults",
                      f"{planned.slug}: shown {shown}, defaults {defaults}")
        self.choose(page, module, planned.setup)
        page.click("form[action$='/games'] button.primary[type=submit]")
        page.wait_for_url(re.compile(rf"/g/{number}$"))
        self.games.append(Played(planned.slug, planned.setup))
        self.where = f"game {number} ({planned.slug}) start"
        record = self.export(page)
        if record is not None:
            got = record["games"][-1]["setup"]
            if read_options(module.OPTIONS, got.get("options", {})) != planned.setup["options"]:
                self.fail("options in force are not those chosen",
                          f"chose {planned.setup['options']}, the record says {got.get('options')}")
            if got.get("first_leader") != planned.setup.get("first_leader"):
                self.fail("first leader is not the one chosen",
                          f"chose {planned.setup.get('first_leader')}, the record says {got.get('first_leader')}")
            self.games[-1].setup = {**planned.setup, **{k: v for k, v in got.items() if k not in ("options",)},
                                    "options": read_options(module.OPTIONS, got.get("options", {}))}
        self.check_page(page)
        lines = self.read(page)["series"]
        self.rules_line[number] = lines[-1]["rules"][-1] if lines and lines[-1]["rules"] else ""

    def form_names(self, page: Page) -> list[str]:
        """The option fields the new-game form shows (of any game)."""
        every = {o.name for m in rules.GAMES.values() for o in m.OPTIONS}
        names: list[str] = page.evaluate("""() => [...new Set([...document.querySelectorAll(
            "form[action$='/games'] input")].map(i => i.name))]""")
        return [n for n in names if n in every]

    def form_is_for(self, page: Page, module: Any, wait: bool) -> bool:
        wanted = sorted(o.name for o in applicable(module.OPTIONS, len(NAMES)))
        deadline = time.monotonic() + (2.0 if wait else 0.0)
        while True:
            if sorted(self.form_names(page)) == wanted:
                return True
            if time.monotonic() >= deadline:
                return False
            page.wait_for_timeout(100)

    def form_values(self, page: Page, module: Any) -> dict[str, Any]:
        fields: dict[str, list[str]] = page.evaluate("""() => {
            const out = {};
            for (const i of document.querySelectorAll("form[action$='/games'] input")) {
              if ((i.type === 'radio' || i.type === 'checkbox') && !i.checked) continue;
              (out[i.name] = out[i.name] || []).push(i.value);
            }
            return out; }""")
        from companion.rules.contract import options_from_form

        try:
            return read_options(module.OPTIONS, options_from_form(module.OPTIONS, fields))
        except Exception as exc:  # noqa: BLE001 - a form whose values its own game refuses
            return {"unreadable": str(exc)}

    def choose(self, page: Page, module: Any, setup: dict[str, Any]) -> None:
        """The start player and every option, as chosen, set on the form."""
        if setup.get("first_leader") is not None and module.start_choices(list(NAMES)):
            page.check(f"input[name=first_leader][value='{setup['first_leader']}']")
        for option in module.OPTIONS:
            value = setup["options"][option.name]
            page.evaluate("""([name, value, kind]) => {
              const form = document.querySelector("form[action$='/games']");
              const inputs = [...form.querySelectorAll(`input[name="${name}"]`)];
              for (const i of inputs) {
                if (kind === 'bool') i.checked = value;
                else if (kind === 'suits') i.checked = value.includes(i.value);
                else if (i.type === 'radio') i.checked = i.value === String(value);
                else i.value = String(value);
                i.dispatchEvent(new Event('change', {bubbles: true}));
              }}""", [option.name, value, type(option).__name__.removesuffix("Option").lower().replace("suitset", "suits")])

    def open_viewer(self, page: Page, viewer: BrowserContext) -> None:
        """The second phone: the viewer link from the invite page, opened in its own context."""
        page.goto(f"{self.base}/t/{self.token}/share")
        link = page.locator("#qr-viewer a.link")
        if link.count() == 0:
            self.fail("invite page offers no viewer link", page.url)
            page.goto(f"{self.base}/t/{self.token}/g/1")
            return
        self.viewer = viewer.new_page()
        self.viewer.goto(link.inner_text())
        self.viewer.wait_for_url(re.compile(r"/g/1$"))
        self.viewer_on = 1
        page.goto(f"{self.base}/t/{self.token}/g/1")

    def play(self, page: Page, planned: Planned, reload_at: int | None) -> None:
        number = len(self.games)
        game = self.games[-1]
        wrong_at = len(planned.events) // 2 if planned.slug == CORRECTED else None
        for i, event in enumerate(planned.events):
            self.where = f"game {number} ({planned.slug}) entry {i + 1}/{len(planned.events)}"
            if planned.abandon_after is not None and i == planned.abandon_after:
                self.abandon(page)
                return
            if i == reload_at:
                prompt = self.read(page)["prompt"]
                page.reload()
                if self.read(page)["prompt"] != prompt:
                    self.fail("a reload changes the prompt", f"{prompt!r} -> {self.read(page)['prompt']!r}")
            if i == wrong_at and event.kind == "play":
                self.wrong_then_correct(page, game, event)
            else:
                self.how[taps.enter(page, planned.slug, event)] += 1
                game.log.append(event)
                self.wait_for(page, len(game.log))
            self.check_page(page)
            if i == 1 and number > 1:
                self.check_viewer()

    def wait_for(self, page: Page, seq: int) -> None:
        try:
            page.wait_for_selector(f"#panel input[name=seq][value='{seq}']", state="attached")
        except Exception:  # noqa: BLE001
            error = page.locator("#panel .error, #panel [role=alert]").all_inner_texts()
            raise AssertionError(f"seed {self.seed} {self.where}: entry {seq} not taken: {error}") from None

    def abandon(self, page: Page) -> None:
        game = self.games[-1]
        page.click("#abandon summary")
        page.click("#abandon button[type=submit]")
        game.log.append(Event(ABANDON, {}))
        self.wait_for(page, len(game.log))
        self.check_page(page)

    def wrong_then_correct(self, page: Page, game: Played, event: Event) -> None:
        """A wrong card tapped in, then put right from the history page's Correct link."""
        module = game.module
        wrong = wrong_card(module, game.replayed().state, game.log, event)
        self.how[taps.enter(page, game.slug, wrong)] += 1
        game.log.append(wrong)
        self.wait_for(page, len(game.log))
        seq = len(game.log) - 1
        page.click("#panel .actions a[href$='/history']")
        page.click(f".history a.correct[href$='/correct/{seq}']")
        card = module.parse_card(str(event.payload["card"]))
        page.click(f"#correct label[for=pair-{card.pair}]")
        page.click(f"#correct button[name=card][value={card.code}]")
        page.wait_for_url(re.compile(r"/g/\d+\?corrected="))
        game.log.append(Event(CORRECT, {"seq": seq, "payload": dict(event.payload)}))
        page.goto(f"{self.base}/t/{self.token}/g/{len(self.games)}/history")
        if page.locator(".history > li.replaced").count() != 1:
            self.fail("history does not mark the corrected entry", page.url)
        page.go_back()
        self.wait_for(page, len(game.log))

    def after_game(self, page: Page, last: bool = False) -> None:
        """At a game's end: the scoreboard against the exported record; the history; the
        viewer; the full scoreboard (one line per series, the latest series whole; after the
        evening's last game, every series through its line)."""
        number = len(self.games)
        game = self.games[-1]
        self.where = f"game {number} ({game.slug}) end"
        record = self.export(page)
        if record is not None:
            self.check_record(page, record)
        undone = sum(1 for e in game.log if e.kind == UNDO)
        if undone:
            page.goto(f"{self.base}/t/{self.token}/g/{number}/history")
            shown = page.locator(".history > li.undone").count()
            if shown != undone:
                self.fail("history marks another number of entries undone", f"{shown}, the log undoes {undone}")
            page.goto(f"{self.base}/t/{self.token}/g/{number}")
        self.check_page(page)
        self.check_viewer()
        page.goto(f"{self.base}/t/{self.token}/scoreboard")
        self.where = f"game {number} ({game.slug}) end, the full scoreboard"
        groups = series_of(self.games)
        shown = self.read(page)["series"]
        lines = page.locator("#evening a.series-link")
        hrefs = [lines.nth(i).get_attribute("href") or "" for i in range(lines.count())]
        if len(hrefs) != len(groups):
            self.fail("the full scoreboard's lines are not one per series", f"{len(hrefs)} lines, {len(groups)} series")
        if [s["index"] for s in shown] != [len(groups)]:
            self.fail("the full scoreboard does not open on the series under way",
                      f"shows series {[s['index'] for s in shown]} of {len(groups)}")
        self.check_scoreboard(shown, groups)
        if last:
            every = []
            for href in hrefs:
                page.goto(self.base + href)
                every += self.read(page)["series"]
            self.check_scoreboard(every, groups, whole=True)
        page.goto(f"{self.base}/t/{self.token}/new")

    def export(self, page: Page) -> dict[str, Any] | None:
        url = f"{self.base}/t/{self.token}/export.json"
        try:
            response = page.request.get(url)
        except PlaywrightError as lost:
            # The kit's own request context keeps its connection between exports, a game
            # apart; the server closes a connection silent for 20 s, and a request that
            # meets that close is reset. A browser sends such a GET again on a new
            # connection; so does the kit, once.
            if "ECONNRESET" not in str(lost):
                raise
            response = page.request.get(url)
        if not response.ok:
            self.fail("export.json refused", str(response.status))
            return None
        return json.loads(response.text())  # type: ignore[no-any-return]

    def check_record(self, page: Page, record: dict[str, Any]) -> None:
        """The scores shown equal the engine's replay of the exported record."""
        shown = {row["number"]: row["points"] for s in self.read(page)["series"] for row in s["rows"]}
        for number, detail in record_differences(shown, record):
            self.fail("scores shown differ from the replay of the exported record", detail, -number)
        for number, entry in enumerate(record["games"], start=1):
            if number <= len(self.games):
                mine = self.games[number - 1].outcome()
                theirs = replayed_outcome(entry)
                if (mine.points, mine.over) != (theirs.points, theirs.over):
                    self.fail("the exported record replays to another result than what was entered",
                              f"game {number}: {theirs.points} (over: {theirs.over}) vs {mine.points} "
                              f"(over: {mine.over})", -number)

    # ------------------------------------------------------------------ the checks after every entry

    def read(self, page: Page) -> dict[str, Any]:
        return page.evaluate(READ_JS)  # type: ignore[no-any-return]

    def check_page(self, page: Page, viewed: int | None = None) -> None:
        """The strip, the prompt, the banners and the scoreboard describe the game on screen."""
        viewed = viewed or len(self.games)
        where = self.where
        if page is self.viewer:
            self.where = f"{where}, the viewer on game {viewed}"
        try:
            self.look(page, viewed)
        finally:
            self.where = where

    def look(self, page: Page, viewed: int) -> None:
        shown = self.read(page)
        groups = series_of(self.games)
        # The strip: the totals of the series the viewed game belongs to.
        group = next(g for g in groups if viewed in g)
        totals = evening(self.games, group).totals
        want = sorted(zip(NAMES, [str(t) for t in totals]))
        if sorted(tuple(p) for p in shown["strip"]) != want:
            self.fail("the strip shows another game's standings",
                      f"game {viewed}: shows {shown['strip']}, its series {group} totals {list(totals)}")
        # The prompt names the player the engine waits for.
        state = self.games[viewed - 1].replayed().state
        seat = getattr(state, "expected_seat", None)
        if not state.is_over and not self.games[viewed - 1].abandoned and isinstance(seat, int) \
                and (shown["prompt"] is None or NAMES[seat] not in shown["prompt"]):
            self.fail("the prompt does not name the player to enter", f"{shown['prompt']!r}, expected {NAMES[seat]}")
        # "Game N is under way" only for the latest game, and only while it is.
        latest = len(self.games)
        for href in shown["underWay"]:
            n = int(href.rsplit("/", 1)[-1]) if href.rsplit("/", 1)[-1].isdigit() else 0
            if n and not self.games[n - 1].under_way:
                self.fail("a banner says a game is under way that is not",
                          f"game {n} {'abandoned' if self.games[n - 1].abandoned else 'over'}: {shown['underWayText']}")
        if viewed < latest and self.games[latest - 1].under_way and \
                not any(h.endswith(f"/g/{latest}") for h in shown["underWay"]):
            self.fail("no banner for the game under way", f"viewing game {viewed}, game {latest} is under way")
        self.check_scoreboard(shown["series"], groups)
        line = self.rules_line.get(viewed)
        if line is not None and shown["series"]:
            lines = [r for s in shown["series"] for r in s["rules"]]
            if line and line not in lines:
                self.fail("the rules line of the game changed", f"{line!r} not in {lines}")

    def check_scoreboard(self, shown: list[dict[str, Any]], groups: list[list[int]], whole: bool = False) -> None:
        """One block per series; each game's row with its points, "(playing)" only while under way."""
        blocks = [[row["number"] for row in s["rows"]] for s in shown]
        indices = [s["index"] for s in shown]
        if whole and blocks != groups or not whole and [groups[i - 1] if 0 < i <= len(groups) else None
                                                        for i in indices] != blocks:
            self.fail("the scoreboard's series are not one per run of one kind",
                      f"shows {blocks} as series {indices}, expected {groups}")
            return
        for s in shown:
            for row in s["rows"]:
                n = row["number"]
                if not 1 <= n <= len(self.games):
                    continue
                game = self.games[n - 1]
                if row["playing"] != game.under_way:
                    self.fail("a scoreboard row's (playing) mark is wrong",
                              f"game {n} {'shown playing' if row['playing'] else 'not shown playing'}, "
                              f"{'abandoned' if game.abandoned else 'over' if not game.under_way else 'under way'}")
                if row["abandoned"] != game.abandoned:
                    self.fail("a scoreboard row's abandoned mark is wrong", f"game {n}")
                if row["points"] != list(game.outcome().points):
                    self.fail("a scoreboard row's points differ from the engine's",
                              f"game {n}: {row['points']} vs {list(game.outcome().points)}")
        for s in shown:
            group = groups[s["index"] - 1]
            want = list(evening(self.games, group).totals)
            if s["totals"] != want:
                self.fail("a series' totals differ from its evening rule", f"series {group}: {s['totals']} vs {want}")

    def check_new_game_page(self, page: Page) -> None:
        """The new-game page: "still under way" only when the last game is; its scoreboard right."""
        shown = self.read(page)
        last = len(self.games)
        says = page.locator("#under-way").count() > 0
        if says != self.games[-1].under_way:
            self.fail("the new-game page's under-way notice is wrong",
                      f"game {last} is {'under way' if self.games[-1].under_way else 'abandoned' if self.games[-1].abandoned else 'over'}"
                      f", the notice {'shows' if says else 'is missing'}: {shown['underWayText']}")
        self.check_scoreboard(shown["series"], series_of(self.games))

    def check_viewer(self) -> None:
        """The second phone, still on the game it opened: live news of the table, right."""
        if self.viewer is None:
            return
        viewer, on = self.viewer, self.viewer_on
        latest = len(self.games)
        if on < latest:
            try:  # the live stream tells it within a second or so
                viewer.wait_for_selector(f"#panel p.notice a[href$='/g/{latest}']", state="attached", timeout=4000)
            except Exception:  # noqa: BLE001
                if self.games[latest - 1].under_way:
                    self.fail("the viewer is not told of the new game", f"on game {on}, game {latest} under way")
        else:
            viewer.wait_for_timeout(300)
        self.check_page(viewer, viewed=on)
        if on < latest:
            viewer.goto(viewer.url.rsplit("/g/", 1)[0] + f"/g/{latest}")
            self.viewer_on = latest
            self.check_page(viewer, viewed=latest)


def wrong_card(module: Any, state: Any, log: list[Event], event: Event) -> Event:
    """A card the engine would take in place of `event` (a play) that is not its card and
    was not entered before in `log`: a wrong tap the table then corrects."""
    used = {str(e.payload.get("card")) for e in log}
    for card in module.DECK:
        if card.code == event.payload["card"] or card.code in used:
            continue
        wrong = Event("play", {**event.payload, "card": card.code})
        try:
            module.apply(state, wrong)
        except Exception:  # noqa: BLE001 - not a card this player could have played
            continue
        return wrong
    raise AssertionError(f"no wrong card the engine would take for {event}")


def replayed_outcome(entry: dict[str, Any]) -> Outcome:
    """The outcome of one game of an exported record (export.json), replayed by its engine."""
    module = rules.GAMES[entry["kind"]]
    log = [Event(e["kind"], e["payload"]) for e in entry["events"]]
    return module.outcome(replay(module.initial, module.apply, entry["setup"], log).state)  # type: ignore[no-any-return]


def record_differences(shown: dict[int, list[int]], record: dict[str, Any]) -> list[tuple[int, str]]:
    """Each game whose points shown on the scoreboard (`shown`: game number to the points of
    its row, READ_JS's series rows) differ from its engine's replay of the exported record."""
    found = []
    for number, entry in enumerate(record["games"], start=1):
        points = list(replayed_outcome(entry).points)
        if number in shown and shown[number] != points:
            found.append((number, f"game {number}: shown {shown[number]}, replayed {points}"))
    return found


def run_seed(browser: Browser, base: str, seed: int, log: Callable[[str], None] = lambda _: None) -> Evening:
    evening = Evening(browser, base, seed, log)
    evening.run()
    return evening


def main(argv: list[str] | None = None) -> int:
    """Many seeded evenings, each on a fresh database; prints every failed check."""
    import shutil
    import tempfile
    from pathlib import Path

    from playwright.sync_api import sync_playwright

    from companion.app import create_app
    from companion.server import served_in_thread
    from tests.kit.browser import CHROMIUM, CHROMIUM_ARGS

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=20, help="how many evenings (seeds first, first+1...)")
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    args = parser.parse_args(argv)
    assert shutil.which(CHROMIUM), f"{CHROMIUM} is missing"
    failures: list[str] = []
    with sync_playwright() as p, tempfile.TemporaryDirectory() as tmp:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for seed in range(args.first, args.first + args.seeds):
            app = create_app({"DATABASE": str(Path(tmp) / f"evening-{seed}.db")})
            with served_in_thread(app) as server:
                base = f"http://127.0.0.1:{server.port}"
                app.config["JOIN_BASE"] = base
                began = time.monotonic()
                try:
                    evening = run_seed(browser, base, seed, print)
                    failures += evening.failures
                    print(f"seed {seed} ({evening.lang}): {len(evening.failures)} failed checks, "
                          f"{evening.how['tap']} taps, {evening.how['form']} forms, {time.monotonic() - began:.0f} s",
                          flush=True)
                except AssertionError as exc:
                    failures.append(str(exc))
                    print(f"seed {seed}: stopped: {exc}", flush=True)
        browser.close()
    print(f"{args.seeds} evenings, {len(failures)} failed checks")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
