"""The event's words: every ruling's message key with its English template (Japanese in the
catalog), and `render`, which turns a ruling into the sentence a person reads.

Like a game's MESSAGES, the templates are marked with N_ / Np_ and translated where they are
shown; a ruling's parameters are plain values (names, numbers already written as text, lists
of them), so rendering needs nothing but a catalog's gettext and ngettext.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any, Protocol

from ..rules import base
from ..rules.base import N_, Message, Np_, Plural, Ruling

CLAUSE = "RULINGS"
"""The clause every event ruling names: the event has no rulebook, so each decision is one of
the project's own rulings (docs/rulings.md, "A club night")."""

MESSAGES: Mapping[str, Message] = {
    # the score
    "club.scoring.placement": N_(
        "Placement points: at each table the last place earns 0 and each place above it one more; tied places "
        "share the points of the places they cover. A table of another size is scaled to a table of %(size)s, so "
        "every table's winner earns %(top)s and every table's average is the same."),
    "club.scoring.points": N_("The game's own points, added up as each table's game gives them."),
    "club.scoring.nothing": N_("No table has finished a game yet: everyone stands at 0."),
    "club.sit_out_score": N_(
        "%(player)s sat out round %(round)s and earns %(score)s, the average score of a seat in that round: "
        "sitting out neither gains nor loses against the field."),
    "club.absent": Np_(
        "%(player)s has no result in round %(rounds)s: a round counts a finished game or a sit-out the draw "
        "made, so a player who was not there earns nothing for it.",
        "%(player)s has no result in rounds %(rounds)s: a round counts a finished game or a sit-out the draw "
        "made, so a player who was not there earns nothing for it.", "count"),
    "club.tie.wins": Np_(
        "%(player)s has the score of %(above)s but fewer wins: %(wins)s win against %(above_wins)s.",
        "%(player)s has the score of %(above)s but fewer wins: %(wins)s wins against %(above_wins)s.", "wins"),
    "club.tie.best_place": N_(
        "%(player)s has the score and the wins of %(above)s, but a lower best place: %(place)s against "
        "%(above_place)s."),
    "club.tie.head_to_head": N_(
        "%(player)s is level with %(above)s in score, wins and best place, and ranks below by the games among "
        "the players so level: %(balance)s against %(above_balance)s (players beaten minus players placed above "
        "them)."),
    "club.tie.shared": N_("%(players)s share place %(rank)s: equal in score, wins, best place and head-to-head."),
    "club.no_place": N_("none"),
    # the draw
    "club.draw.tables": Np_("%(count)s player seated at tables of %(sizes)s.",
                            "%(count)s players seated at tables of %(sizes)s.", "count"),
    "club.draw.uneven": N_(
        "%(count)s players do not divide into tables of %(size)s: tables of %(sizes)s, as close to %(size)s as "
        "this game allows, seat them."),
    "club.draw.sit_out": Np_(
        "%(players)s sits out this round: no tables this game allows seat all %(total)s players. Chosen by lot "
        "among those who have sat out least so far.",
        "%(players)s sit out this round: no tables this game allows seat all %(total)s players. Chosen by lot "
        "among those who have sat out least so far.", "count"),
    "club.draw.sit_out_traded": Np_(
        "%(players)s sits out this round: no tables this game allows seat all %(total)s players. Of those who "
        "have sat out least so far, this choice keeps the most pairs who have met apart.",
        "%(players)s sit out this round: no tables this game allows seat all %(total)s players. Of those who "
        "have sat out least so far, this choice keeps the most pairs who have met apart.", "count"),
    "club.draw.random": N_("Round %(round)s is drawn at random (seed %(seed)s)."),
    "club.draw.standings": N_(
        "Round %(round)s seats neighbours in the standings together, the top of the standings at table 1; a "
        "player moves down a table only to keep apart players who have already met."),
    "club.draw.no_repeats": N_("Nobody meets a player they have already met."),
    "club.draw.repeats_proved": Np_(
        "%(count)s pair meets again: %(pairs)s. No draw of these tables seats fewer pairs who have met.",
        "%(count)s pairs meet again: %(pairs)s. No draw of these tables seats fewer pairs who have met.", "count"),
    "club.draw.repeats_found": Np_(
        "%(count)s pair meets again: %(pairs)s, the fewest the search found in %(tried)s steps.",
        "%(count)s pairs meet again: %(pairs)s, the fewest the search found in %(tried)s steps.", "count"),
    # refusals
    "club.unknown_ask": N_("Unknown question “%(ask)s”; the event's judge answers: %(known)s."),
    "club.name": N_("Each player is a name: text, not empty, of at most %(limit)s characters."),
    "club.name_twice": N_("“%(player)s” is listed twice; tell the players apart."),
    "club.too_many_players": N_("An event here holds at most %(limit)s players."),
    "club.too_many_results": N_("An event here holds at most %(limit)s results."),
    "club.unknown_player": N_("“%(player)s” in “%(field)s” is not one of the event's players."),
    "club.scoring": N_("“scoring” must be “placement” or “points”, not “%(value)s”."),
    "club.round": N_("The field “%(field)s” must be a round number from 1 to %(limit)s."),
    "club.result": N_("Each result must be an object with “round”, “players”, “places” and “points”."),
    "club.result_size": N_(
        "Round %(round)s, the table of %(players)s: a result needs two players or more, and one place and one "
        "score for each of them."),
    "club.table_too_big": N_(
        "Round %(round)s: a table of %(count)s players is larger than a table here seats (at most %(limit)s)."),
    "club.places": N_(
        "Round %(round)s, the table of %(players)s: %(places)s are not the places of a finished game (1 for "
        "first, tied places shared, as 1, 1, 3)."),
    "club.seated_twice": N_("%(player)s is seated twice in round %(round)s."),
    "club.sat_and_played": N_("%(player)s played in round %(round)s, so did not sit it out."),
    "club.sat_out_field": N_("“sat_out” must map round numbers to lists of players."),
    "club.sizes": N_("“sizes” must list the table sizes the game allows: whole numbers from 2 to %(limit)s."),
    "club.size": N_("The table size %(size)s is not one of the sizes given (%(sizes)s)."),
    "club.too_few": Np_("A table of this game needs %(minimum)s players; the draw has %(count)s.",
                        "A table of this game needs %(minimum)s players; the draw has %(count)s.", "count"),
    "club.pair": N_("Each entry of “met” must be two different players' names."),
}
"""The event's rulings and refusals; malformed JSON and missing fields use the engines' shared
words (rules.base.MESSAGES)."""


class Words(Protocol):
    """A catalog of one language (Babel's, or Flask-Babel's `get_translations()`)."""

    def gettext(self, message: str, /) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int, /) -> str: ...


def number(value: Fraction | int) -> str:
    """A score as a person reads it: whole numbers as they are, others to two decimals
    (7/3 is "2.33", 5/2 is "2.5")."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def render(ruling: Ruling, words: Words) -> str:
    """The sentence a person reads for `ruling` (an event's, or one of the engines' shared
    refusals), in the language of the catalog `words`."""
    template = MESSAGES.get(ruling.key) or base.MESSAGES.get(ruling.key)
    if template is None:
        return ruling.key

    def show(value: Any) -> Any:
        if isinstance(value, Ruling):  # a word inside a sentence ("none" for a best place)
            return render(value, words)
        if isinstance(value, (tuple, list)):
            return words.gettext(", ").join(str(show(item)) for item in value)
        if isinstance(value, (Fraction, int)) and not isinstance(value, bool):
            return number(value)
        return value

    if isinstance(template, Plural):
        count = ruling.params.get(template.count)
        n = len(count) if isinstance(count, (tuple, list)) else count if isinstance(count, int) else 0
        text = words.ngettext(template.singular, template.plural, n)
    else:
        text = words.gettext(template)
    return text % {name: show(value) for name, value in ruling.params.items()}
