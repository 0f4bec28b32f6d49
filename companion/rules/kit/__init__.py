"""Small functions several games share, named in the rulebooks' own words.

Not a base class with hooks: each game calls what it needs. Everything here is pure.
- `seats`: who sits where, play order, reading a setup's seating;
- `cards`: each card once per deal;
- `follow`: show-out -> void -> proven revoke, given the game's follow rule;
- `tennos`: the TENNOS deck's suits, marks and names, shared by five games;
- `findings`: the table accepting a finding of the audit;
- `taps`: the quick judge's taps (cards entered so far, one more, take back) and a count a form sends;
- `evening`: places with ties, totals of a series, an evening of N games.
"""
