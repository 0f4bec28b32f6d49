"""Every ruling's words (English; the Japanese catalog translates them)."""

from __future__ import annotations

from collections.abc import Mapping

from ..base import Message, N_, Np_

MESSAGES: Mapping[str, Message] = {
    "hm.card_malformed": N_("“%(text)s” is not a Hyper Maker card: write two suit letters (R, B, G, Y), each with its value, such as R5B6."),
    "hm.card_unknown_suit": N_("“%(text)s”: there is no suit “%(suit)s”; the suits are R red, B blue, G green and Y yellow."),
    "hm.card_same_suit": N_("“%(text)s”: a card has two different suits."),
    "hm.card_value_range": N_("“%(text)s”: values run from 1 to 10."),
    "hm.card_sum": N_("“%(text)s” does not exist: the two values on a card add up to 11, not %(total)s."),
    "hm.card_used": N_("%(card)s has already been played in this game."),
    "hm.card_twice": N_("%(card)s appears twice."),
    "hm.master_in_plays": N_("%(card)s is the master card; it cannot also be played."),
    "hm.play_count": N_("A trick has one card per player, 3 to 5 cards; got %(count)s."),
    "hm.player_count": N_("Hyper Maker is for 3 to 5 players; got %(count)s."),
    "hm.hands_count": N_("Give one hand per play: %(plays)s plays but %(count)s hands."),
    "hm.play_not_in_hand": N_("%(seat)s played %(card)s, which is not in the hand given for them."),
    "hm.game_over": N_("This game is over: every card has been played."),
    "hm.master_already": N_("The master card is already on the table; the next card is %(seat)s's."),
    "hm.master_first": N_("Turn the master card before anyone plays."),
    "hm.not_your_turn": N_("It is %(seat)s's turn to play."),
    "hm.cannot_win": N_("%(seat)s played %(card)s, holding neither %(suit_a)s nor %(suit_b)s: they take no part and cannot win."),
    "hm.no_follow": N_("Nobody played %(suit_a)s or %(suit_b)s: no winner; the trick leaves the game."),
    "hm.same_leader": N_("No winner: %(seat)s leads again."),
    "hm.follow_by_count": N_("%(suit)s follows: %(count)s cards hold it against %(other_count)s holding %(other)s."),
    "hm.follow_by_master_value": N_("Both suits were played %(count)s times; %(suit)s follows, since the master shows %(suit)s %(value)s against %(other)s %(other_value)s."),
    "hm.master_highest": N_("The master card's %(suit)s %(value)s is the highest: nobody wins; the trick leaves the game."),
    "hm.highest_wins": N_("%(seat)s wins with %(card)s, the highest %(suit)s (%(value)s)."),
    "hm.tie_later_wins": N_("The highest %(suit)s value, %(value)s, was laid more than once: the later one wins, so %(seat)s takes the trick."),
    "hm.points": N_("%(seat)s scores %(points)s: the master card's %(suit)s value, the suit that did not follow."),
    "hm.winner_leads": N_("%(seat)s, the winner, leads next."),
    "hm.tie_same_leader": N_("After a tie, the same player as in this trick leads next: %(seat)s."),
    "hm.tie_winner_leads_option": N_("House rule: the tie winner, %(seat)s, leads next."),
    "hm.revoke": N_("Proven revoke: in trick %(trick)s %(seat)s played %(played)s on master %(master)s, as if holding no %(suit)s; in trick %(later_trick)s they played %(card)s."),
    "hm.illegal_play": N_("%(seat)s played %(card)s while holding %(cards)s, which hold %(suit_a)s or %(suit_b)s: they had to follow."),
    "hm.audit_illegal": Np_("Trick %(trick)s: %(seat)s played %(card)s on master %(master)s while holding %(cards)s, played in trick %(tricks)s.",
        "Trick %(trick)s: %(seat)s played %(card)s on master %(master)s while holding %(cards)s, played in tricks %(tricks)s.", count="tricks"),
    "hm.accept_unknown": N_("There is no proven revoke by %(seat)s in trick %(trick)s to accept."),
    "hm.accept_twice": N_("The table has already accepted %(seat)s's play in trick %(trick)s."),
    "hm.evening_games": N_("%(done)s of %(n)s suggested games played: the rulebook suggests as many games as players."),
    "hm.evening_over": Np_("The suggested %(n)s games are played: %(names)s leads the evening. Play on if you like.",
        "The suggested %(n)s games are played: %(names)s lead the evening. Play on if you like.", count="names"),
}
