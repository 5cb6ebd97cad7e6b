"""The points of Piquet's play added up read as a group (issue 35, 3): a lead, a trick
won and the last trick summed per player are "leads and tricks" in the end-of-deal box
and in the side panel, never the singular "a lead" or "a trick won", in English, French
and Italian."""

from __future__ import annotations

import pytest
from gametools import piquet_deal_played
from rich.console import Console

from polignac_tui.games.piquet.tui import FACE
from polignac_tui.i18n import speaking, translator_for
from polignac_tui.ui.cardtext import CardLook
from polignac_tui.ui.gamedraw import end_text
from polignac_tui.ui.gameface import Seating

LOOK = CardLook(ascii=True, jacks=False)


def rendered(text: object) -> str:
    console = Console(width=60, color_system=None, force_terminal=False)
    with console.capture() as capture:
        console.print(text)
    return capture.get()


@pytest.mark.parametrize(("lang", "group", "singulars"), [
    ("en", "leads and tricks", ("a lead", "a trick won", "the last trick")),
    ("fr", "entames et levées", ("une entame", "une levée prise", "la dernière levée")),
    ("it", "aperture e prese", ("un'apertura", "una presa", "l'ultima presa")),
])
def test_the_play_s_points_added_up_read_as_a_group(lang, group, singulars) -> None:
    match = piquet_deal_played()
    scored = match.view(0).game_part["scored"]
    assert isinstance(scored, list)
    leads = [e for e in scored if e[2] == "lead"]
    assert len(leads) > 1           # several leads are summed
    seating = Seating(("Ana", "Bruno"), 0)
    with speaking(translator_for(lang)):
        box = rendered(end_text(match.view(0), LOOK, seating, FACE, False))
        side = FACE.panel(match.view(0), LOOK, seating).plain
    for shown in (box, " ".join(side.split())):
        assert group in shown, shown
        assert not any(word in shown for word in singulars), shown
    play = sum(e[1] for e in scored if e[2] in ("lead", "win", "last_trick") and e[0] == 1)
    rows = [line.strip() for line in box.split("\n")]
    assert any(row.startswith(f"+{play} Bruno") and row.endswith(group) for row in rows), box
