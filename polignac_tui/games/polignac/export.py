"""Polignac's scores for a spreadsheet (``Polignac.csv_table``, ``Polignac.csv_rows``):
a row per finished deal, a column per player, la générale and the chelem."""

from __future__ import annotations

from .engine import Session


def csv_rows(session: Session, id: str, seats: int) -> list[list[object]]:
    """A row per finished deal for ``export --game``: the game, the session, the deal, the
    dealer, per seat the name, the points and no tricks, then la générale or the chelem."""
    names = tuple(p.name for p in session.players)
    rows: list[list[object]] = []
    for number, deal in enumerate(session.deals, start=1):
        points = deal.points()
        if points is None:
            continue
        row: list[object] = ["polignac", id, number, names[deal.dealer]]
        for seat in range(seats):
            row.extend([names[seat], points[seat], ""] if seat < len(names) else ["", "", ""])
        scored = ""
        if deal.declarer is not None:
            scored = (f"{names[deal.declarer]} generale "
                      f"{'made' if deal.generale_made else 'failed'}")
        elif deal.chelem is not None:
            scored = f"{names[deal.chelem]} chelem"
        rows.append([*row, scored])
    return rows


def csv_table(session: Session) -> list[list[object]]:
    """The rows of one session's CSV (``export ID --csv``), the head first: deal, dealer,
    the points, la générale and the chelem."""
    names = [p.name for p in session.players]
    rows: list[list[object]] = [["deal", "dealer", *names, "generale", "chelem"]]
    for number, deal in enumerate(session.deals, start=1):
        points = deal.points()
        if points is None:
            continue   # the deal in play has no score yet
        generale = ""
        if deal.declarer is not None:
            generale = f"{names[deal.declarer]} {'made' if deal.generale_made else 'failed'}"
        chelem = names[deal.chelem] if deal.chelem is not None and deal.declarer is None else ""
        rows.append([number, names[deal.dealer], *points, generale, chelem])
    return rows


__all__ = ["csv_rows", "csv_table"]
