"""Every ruling's words (English; the Japanese catalog translates them)."""

from __future__ import annotations

from collections.abc import Mapping

from ..base import Message, N_, Np_

MESSAGES: Mapping[str, Message] = {
    # the cards
    "bj.card_malformed": N_("“%(text)s” is not a card: write a suit letter (L, X, C, H, S, D) and a rank (A, 2 … 10, J, Q, K), such as HQ, SA or X7."),
    "bj.card_unknown_suit": N_("“%(text)s”: there is no suit “%(suit)s”; the suits are L leaf, X cross, C club, H heart, S spade and D diamond."),
    "bj.card_unknown_rank": N_("“%(text)s”: there is no rank “%(rank)s”; the ranks are A, 2 to 10, J, Q and K."),
    "bj.cross_in_hand": N_("%(card)s is a cross: the 13 crosses are the deck, and no player holds one."),
    "bj.deck_not_cross": N_("%(card)s is not a cross: the deck is made of the 13 crosses."),
    "bj.card_used": N_("%(card)s has already been played in this game."),
    "bj.deck_used": N_("%(card)s has already been turned from the deck in this game."),
    "bj.card_twice": N_("%(card)s appears twice."),
    # the table and the entries
    "bj.player_count": N_("Black Junky is played here by 2 to 8 players; got %(count)s."),
    "bj.judge_players": N_("The judge answers for 2 to 13 players; got %(count)s."),
    "bj.no_such_seat": N_("There is no seat %(seat)s at this table of %(count)s players."),
    "bj.already_revealed": N_("%(seat)s's cards for this round are already entered; take that entry back to correct it."),
    "bj.must_lay": Np_("%(seat)s still holds %(left)s card and must lay it.",
        "%(seat)s still holds %(left)s cards and must lay at least one.", count="left"),
    "bj.no_cards_left": N_("%(seat)s has no cards left: all %(dealt)s dealt to them have been laid. Enter “no cards left”."),
    "bj.too_many_cards": Np_("%(seat)s has only %(left)s card left in hand, but %(count)s were entered.",
        "%(seat)s has only %(left)s cards left in hand, but %(count)s were entered.", count="left"),
    "bj.last_cross": N_("%(card)s is the deck's last cross: it is turned without an entry."),
    "bj.reveal_first": N_("Turn the deck's cross once everyone has revealed; still to come: %(seats)s."),
    "bj.game_over": N_("This game is over; nothing more can be entered."),
    "bj.nobody_plays": N_("Nobody lays a card in this round: there is nothing to judge."),
    "bj.hand_empty": N_("A player lays at least one card."),
    "bj.rounds_count": N_("A game has at most 13 rounds, one per cross; got %(count)s."),
    "bj.seat_range": N_("Round %(round)s names seat %(seat)s, but the seats run from 0 to %(last)s."),
    "bj.seat_twice": N_("Round %(round)s names seat %(seat)s twice."),
    "bj.measure_unknown": N_("The variant's measure cannot be “%(value)s”; choose one of: %(known)s."),
    # a round
    "bj.total": N_("%(seat)s: %(cards)s with the deck's %(deck)s: %(sum)s = %(total)s."),
    "bj.sits_out": N_("%(seat)s has no cards left and sits out this round."),
    "bj.bust": N_("%(seat)s busts: even the smallest total the cards make, %(total)s, is over 21."),
    "bj.bust_at_21": N_("%(seat)s busts: even the smallest total the cards make, %(total)s, is 21 or more (house rule: 21 itself busts)."),
    "bj.exactly_21": N_("%(seat)s makes exactly 21, which does not bust: only totals over 21 do (the printed “21 or more” is read as a misprint)."),
    "bj.round_winner": N_("%(seat)s wins the round with %(total)s, the closest to 21 without busting."),
    "bj.round_shared": N_("%(seats)s make %(total)s, the closest to 21 without busting: they all win the round."),
    "bj.nobody_wins": N_("Everyone who laid cards busts: nobody wins this round."),
    "bj.below_zero": N_("The winning total, %(total)s, is below zero: the highest total that did not bust wins all the same."),
    "bj.keeps": N_("Variant: %(seat)s keeps the cards they won with: %(cards)s."),
    # the game
    "bj.all_out": N_("Nobody has cards left after round %(rounds)s: the game ends, and the crosses still in the deck are not turned."),
    "bj.game_won": Np_("%(seat)s wins the game with %(wins)s round win.",
        "%(seat)s wins the game with %(wins)s round wins.", count="wins"),
    "bj.game_shared": Np_("%(seats)s share the game win with %(wins)s round win each.",
        "%(seats)s share the game win with %(wins)s round wins each.", count="wins"),
    "bj.black_count": Np_("%(seat)s kept %(points)s black card: %(cards)s.",
        "%(seat)s kept %(points)s black cards: %(cards)s.", count="points"),
    "bj.black_sum": N_("%(seat)s kept black cards worth %(points)s: %(cards)s."),
    "bj.black_none": N_("%(seat)s kept no black cards."),
    "bj.variant_count_won": N_("Variant, most black cards: %(seat)s wins the game with %(points)s."),
    "bj.variant_count_shared": N_("Variant, most black cards: %(seats)s share the game win with %(points)s each."),
    "bj.variant_sum_won": N_("Variant, highest sum of black cards: %(seat)s wins the game with %(points)s."),
    "bj.variant_sum_shared": N_("Variant, highest sum of black cards: %(seats)s share the game win with %(points)s each."),
    # the evening
    "bj.evening_single": N_("The rulebook plays a single game: the most round wins take it."),
    "bj.evening_over": Np_("The rulebook plays a single game: %(names)s wins it. A next game starts a series of its own.",
        "The rulebook plays a single game: %(names)s share the win. A next game starts a series of its own.", count="names"),
}
