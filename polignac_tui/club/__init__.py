"""The club's book: every finished match at a served table, the players' ratings per game
and the ledger of what the losers owe, as each game's rules say (``Game.owed``)."""
