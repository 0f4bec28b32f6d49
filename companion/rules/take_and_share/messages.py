"""Every ruling's words (English; the Japanese catalog translates them)."""

from __future__ import annotations

from collections.abc import Mapping

from ..base import Message, N_, Np_

MESSAGES: Mapping[str, Message] = {
    # the cards and the table
    "tns.card_malformed": N_("“%(text)s” is not a Take & Share card: write a suit letter (L, X, C, H, S, D) and a number, A or 2 to 10, such as LA or X10."),
    "tns.card_unknown_suit": N_("“%(text)s”: there is no suit “%(suit)s”; the suits are L leaf, X cross, C club, H heart, S spade and D diamond."),
    "tns.card_unknown_number": N_("“%(text)s”: there is no number “%(number)s”; the numbers run from A (1) to 10."),
    "tns.card_not_in_deck": N_("%(card)s is not used with %(players)s players: each suit runs from %(low)s to 10."),
    "tns.player_count": N_("Take & Share is for 3 or 4 players; got %(count)s."),
    "tns.card_used": N_("%(card)s has already been entered in this game."),
    "tns.card_twice": N_("%(card)s appears twice."),
    # the opening share
    "tns.share_complete": N_("The share is already on the table: %(count)s cards face up."),
    "tns.share_too_many": N_("The share is %(count)s cards face up, and %(entered)s are already entered: that is too many."),
    "tns.share_first": N_("First enter the share cards dealt face up: %(entered)s of %(count)s so far."),
    "tns.opening_share": N_("The share cards %(cards)s lie face up; %(seat)s leads the first trick."),
    # a trick
    "tns.game_over": N_("This game is over: every trick has been played and every share handed out."),
    "tns.not_your_turn": N_("It is %(seat)s's turn to play."),
    "tns.give_first": N_("First %(seat)s hands out the share cards, one to each player; then the next trick starts."),
    "tns.last_card": N_("%(seat)s's last card is %(card)s, the one card not yet seen: it is laid without an entry."),
    "tns.shows_void": N_("%(seat)s did not follow %(suit)s with %(card)s: they are shown to hold no %(suit)s."),
    "tns.high_wins": N_("Every card is %(suit)s, the lead suit: the highest number wins, so %(seat)s takes the trick with %(card)s."),
    "tns.low_wins": N_("Not every card is %(suit)s, the lead suit: the lowest number of any suit wins, so %(seat)s takes the trick with %(card)s."),
    "tns.low_tie_earlier": N_("%(cards)s share the lowest number, %(number)s: the one played first wins, %(seat)s's."),
    "tns.winner_shares": N_("%(seat)s takes the share cards %(cards)s and hands one to each player, themself included; the cards of this trick become the next share."),
    "tns.winner_shares_last": N_("%(seat)s takes the share cards %(cards)s and hands one to each player, themself included; the cards of this last trick are not shared."),
    "tns.winner_leads": N_("%(seat)s, the winner, leads the next trick."),
    # the hand-out
    "tns.nothing_to_give": N_("Nobody is handing out share cards now: the winner of a trick hands out the share right after it."),
    "tns.give_not_share": N_("%(card)s is not one of the share cards being handed out: %(cards)s."),
    "tns.give_card_twice": N_("%(card)s has already been handed out."),
    "tns.seat_unknown": N_("There is no seat %(seat)s at this table."),
    "tns.give_seat_twice": N_("%(seat)s has already received a card of this share (%(card)s): each player receives exactly one."),
    "tns.share_handed": N_("%(seat)s has handed out the share after trick %(trick)s: each player received one card and keeps it face down."),
    "tns.new_share": N_("The cards of trick %(trick)s are the new share: %(cards)s."),
    "tns.game_end": N_("The last share is handed out after trick %(tricks)s: the game is over. The cards of the last trick, %(cards)s, are not shared."),
    # revokes and the audit
    "tns.revoke": N_("Proven revoke: in trick %(trick)s %(seat)s played %(played)s on the lead %(lead)s, as if holding no %(suit)s; in trick %(later_trick)s they played %(card)s."),
    "tns.audit_illegal": Np_("Trick %(trick)s: %(seat)s played %(card)s on the lead %(lead)s while holding %(suit)s: %(cards)s, played in trick %(tricks)s.",
        "Trick %(trick)s: %(seat)s played %(card)s on the lead %(lead)s while holding %(suit)s: %(cards)s, played in tricks %(tricks)s.", count="tricks"),
    "tns.accept_unknown": N_("There is no proven revoke by %(seat)s in trick %(trick)s to accept."),
    "tns.accept_twice": N_("The table has already accepted %(seat)s's play in trick %(trick)s."),
    # the score
    "tns.suit_top": N_("%(suit)s: %(seat)s has the highest sum, %(sum)s, and scores %(points)s, one point per card of the suit."),
    "tns.suit_top_shared": N_("%(suit)s: %(names)s share the highest sum, %(sum)s; %(seat)s scores %(points)s, one point per card of the suit."),
    "tns.suit_nobody": N_("%(suit)s: nobody received any, so nobody scores."),
    "tns.winner": N_("%(seat)s has the most points, %(points)s, and wins."),
    "tns.winners_share": N_("%(names)s share the most points, %(points)s, and share the win."),
    # the long game
    "tns.long_start": N_("Long game: totals carry over, and the game in which a total passes %(target)s points is the last."),
    "tns.long_running": Np_("Long game, games played: %(done)s. The game in which a total passes %(target)s points is the last; %(names)s leads with %(points)s.",
        "Long game, games played: %(done)s. The game in which a total passes %(target)s points is the last; %(names)s lead with %(points)s.", count="names"),
    "tns.long_over": Np_("The long game is over: a total has passed %(target)s points; %(names)s wins with %(points)s.",
        "The long game is over: a total has passed %(target)s points; %(names)s win with %(points)s.", count="names"),
    # the judge
    "tns.play_count": N_("A trick has one card per player: %(players)s cards, not %(count)s."),
    "tns.hands_count": N_("Give one hand per play: %(plays)s plays but %(count)s hands."),
    "tns.hand_too_large": N_("%(seat)s's hand has %(count)s cards; a hand holds at most %(limit)s."),
    "tns.play_not_in_hand": N_("%(seat)s played %(card)s, which is not in the hand given for them."),
    "tns.illegal_play": N_("%(seat)s played %(card)s while holding %(cards)s: they had to follow %(suit)s."),
    "tns.received_too_many": N_("%(seat)s is given %(count)s received cards; a player receives at most %(limit)s."),
    "tns.share_count": N_("The first share has one card per player: %(count)s cards, not %(entered)s."),
    "tns.too_many_tricks": N_("A game has %(limit)s tricks, one per card in hand; got %(count)s."),
    "tns.trick_incomplete": N_("Trick %(trick)s has %(count)s of %(players)s cards; only the last trick listed may be unfinished."),
    "tns.given_too_early": N_("Trick %(trick)s is not finished: its share cannot be handed out yet."),
    "tns.given_missing": N_("Say who received each share card after trick %(trick)s (“given”)."),
    "tns.given_not_the_share": N_("After trick %(trick)s the share handed out is %(cards)s: give each of them to one player."),
    "tns.match_no_games": N_("List the points of at least one game."),
    "tns.match_players": N_("Game %(game)s lists %(count)s players' points; the first game lists %(players)s."),
    "tns.game_score_range": N_("Game %(game)s: %(seat)s cannot score %(points)s; a game gives from 0 to %(limit)s points."),
    "tns.game_after_over": N_("Game %(game)s is listed after the long game was over: a total had passed %(target)s points."),
    "tns.target_range": N_("The target must be at least 1 point; got %(target)s."),
}
