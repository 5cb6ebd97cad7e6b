"""A sentence said again by its form: ``said_again`` builds the pattern from the msgid."""

from __future__ import annotations

from polignac_tui.i18n import speaking, translator_for
from polignac_tui.i18n.reword import reworded, said_again
from polignac_tui.store.wording import FILE_RULES


def test_its_parts_match_their_patterns_and_are_said_by_their_words() -> None:
    pattern, word = said_again("deal {deal}: {why}", {"deal": r"\d+"}, {"why": str.upper})
    match = pattern.fullmatch("deal 3: odd (x)")
    assert match is not None and word(match) == "deal 3: ODD (X)"
    assert pattern.fullmatch("deal x: odd") is None          # not a number
    assert pattern.fullmatch("a deal 3: odd") is None        # the whole sentence only


def test_the_rest_of_the_msgid_is_matched_literally() -> None:
    pattern, word = said_again("missing [rules] table (see {where}?)")
    assert pattern.fullmatch("missing r table (see x?)") is None
    match = pattern.fullmatch("missing [rules] table (see the file?)")
    assert match is not None and word(match) == "missing [rules] table (see the file?)"


def test_a_file_error_is_said_again_in_french_its_card_in_french() -> None:
    with speaking(translator_for("fr")):
        said = reworded(FILE_RULES, "deal 2, play 3 (KS by Anna): KS: you must follow hearts: "
                                    "you hold a heart")
        assert said == "donne 2, carte 3 (RP de Anna) : RP : il fallait fournir à ♥"
        assert reworded(FILE_RULES, "something else") == "something else"
