"""The command line in French and Italian; its machine output the same in every language."""

from __future__ import annotations

import json

import pytest
from polignac_file import dumps

from polignac_tui.cli import main
from polignac_tui.store import SessionStore
from polignac_tui.store.atomic import write_atomic
from tests.store.helpers import make

Capture = pytest.CaptureFixture[str]


def run(capsys: Capture, *words: str) -> tuple[int, str, str]:
    try:
        status = main(list(words))
    except SystemExit as stop:
        status = int(stop.code or 0)
    out = capsys.readouterr()
    return status, out.out, out.err


def test_help_in_french_and_italian(capsys: Capture) -> None:
    status, out, _ = run(capsys, "--lang", "fr", "--help")
    assert status == 0
    assert out.startswith("utilisation : polignac-tui")
    assert "afficher cette aide et quitter" in out and "lister les parties enregistrées" in out
    status, out, _ = run(capsys, "--lang=it", "list", "--help")
    assert status == 0 and "stampare l'elenco in JSON" in out and "opzioni" in out


def test_the_environment_chooses_when_nothing_else_does(capsys: Capture,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "it_IT.UTF-8")
    assert run(capsys, "list")[1].startswith("Ancora nessuna partita salvata")
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    assert run(capsys, "list")[1].startswith("Pas encore de partie enregistrée")
    assert run(capsys, "--lang", "en", "list")[1].startswith("No saved sessions yet")


def test_an_error_of_argparse_in_italian(capsys: Capture) -> None:
    status, _, err = run(capsys, "--lang", "it", "show")
    assert status == 2 and "errore:" in err and "uso: " in err
    assert "questi argomenti sono richiesti: FILE|ID" in err


@pytest.mark.parametrize(("words", "said"), [
    (("review", "x", "--deal", "abc"), "argument --deal : 'abc' n'est pas un nombre entier"),
    (("list", "--bogus"), "arguments non reconnus : --bogus"),
    (("bogus",), "choix invalide : 'bogus' (choisis parmi 'new'"),
    (("--lang", "fr", "new", "--players"), "argument --players : une valeur est attendue"),
])
def test_argparse_own_errors_in_french(capsys: Capture, words: tuple[str, ...],
                                       said: str) -> None:
    status, _, err = run(capsys, "--lang", "fr", *words)
    assert status == 2 and said in err and "error" not in err


def test_an_argparse_error_of_an_unknown_form_is_left_as_it_is() -> None:
    from polignac_tui.cli import argparse_words
    assert argparse_words("something argparse says one day") == \
        "something argparse says one day"


def test_a_damaged_file_in_list_is_explained_in_french_json_unchanged(
        capsys: Capture) -> None:
    store = SessionStore()
    session = make()
    with store.lock(session.id):
        write_atomic(store.path(session.id), dumps(session).encode())
    store.root.mkdir(parents=True, exist_ok=True)
    (store.root / "broken.toml").write_bytes(b"\xff\xfe not text")
    (store.root / "old.toml").write_text('format = 7\n', encoding="utf-8")
    status, out, _ = run(capsys, "--lang", "fr", "list")
    assert status == 0
    assert "2 fichiers illisibles (laissés tels quels" in out
    assert "pas un fichier texte (pas en UTF-8)" in out
    assert "format 7 inconnu (cette version lit le format 1)" in out
    assert "DONNES" in out and "en cours" in out
    english = json.loads(run(capsys, "--lang", "en", "list", "--json")[1])
    french = json.loads(run(capsys, "--lang", "fr", "list", "--json")[1])
    italian = json.loads(run(capsys, "--lang", "it", "list", "--json")[1])
    assert english == french == italian
    assert {row["error"] for row in english["unreadable"]} == {
        "not a text file (not UTF-8)", "unknown format 7 (this version reads format 1)"}


def test_show_in_italian_and_its_json_unchanged(capsys: Capture, tmp_path) -> None:
    path = tmp_path / "s.toml"
    path.write_text(dumps(make()), encoding="utf-8")
    status, out, _ = run(capsys, "--lang", "it", "show", str(path))
    assert status == 0 and "mazziere" in out and "totale" in out and "In corso" in out
    assert run(capsys, "--lang", "it", "show", "--json", str(path))[1] == run(
        capsys, "show", "--json", str(path))[1]
    status, _, err = run(capsys, "--lang", "fr", "show", str(tmp_path / "none.toml"))
    assert status == 2 and "impossible de lire le fichier" in err


def test_store_errors_are_said_in_the_language(capsys: Capture) -> None:
    status, _, err = run(capsys, "--lang", "fr", "resume", "20261122-2015-nobody")
    assert status == 2
    assert "aucune partie enregistrée 20261122-2015-nobody (voir polignac-tui list)" in err
    status, _, err = run(capsys, "--lang", "it", "delete", "--yes", "20261122-2015-nobody")
    assert status == 2 and "nessuna partita salvata 20261122-2015-nobody" in err


def test_store_wording_keeps_english_as_it_is_and_unknown_forms_alone() -> None:
    from polignac_tui.i18n import speaking, translator_for
    from polignac_tui.store.wording import file_error_text, state_words, where_words

    locked = "session x-1 is already open in another polignac-tui (pid 42); close it there first"
    assert file_error_text(locked) == locked
    with speaking(translator_for("it")):
        assert file_error_text(locked) == (
            "la partita x-1 è già aperta in un altro polignac-tui (pid 42); chiudila prima lì")
        assert file_error_text("something new") == "something new"
        assert state_words("finished, Ana and Bruno paid the cognac") == (
            "finita, cognac pagato da Ana e Bruno")
        assert where_words("deal 3 of 8, Claire to play") == (
            "smazzata 3 di 8, tocca a Claire")
    with speaking(translator_for("fr")):
        assert file_error_text("deal 2, play 6 (9S by Carla): 9S: you must follow hearts: "
                               "you hold a heart") == (
            "donne 2, carte 6 (9P de Carla) : 9P : il fallait fournir à ♥")


def test_a_computer_players_level_is_said_in_the_language() -> None:
    from polignac_tui.i18n import speaking, translator_for
    from polignac_tui.store.wording import label_words
    with speaking(translator_for("fr")):
        assert label_words("Hugo (medium)") == "Hugo (moyen)"
        assert label_words("Ana") == "Ana"
        assert label_words("Zoé (boss)") == "Zoé (boss)"    # a person's name as it is
    with speaking(translator_for("it")):
        assert label_words("Hugo (expert)") == "Hugo (esperto)"
