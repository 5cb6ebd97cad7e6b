"""The catalogs: complete, not stale, placeholders kept, plural forms and contexts."""

from __future__ import annotations

import gettext
import io
from pathlib import Path

import pytest

from polignac_tui.i18n import Translator, translator_for
from polignac_tui.i18n.catalog import Catalog, Message, compile_mo, read_po, write_po
from polignac_tui.i18n.extract import NotLiteral, extract, messages_in
from polignac_tui.i18n.tools import TRANSLATED, mo_path, placeholders, po_path, problems


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_of_the_source_is_translated_and_compiled(language: str) -> None:
    assert problems(language) == []


def test_the_source_has_messages_to_translate() -> None:
    messages = extract()
    assert len(messages) > 20
    assert any(m.plural for m in messages.values())
    assert any(m.context for m in messages.values())


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_shipped_mo_is_what_the_po_compiles_to(language: str) -> None:
    assert mo_path(language).read_bytes() == compile_mo(read_po(po_path(language)))


def test_a_missing_or_stale_or_wrong_catalog_is_found(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "mod.py").write_text(
        'from x import _, ngettext\n_("Hello {name}")\n_("Bye")\n'
        'ngettext("one trick", "{n} tricks", 2)\n', encoding="utf-8")
    catalog = Catalog("fr")
    catalog.messages[(None, "Hello {name}")] = Message("Hello {name}", strings=["Salut {nom}"])
    catalog.messages[(None, "one trick")] = Message(
        "one trick", plural="{n} tricks", strings=["un pli", "{n} plis"])
    write_po(catalog, po_path("fr", package))
    found = problems("fr", package)
    assert any("'Bye' has no translation" in p for p in found)
    assert any("placeholders ['{nom}']" in p for p in found)
    assert any("stale" in p for p in found)
    assert not any("tricks" in p for p in found)   # "un pli" may leave {n} out


def test_the_po_round_trips(tmp_path: Path) -> None:
    catalog = Catalog("it")
    for message in [
        Message('a "quoted"\nline\\ with\ttab', strings=['una "riga"\n\\ tab\t']),
        Message("Deal", context="verb", strings=["Distribuisci"]),
        Message("one", plural="{n} many", strings=["uno", "{n} molti"]),
        Message("fuzzy one", strings=["x"], fuzzy=True),
    ]:
        catalog.messages[message.key] = message
    path = tmp_path / "it" / "LC_MESSAGES" / "x.po"
    write_po(catalog, path)
    again = read_po(path)
    assert [(m.key, m.plural, m.strings, m.fuzzy) for m in again.messages.values()] == [
        (m.key, m.plural, m.strings, m.fuzzy) for m in catalog.messages.values()]


def test_compiled_catalog_reads_with_gettext_plurals_and_contexts() -> None:
    catalog = Catalog("fr")
    for message in [
        Message("Deal", context="noun", strings=["Donne"]),
        Message("Deal", context="verb", strings=["Distribuer"]),
        Message("one trick", plural="{n} tricks", strings=["{n} pli", "{n} plis"]),
        Message("untranslated"),
    ]:
        catalog.messages[message.key] = message
    translator = Translator("fr", gettext.GNUTranslations(io.BytesIO(compile_mo(catalog))))
    assert translator.pgettext("noun", "Deal") == "Donne"
    assert translator.pgettext("verb", "Deal") == "Distribuer"
    # French: 0 and 1 are singular; Italian and English: 1 only
    assert [translator.ngettext("one trick", "{n} tricks", n) for n in (0, 1, 2)] == [
        "{n} pli", "{n} pli", "{n} plis"]
    assert translator.gettext("untranslated") == "untranslated"


def test_shipped_catalogs_plural_rules_differ_by_language() -> None:
    fr, it = translator_for("fr"), translator_for("it")
    assert fr.code == "fr" and it.code == "it"
    one, many = "Winner: {names}", "Winners: {names}"
    # French: 0 takes the singular; Italian (and English): the plural
    assert [fr.ngettext(one, many, n) for n in (0, 1, 2)] == [
        "Gagnant : {names}", "Gagnant : {names}", "Gagnants : {names}"]
    assert [it.ngettext(one, many, n) for n in (0, 1, 2)] == [
        "Vincitori: {names}", "Vincitore: {names}", "Vincitori: {names}"]


def test_one_english_word_two_translations_by_context() -> None:
    fr, it = translator_for("fr"), translator_for("it")
    # "J" is the jack's letter on a card, "C" the club's letter in ASCII mode
    assert (fr.pgettext("card rank", "J"), it.pgettext("card rank", "J")) == ("V", "F")
    assert (fr.pgettext("suit letter", "C"), it.pgettext("suit letter", "C")) == ("T", "F")
    assert (fr.pgettext("suit letter", "H"), fr.pgettext("suit letter", "D")) == ("C", "K")
    assert translator_for("en").pgettext("card rank", "J") == "J"


def test_extraction_needs_literals() -> None:
    assert [m.msgid for m in messages_in('_("a" "b")\npgettext("c", "d")', "m.py")] == [
        "ab", "d"]
    with pytest.raises(NotLiteral, match=r"m\.py:1"):
        messages_in("_(name)", "m.py")


def test_placeholders() -> None:
    assert placeholders("{name} played {card} %s {count:,} %(x)d") == [
        "%(x)d", "%s", "{card}", "{count:,}", "{name}"]


def test_no_function_hides_the_translation_function() -> None:
    """``_`` assigned in a function (``_, total = ...``) makes every ``_("...")`` of that
    function fail (UnboundLocalError): not in any function that translates."""
    import ast

    from polignac_tui.i18n.extract import PACKAGE

    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            if not any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                       and n.func.id == "_" for n in ast.walk(node)):
                continue
            stores = {n.lineno for n in ast.walk(node) if isinstance(n, ast.Name)
                      and n.id == "_" and isinstance(n.ctx, ast.Store)
                      and not _in_comprehension(node, n)}
            if stores:
                found.append(f"{path.name}:{node.name} line {min(stores)}")
    assert found == []


def _in_comprehension(function: object, name: object) -> bool:
    import ast
    for node in ast.walk(function):  # type: ignore[arg-type]
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)) and any(
                n is name for n in ast.walk(node)):
            return True
    return False


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_hint_key_is_named_as_the_hint_it_gives(language: str) -> None:
    """The footer's ``h`` word is the word the hint's line then starts with."""
    words = translator_for(language)
    line = words.gettext("Hint: {action}")
    assert line.split("{action}")[0].rstrip(" :\u00a0") == words.gettext("Hint")
