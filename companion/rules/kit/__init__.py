"""Small functions several games share, named in the rulebooks' own words.

Not a base class with hooks: each game calls what it needs. Everything here is pure. A few
value types (a play, a trick, a show-out) are shared too; a game's own adds its fields.
- `seats`: who sits where, play order, reading a setup's seating;
- `cards`: how a rank is printed, reading a card's code (a letter and a rank), each card once per deal;
- `tricks`: a play, a trick (its number, leader and plays), every card laid so far;
- `follow`: show-out -> void -> proven revoke, given the game's follow rule, and the audit of a game;
- `tennos`: the TENNOS deck's suits, marks and names, shared by five games;
- `words`: a suit named alone, and the colours of the coloured decks;
- `findings`: the table accepting a finding of the audit;
- `taps`: the quick judge's taps (cards entered so far, one more, take back), a count a form
  sends, and one trick's taps as a judge request;
- `entries`: what a log entry names (its seat and cards);
- `evening`: places with ties, totals of a series, an evening of N games.
"""
