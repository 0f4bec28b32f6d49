"""ツインシュート (Twin Shoot): teams of two bid tricks in secret; the partner decides the follow.

Rulebook: shared/rules/002_53a106b024f6a4e1.txt, the first game (05:ツインシュート). The text
has no numbered clauses, so every Ruling names the heading it comes from, with the list
number where the text numbers its items:

    "カードの強さ"               rank and suit order, bid values of the suits
    "ゲームの準備"               4 or 6 players, teams of neighbours, the deck (7-A or 3-A),
                                 the first opening leader is a right-side player
    "遊び方"                     12 cards each
    "ビッドフェーズ"             two bid cards, bid = sum of their suit values, open bid
    "トリックテイキングフェーズ"  the opening leader leads; 10 tricks, then scoring
    "トリックテイキングフェーズ 1".."5"  the numbered steps (2: who must follow what, and the
                                 partner plays second; 3: suit/rank follow fixed, no switch;
                                 4: the winner; 5: the winner leads next)
    "点数計算"                   bid cards are turned up; a team's points are the four kinds
    "点数計算 1".."点数計算 4"    trick points, shoot, twin shoot, overhead twin shoot
    "ゲームの終了"               opening-leader rotation, end at 100, shared wins
    "RULINGS"                    a decision of shared/rules/RULINGS.md or of this package,
                                 where the text is silent (listed below)

Seats are 0..n-1 clockwise. Teams are neighbours (0, 1), (2, 3), (4, 5); team t is seats
2t and 2t+1. A team's right-side player is seat 2t (their partner is their left neighbour,
the next seat clockwise), the left-side player seat 2t+1 (RULINGS).

A game is several hands; after each hand's scoring the game ends if a team has 100 or more
(ゲームの終了). Each hand: 12 cards dealt to everybody (every card is dealt: 48 = 4 x 12,
72 = 6 x 12), 2 bid cards laid face down, then 10 tricks.

Log entries: "leader", "open_bid", "play", "reveal" and "accept" (state.py says each
payload); "undo" is handled by base.replay.

What the page reads from State (besides setup, players = the player count, is_over)
    phase ("play" | "reveal" | "over"), expected_seat, hand_number, trick_number, leader,
    direction (+1 clockwise / -1 counter-clockwise, this trick), follow ("suit" | "rank" |
    None so far), fixed_by, plays (this trick), tricks / last_trick (this hand), tricks_won
    (per seat), team_tricks, totals (per team), teams, history (HandResult per scored hand),
    may_open_bid, open_bid_team, bids (known bid cards per seat), hidden_bids,
    can_change_leader, opening_leader, default_opening_leader, next_opening_leader,
    first_opening_leader, last_place_team, leading_teams, winners, last_hand, show_outs,
    revokes, voids(seat), void_ranks(seat). A hand's details sit in state.hand (Hand).
    Pure helpers for the page: start_choices(players) (the new-game form's hook),
    leader_choices(state), open_bid_note(state), form_payload(kind, fields) (the web
    layer's hook that shapes a form into an entry), quick_judge_request(fields) (the
    referee desk's one-trick judge).

Decisions where the text is silent (clause "RULINGS")
    - The app never sees the hands, so it cannot refuse a card that fails to follow. A player
      who fails to follow is shown void: in the lead suit AND the lead rank while no follow is
      fixed, afterwards only in the fixed one. Cards never enter a hand mid-hand, so a later
      card of that suit or rank in the same hand proves a revoke; no penalty is applied.
      Bid cards lie on the table, not in the hand, so they never prove a revoke.
    - No card can match the lead in both suit and rank: each suit holds each rank once, so
      such a card would be the lead itself. A card fixes suit-follow or rank-follow, never both.
    - Every card exists once per hand: a card already played or entered as a bid card (open
      bid or revealed) is refused; once every bid is turned up, every card of the deck is
      accounted for (10 played + 2 bid cards per player).
    - Open bid: never in hand 1 (all teams are tied at 0), and not when two or more teams
      share the last place. The overhead bonus comes on top of shoot and twin.
    - Opening leader: hand h (1-based) goes to team (t1 + h - 1) mod teams, where t1 is the
      team that led hand 1, its right-side player in odd rounds and its left-side player in
      even rounds (a round is one lap of all teams). A "leader" entry changes only that hand;
      the rotation stays anchored on hand 1.
    - Next game: the first leader is the right-side player of the team after the setup's
      first leader (a "leader" entry in hand 1 does not move it).
    - The judge's trick question names players by play order: index 0 (Player A) leads.
    - The score question of the judge cannot check who was alone in last place (it does not
      know the totals before the hand); it scores the open bid it is told about.

The package: `clauses` (the headings every ruling cites), `cards` (the deck, reading and
naming a card, bid values), `teams` (seats, partners, play order, the opening-leader
rotation), `tricks` (one trick decided; show-outs, voids and revokes), `points` (a hand's
points by kind), `state` (the setup, the hand in play, the entries, the audit), `scoring`
(outcome, evening, who leads), `judge`, `forms` (page forms and quick-judge taps),
`messages`, `options` (who plays, the game's words).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import (
    BID_CARDS, HAND_SIZE, LOWEST_RANK, SUIT_NAMES, SUIT_SYMBOLS, SUIT_VALUES, SUITS, Card, bid_value, card_text,
    deal, deck, parse_card, suit_text,
)
from .clauses import C_END, C_SCORE, C_SETUP, c_step
from .forms import form_payload, names, quick_judge_request
from .naming import entry_name
from .judge import ASKS, judge
from .messages import MESSAGES
from .options import NAME, OPTIONS, PLAYER_COUNTS, SLUG, WORDS
from .points import TARGET, TeamScore
from .scoring import evening, leader_choices, next_setup, outcome, start_choices
from .state import (
    Hand, HandResult, Setup, State, apply, audit, initial, make_setup, open_bid_note, rulings, scores,
)
from .teams import default_opening_leader, direction_for, is_right_side, partner, play_order, team_of, team_seats
from .tricks import TRICKS_PER_HAND, Play, Revoke, ShowOut, TrickResult, must_play, resolve, trick_so_far

__all__ = [
    "ASKS", "BID_CARDS", "C_END", "C_SCORE", "C_SETUP", "HAND_SIZE", "LOWEST_RANK", "MESSAGES", "NAME",
    "OPTIONS", "PLAYER_COUNTS", "SLUG", "SUITS", "SUIT_NAMES", "SUIT_SYMBOLS", "SUIT_VALUES", "TARGET",
    "TRICKS_PER_HAND", "WORDS", "Card", "Hand", "HandResult", "Play", "Revoke", "Setup", "ShowOut", "State",
    "TeamScore", "TrickResult", "apply", "audit", "bid_value", "c_step", "card_text", "deal", "deck",
    "default_opening_leader", "direction_for", "evening", "form_payload", "initial", "is_right_side",
    "judge", "leader_choices", "make_setup", "must_play", "entry_name", "names", "next_setup", "open_bid_note", "outcome",
    "parse_card", "partner", "play_order", "quick_judge_request", "resolve", "rulings", "scores",
    "start_choices", "suit_text", "team_of", "team_seats", "trick_so_far",
]

if TYPE_CHECKING:  # mypy holds this package to the contract, with its own State throughout
    from .. import twin_shoot as _this
    from ..contract import Game

    _GAME: Game[State] = _this
