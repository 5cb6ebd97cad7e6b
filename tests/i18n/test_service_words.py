"""The table service's refusals and goodbyes, said in the player's language (the wire
carries English and a code); a form not known here is shown as it came."""

from __future__ import annotations

import json

import pytest

from polignac_tui.i18n import speaking, translator_for
from polignac_tui.service.client import SeatListing, TableListing, no_service
from polignac_tui.service.wording import RULES, service_words
from polignac_tui.ui.screens.lobby import players_words

# As the service and its client write them (service/server.py, service/client.py).
SAID = [
    ("there is no table 't-9'", "il n'y a pas de table 't-9'"),
    ("seat 2 is not free", "la place 2 n'est pas libre"),
    ("someone at this table is called Zoé already: choose another name",
     "quelqu'un à cette table s'appelle déjà Zoé : choisis un autre nom"),
    ("only the table's creator starts it", "seul le créateur de la table la démarre"),
    ("a hint is already on its way", "un conseil est déjà en route"),
    ("the table service said goodbye: the service is stopping",
     "le service des tables a dit au revoir : le service s'arrête"),
    ("the host stopped the table service: every table is saved and comes back when it "
     "starts again", "l'hôte a arrêté le service des tables : chaque table est enregistrée "
     "et revient à son prochain lancement"),
    ("not connected to the table service (the table service closed the connection)",
     "pas connecté au service des tables (le service des tables a fermé la connexion)"),
    ("the table service at /s refused us: this service speaks protocol 2, not 1",
     "le service des tables à /s nous a refusés : ce service parle le protocole 2, pas 1"),
    ("not connected to the table service (closed)",
     "pas connecté au service des tables (fermée)"),
    (no_service("/tmp/x.sock"),
     "pas de service des tables à /tmp/x.sock : lances-en un avec `polignac-tui serve`"),
]


@pytest.mark.parametrize(("english", "french"), SAID)
def test_the_service_is_heard_in_french(english: str, french: str) -> None:
    assert service_words(english) == english          # English as it is
    with speaking(translator_for("fr")):
        assert service_words(english) == french


def test_every_form_has_its_italian_and_an_unknown_one_is_shown_as_it_came() -> None:
    with speaking(translator_for("it")):
        assert service_words("seat 3 is not yours") == "il posto 3 non è tuo"
        assert service_words("a newer service's words [x]") == "a newer service's words [x]"
    assert len(RULES) >= 20


def test_the_tables_own_refusals_in_french() -> None:
    from polignac_tui.games.polignac.engine.wording import refusal_text
    with speaking(translator_for("fr")):
        assert refusal_text("undo_off", {}, "undo is off when more than one person plays") \
            == "l'annulation est coupée quand plus d'une personne joue"
        wait = {"why": "wait", "seconds": 12, "seat": 1}
        assert refusal_text("hand_over", wait, "wait 12 s more…", names=("Ana", "Zoé")) == \
            "attends encore 12 s avant de confier la place de Zoé à l'ordinateur"
        assert refusal_text("computer", {"error": "boom"}, "a computer player failed: boom") \
            == "un joueur ordinateur a échoué : boom"
        # A seat out of range, or a form not known here: the sentence as it came.
        assert refusal_text("hand_over", {**wait, "seat": 7}, "as it came",
                            names=("Ana", "Zoé")) == "as it came"
        assert refusal_text("hand_over", {}, "something newer") == "something newer"


@pytest.mark.parametrize(("lang", "open_seats", "said"), [
    ("fr", 1, "4 : 1 personne, 1 libre"),
    ("fr", 2, "4 : 1 personne, 2 libres"),
    ("it", 1, "4: 1 persona, 1 libero"),
    ("en", 2, "4: 1 person, 2 open"),
])
def test_the_lobby_counts_open_seats_in_the_language(lang: str, open_seats: int,
                                                     said: str) -> None:
    def seat(open_: bool, kind: str = "human") -> SeatListing:
        return SeatListing("x", kind, None if kind == "human" else "medium", open_, True, False)

    seats = (seat(False), *(seat(True) for _ in range(open_seats)),
             *(seat(False, "computer") for _ in range(3 - open_seats)))
    info = TableListing("t-1", "polignac", "Table", "classique", 4, seats, "waiting", 0, "x", 0)
    with speaking(translator_for(lang)):
        assert players_words(info) == said


def test_a_long_error_crosses_the_wire_and_is_worded_in_french() -> None:
    """An error's words longer than a detail may hold are shortened at the table, so the
    refusal still arrives with its details and is said in the reader's language (a long
    one was dropped on the wire and the English sentence shown)."""
    from polignac_tui.games.polignac.engine.wording import refusal_text
    from polignac_tui.service.protocol import event_from_json, event_to_json
    from polignac_tui.table.gameevents import Refused, error_param

    error = OSError("[Errno 28] No space left on device: '/home/ana/.local/share/x'")
    sent = Refused(f"a computer player failed: {error}", "computer", (error_param(error),))
    got = event_from_json(json.loads(json.dumps(event_to_json(sent))))     # as sent
    assert isinstance(got, Refused) and dict(got.params)["error"].endswith("…")
    with speaking(translator_for("fr")):
        words = refusal_text(got.rule, dict(got.params), got.reason)
    assert words.startswith("un joueur ordinateur a échoué : [Errno 28] No space"), words
