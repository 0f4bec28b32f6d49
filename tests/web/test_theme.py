"""Dark theme: follows the phone unless switched; the switch is remembered; AA contrast in both."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from flask.testing import FlaskClient

from tests.conftest import soup

CSS = (Path(__file__).resolve().parents[2] / "static" / "companion.css").read_text(encoding="utf-8")


def palette(block: str) -> dict[str, str]:
    return dict(re.findall(r"--([a-z-]+):\s*(#[0-9a-fA-F]{6})", block))


LIGHT = palette(CSS.split("@media (prefers-color-scheme: dark)")[0])
DARK = palette(CSS.split(":root[data-theme=dark] {")[1].split("}")[0])
DARK_AUTO = palette(CSS.split(":root:not([data-theme=light]) {")[1].split("}")[0])


def luminance(colour: str) -> float:
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


TEXT_ON = {
    "ink": ("bg", "surface", "surface-muted", "selected", "highlight", "deal", "info", "current", "tag"),
    "muted": ("bg", "surface", "surface-muted", "deal", "info"),
    "accent": ("surface", "bg", "current"),
    "on-accent": ("accent",),
    "notice-ink": ("notice-bg",),
    "error-ink": ("error-bg", "error-surface", "surface"),
    "clause-ink": ("clause-bg",),
    "slate": ("surface",),
    **{suit: ("surface", "surface-muted", "selected", "highlight") for suit in
       ("red", "blue", "green", "yellow", "purple", "orange")},
}
"""Every text colour and the surfaces it is drawn on."""


def test_the_dark_theme_is_the_same_whether_chosen_or_followed() -> None:
    assert DARK == DARK_AUTO and set(DARK) == set(LIGHT) - {"tap"}


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_text_colour_meets_wcag_aa_on_its_surfaces(theme: str) -> None:
    colours = LIGHT if theme == "light" else DARK
    weak = [(fg, bg, round(contrast(colours[fg], colours[bg]), 2)) for fg, bgs in TEXT_ON.items() for bg in bgs
            if contrast(colours[fg], colours[bg]) < 4.5]
    assert weak == []


def test_the_page_follows_the_phone_until_the_switch_is_used(client: FlaskClient) -> None:
    page = soup(client.get("/"))
    assert not page.html.has_attr("data-theme")
    assert page.select_one("meta[name=color-scheme]")["content"] == "light dark"
    switch = page.select_one("#theme-switch")
    assert switch["href"].startswith("/theme/dark?next=")
    response = client.get(switch["href"])
    assert response.status_code == 303 and response.location == "/"
    dark = soup(client.get("/"))
    assert dark.html["data-theme"] == "dark"
    assert dark.select_one("#theme-switch")["href"].startswith("/theme/light")
    client.get("/theme/light?next=/")
    assert soup(client.get("/")).html["data-theme"] == "light"
    client.get("/theme/auto?next=/")
    assert not soup(client.get("/")).html.has_attr("data-theme")


@pytest.mark.parametrize("target", ["//evil.example/", "/%09/evil.example", "/%0d%0aX:1", "/\\evil.example",
                                    "https://evil.example/", "/%0a/evil.example"])
def test_switches_only_ever_send_back_to_this_app(client: FlaskClient, target: str) -> None:
    for switch in ("/lang/en", "/theme/dark"):
        response = client.get(f"{switch}?next={target}")
        assert response.status_code == 303 and response.location == "/", (switch, target)
