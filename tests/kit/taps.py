"""One entry of any game tapped into its panel, as the person with the phone does it.

`enter(page, slug, event)` looks up the game's own function below; each taps the panel's
buttons (the pickers of companion/rules/<game>/templates/_picker*.html), with the selectors the
per-game browser tests use. Every tap goes through tests/kit/measure.py's `tap`, which
counts it and notes a target that was not on the first screen. Where a picker's taps are not written out here (a finding's
"accept", King's Order's discard with rank-only codes, Tateyoko's hand counts by card,
Twin Shoot's bid cards), `submit` fills that entry's own panel form and submits it from
inside the page (requestSubmit, so htmx swaps the panel as for a tap), and the page's
recorder marks the entry "by form": the whole-game test at 360 px counts that as a failure.
Every function returns how the entry went in: "tap" or "form".
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page

from companion.rules.base import UNDO, Event
from tests.kit import measure

SUBMIT_JS = """([kind, fields]) => {
  const forms = [...document.querySelectorAll('#panel form')].filter(f =>
      f.querySelector(`input[name=kind][value="${kind}"]`) && f.offsetParent !== null)
    .concat([...document.querySelectorAll('#panel form')].filter(f =>
      f.querySelector(`input[name=kind][value="${kind}"]`)));
  const form = forms[0];
  if (!form) return false;
  for (const [name, values] of Object.entries(fields)) {
    for (const el of [...form.querySelectorAll(`[name="${name}"]`)]) {
      if (el.type === 'checkbox' || el.type === 'radio') el.checked = false;
      else if (el.tagName !== 'BUTTON' && el.type !== 'hidden') el.value = '';
      else if (el.type === 'hidden') el.remove();
    }
    for (const value of values) {
      const input = document.createElement('input');
      input.type = 'hidden'; input.name = name; input.value = value;
      form.appendChild(input);
    }
  }
  form.requestSubmit();
  return true;
}"""


def form_fields(payload: dict[str, Any]) -> dict[str, list[str]]:
    """An entry's payload as the form fields its game's form_payload reads back."""
    fields: dict[str, list[str]] = {}
    for name, value in payload.items():
        if isinstance(value, bool):
            fields[name] = ["on"] if value else []
        elif isinstance(value, list) and value and isinstance(value[0], list):  # Twin Shoot's open bid
            fields["first_cards"], fields["second_cards"] = [str(c) for c in value[0]], [str(c) for c in value[1]]
        elif isinstance(value, list):
            fields[name] = [str(v) for v in value]
        elif isinstance(value, dict):  # Tateyoko's counts per suit
            for suit, count in value.items():
                fields[f"count_{suit}"] = [str(count)]
        else:
            fields[name] = [str(value)]
    return fields


def submit(page: Page, event: Event) -> str:
    """Fill the panel's form for this entry's kind and submit it from inside the page."""
    done = page.evaluate(SUBMIT_JS, [event.kind, form_fields(dict(event.payload))])
    assert done, f"the panel offers no form for a {event.kind!r} entry"
    measure.by_form(page)
    return "form"


def has(page: Page, selector: str) -> bool:
    return page.locator(selector).count() > 0


def click_all(page: Page, *selectors: str) -> str:
    """Tap each in turn, if the panel shows the first; else nothing (the caller submits)."""
    if not has(page, selectors[0]):
        return ""
    for selector in selectors:
        measure.tap(page, selector)
    return "tap"


def undo(page: Page) -> str:
    measure.tap(page, "#panel button.undo")
    return "tap"


def hyper_maker_keys(code: str, within: str = "#panel") -> tuple[str, str]:
    """The two keys of a Hyper Maker card on the picker in `within`: its suit pair, then its
    value (the same on any engine: tests/kit/phone.py)."""
    from companion.rules import hyper_maker as hm

    card = hm.parse_card(code)
    return (f"{within} label[for=pair-{card.pair}]".strip(), f"{within} button[name=card][value={card.code}]".strip())


def hyper_maker(page: Page, event: Event) -> str:
    if event.kind in ("master", "play"):
        return click_all(page, *hyper_maker_keys(str(event.payload["card"]))) or submit(page, event)
    return submit(page, event)


def kings_trick(page: Page, event: Event) -> str:
    from companion.rules import kings_trick as kt

    card = str(event.payload.get("card", ""))
    if event.kind == "play" and card in kt.SPECIALS:
        return click_all(page, f"#panel form.picker .specials button[value={card}]") or submit(page, event)
    if event.kind == "play":
        return click_all(page, f"#panel form.picker label.colour-btn.c-{card[0]}",
                         f"#panel form.picker button[name=card][value={card}]") or submit(page, event)
    if event.kind == "pick":
        return click_all(page, f"#panel form.picker .pool button[value={card}]") or submit(page, event)
    if event.kind in ("declare", "pass"):
        return click_all(page, f"#panel form#agari-{event.payload['seat']} button[value={event.kind}]") \
            or submit(page, event)
    return submit(page, event)


def master_of_rules(page: Page, event: Event) -> str:
    p = event.payload
    form = f"#panel form.picker:has(input[name=kind][value={event.kind}])"
    if "card" in p:
        return click_all(page, f"{form} label[for=colour-{str(p['card'])[0]}]",
                         f"{form} button[name=card][value={p['card']}]") or submit(page, event)
    if p.get("reveal"):
        return click_all(page, f"{form} label.reveal-toggle", f"{form} .reveal-keys button[value={p['rule']}]") \
            or submit(page, event)
    if "rule" in p:
        return click_all(page, f"{form} .rule-keys button[value={p['rule']}]") or submit(page, event)
    return submit(page, event)


def take_and_share(page: Page, event: Event) -> str:
    card = str(event.payload.get("card", ""))
    if event.kind in ("share", "play"):
        return click_all(page, f"#panel form.picker label.suit-btn.s-{card[0]}",
                         f"#panel form.picker button[name=card][value={card}]") or submit(page, event)
    if event.kind == "give":
        return click_all(page, f"#panel form.give-form button[name=seat][value='{event.payload['seat']}']") \
            or submit(page, event)
    if event.kind == "accept":  # "let it stand" on the proven revoke's own line
        p = event.payload
        return click_all(page, f"#panel #revokes form:has(input[name=seat][value='{p['seat']}'])"
                               f":has(input[name=trick][value='{p['trick']}']) button.accept") or submit(page, event)
    return submit(page, event)


def twin_shoot(page: Page, event: Event) -> str:
    p = event.payload
    if event.kind == "play":
        card = str(p["card"])
        return click_all(page, f"#panel form.picker label.suit-btn.s-{card[0]}",
                         f"#panel form.picker button[name=card][value={card}]") or submit(page, event)
    if event.kind == "leader":
        return click_all(page, f"#panel form#leader-form button[value='{p['seat']}']") or submit(page, event)
    if event.kind == "reveal" and has(page, f"#panel form#reveal input[name=seat][value='{p['seat']}']"):
        first, second = p["cards"]
        return click_all(page, f"#panel form#reveal label.key:has(input[value={first}])",
                         f"#panel form#reveal .cell button[value={second}]")
    if event.kind == "open_bid" and has(page, "#panel #open-bid > summary"):
        team = int(p["team"])
        measure.tap(page, "#panel #open-bid > summary")
        for seat, (first, second) in zip((2 * team, 2 * team + 1), p["bids"]):
            box = f"#panel #open-bid-{seat}"
            for card, last in ((first, False), (second, seat % 2 == 1)):
                if not has(page, f"{box} input.suit-radio[value={card[0]}]:checked"):
                    measure.tap(page, f"{box} label.suit-btn.s-{card[0]}")
                measure.tap(page, f"{box} .cell button[value={card}]" if last else
                            f"{box} label.key:has(input[value={card}])")
        return "tap"
    return submit(page, event)


def saizen(page: Page, event: Event) -> str:
    p = event.payload
    if event.kind == "flip":
        return click_all(page, f"#panel form#flip-{p['suit']} button[value={p['row']}]") or submit(page, event)
    if event.kind == "pass":
        return click_all(page, "#panel form#pass button") or submit(page, event)
    if event.kind == "name":
        return click_all(page, f"#panel form#name-suit button[value={p['suit']}]") or submit(page, event)
    if event.kind == "play" and has(page, "#panel form.picker .hand-keys:visible"):  # the hand is known: one tap
        return click_all(page, f"#panel form.picker .hand-keys button[value={p['card']}]")
    if event.kind == "play" and p["card"] == "JK":
        return click_all(page, "#panel form.picker .jokers button") or submit(page, event)
    if event.kind == "play" and has(page, f"#panel form.picker input.suit-radio[value={str(p['card'])[0]}]:checked"):
        return click_all(page, f"#panel form.picker button[name=card][value={p['card']}]")  # the lead suit is open
    if event.kind == "play":
        card = str(p["card"])
        return click_all(page, f"#panel form.picker label.suit-btn.s-{card[0]}",
                         f"#panel form.picker button[name=card][value={card}]") or submit(page, event)
    return submit(page, event)


def tateyoko(page: Page, event: Event) -> str:
    p = event.payload
    if event.kind == "lay" and has(page, f"#panel form#lay [data-card={p['card']}]"):
        card, spot, form = str(p["card"]), f"{p['x']},{p['y']}", "#panel form#lay"
        if has(page, f"{form} label.suit-btn") and not has(page, f"{form} input.suit-radio[value={card[0]}]:checked"):
            measure.tap(page, f"{form} label.suit-btn.s-{card[0]}")  # few cards fit: no suit tabs
        if has(page, f"{form} button[name=at][data-card={card}]"):  # it fits one spot: laid there
            measure.tap(page, f"{form} button[name=at][data-card={card}]")
        else:
            measure.tap(page, f"{form} label[data-card={card}]")
            measure.tap(page, f"{form} .spots[data-spots-of={card}] button[value='{spot}']")
        return "tap"
    if event.kind in ("done", "pass"):
        return click_all(page, f"#panel form#{event.kind} button") or submit(page, event)
    if event.kind == "start":
        card = str(p["card"])
        return click_all(page, f"#panel form#start label.suit-btn.s-{card[0]}",
                         f"#panel form#start button[name=card][value={card}]") or submit(page, event)
    if event.kind == "hand" and has(page, f"#panel form#hand input[name=seat][value='{p['seat']}']"):
        cards = [str(c) for c in p.get("cards", [])]
        counts = {s: int(n) for s, n in p.get("counts", {}).items() if n}
        if not cards and not counts and has(page, "#panel form#went-out"):
            return click_all(page, "#panel form#went-out button")
        if cards:  # card by card: the suit tab once, then each of its cards
            measure.tap(page, "#panel label[for=mode-cards]")
            for suit in dict.fromkeys(c[0] for c in cards):
                measure.tap(page, f"#panel form#hand-cards label.suit-btn.s-{suit}")
                for code in (c for c in cards if c[0] == suit):
                    measure.tap(page, f"#panel form#hand-cards label.key:has(input[value={code}])")
            measure.tap(page, "#panel button[form=hand-cards]")
            return "tap"
        for suit, count in counts.items():  # a count key per suit held ("5+" first for more)
            if count > 4:
                measure.tap(page, f"#panel form#hand label[for=hc-{suit}-more]")
            measure.tap(page, f"#panel form#hand label[for=hc-{suit}-{count}]")
        measure.tap(page, "#panel button[form=hand]")
        return "tap"
    return submit(page, event)


def kings_order(page: Page, event: Event) -> str:
    from companion.rules import kings_order as ko

    p = event.payload
    turn = "#panel form#whole-turn"
    if event.kind == "turn" and has(page, f"{turn} input[name=seat][value='{p['seat']}']"):
        measure.tap(page, f"{turn} label[for=tc-{ko.parse_card(str(p['card'])).rank_card.code}]")
        half = {"left": "hi", "right": "lo"}.get(str(p.get("side", "end")), "")
        if p.get("thrown"):  # counted: one key, the side and how many
            measure.tap(page, f"{turn} label[for=tn-{half}-{p['thrown']}]")
        for code in p.get("discarded") or []:  # a rank tapped once per copy, in the half thrown away
            measure.tap(page, f"{turn} .{half} .copies.r-{ko.parse_card(str(code)).rank_card.code} label:visible")
        alone = f"{turn} .targets button[value='{p['target']}:']"  # chosen without cards: nothing handed
        measure.tap(page, alone if has(page, alone) else f"{turn} .targets button[value='{p['target']}:{p['count']}']")
        return "tap"
    if event.kind == "show" and has(page, "#panel form#show"):
        for code in p["cards"]:
            measure.tap(page, f"#panel form#show .copies.r-{ko.parse_card(str(code)).rank_card.code} label:visible")
        measure.tap(page, "#panel form#show button.primary")
        return "tap"
    if event.kind == "accept":
        return click_all(page, f"#panel #let-stand form:has(input[name=turn][value='{p['turn']}'])"
                               f":has(input[name=seat][value='{p['seat']}']) button.accept") or submit(page, event)
    if event.kind == "play":
        return click_all(page, f"#panel form#play button[value='{p['card']}']") or submit(page, event)
    if event.kind == "keep":
        return click_all(page, f"#panel form#keep button[value={p['side']}]") or submit(page, event)
    if event.kind == "discard" and "count" in p:
        return click_all(page, f"#panel form#discard button[name=count][value='{p['count']}']") or submit(page, event)
    if event.kind == "discard" and has(page, "#panel form#discard"):
        for code in p["cards"]:
            measure.tap(page, f"#panel form#discard .copies.r-{ko.parse_card(str(code)).rank_card.code} label:visible")
        measure.tap(page, "#panel form#discard button.primary")
        return "tap"
    if event.kind == "choose":
        return click_all(page, f"#panel form#choose button[value='{p['seat']}']") or submit(page, event)
    if event.kind == "hand_over":
        return click_all(page, f"#panel form#hand-over button[value='{p['count']}']") or submit(page, event)
    return submit(page, event)


def black_junky(page: Page, event: Event) -> str:
    p = event.payload
    if event.kind == "reveal" and p["cards"] and has(page, "#panel #reveal label.key"):
        open_suit = ""
        for code in p["cards"]:
            if code[0] != open_suit:  # a suit already open needs no second tap
                measure.tap(page, f"#panel #reveal label.suit-btn.s-{code[0]}")
                open_suit = code[0]
            measure.tap(page, f"#panel #reveal label.key:has(input[value={code}])")
        measure.tap(page, "#panel #reveal button[type=submit]")
        return "tap"
    if event.kind == "reveal" and not p["cards"]:
        return click_all(page, "#panel #reveal button[type=submit]") or submit(page, event)
    if event.kind == "deck":
        return click_all(page, f"#panel #deck button[name=card][value={p['card']}]") or submit(page, event)
    return submit(page, event)


TAPS: dict[str, Callable[[Page, Event], str]] = {
    "hyper-maker": hyper_maker, "kings-trick": kings_trick, "master-of-rules": master_of_rules,
    "take-and-share": take_and_share, "twin-shoot": twin_shoot, "saizen": saizen, "tateyoko": tateyoko,
    "kings-order": kings_order, "black-junky": black_junky,
}


def enter(page: Page, slug: str, event: Event) -> str:
    """One entry of game `slug` through its panel: "tap" or "form" for how it went in."""
    if event.kind == UNDO:
        return undo(page)
    return TAPS[slug](page, event)
