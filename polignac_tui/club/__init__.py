"""The club's book: every finished match at a served table, the players' ratings per game
and the ledger of what the losers owe (cognacs, ices, parties' points)."""
