"""Piquet's words that need no screen: the declarations as they are said at the table
(``Point of five (47)``, ``Quart to the ace``, ``Not good: point of six (52)``) and the
reasons of the expert's advice (a hint at the table, a remark of ``polignac-tui review``),
by the codes of its computer players' ``REASONS``."""

from __future__ import annotations

from ...i18n import N_, tr

HINTS = {
    "discard_attack": N_("throw to attack: your point, sequences and sets kept"),
    "discard_keep_guards": N_("keep your guards and your long suit"),
    "look_talon": N_("the cards left tell where the others are"),
    "declare_best": N_("declare every combination you hold"),
    "declare_scoring": N_("declare only what scores or ties"),
    "declare_partie": N_("sink some: at this point of the partie those points would cost you"),
    "only_card": N_("the only card you may play"),
    "endgame_exact": N_("the last tricks counted out exactly"),
    "lead_master": N_("no card left can beat it"),
    "lead_long_suit": N_("from your long suit"),
    "win_cheaply": N_("the lowest card that wins the trick"),
    "play_low": N_("the trick cannot be won: the lowest card of the suit"),
    "throw_least": N_("none of the suit: the card least worth keeping"),
}


def reason_text(why: str) -> str:
    """The reason ``why`` (a code of ``players.REASONS``) in the player's language; an
    unknown code as it is."""
    return tr(HINTS[why]) if why in HINTS else why


# -- the declarations as they are said at the table (RULES-piquet.md §4) -------------------
COUNTS = {1: N_("one"), 2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"),
          6: N_("six"), 7: N_("seven"), 8: N_("eight")}
# A point: how many cards, then their value (the other player's "making?", answered).
POINT = N_("Point of {count} ({value})")
# A sequence by its length and its top card, each language with its own article.
SEQUENCES = {3: N_("Tierce"), 4: N_("Quart"), 5: N_("Quint"), 6: N_("Sixième"),
             7: N_("Septième"), 8: N_("Huitième")}
TO_THE = {"A": N_("{sequence} to the ace"), "K": N_("{sequence} to the king"),
          "Q": N_("{sequence} to the queen"), "J": N_("{sequence} to the jack"),
          "T": N_("{sequence} to the ten"), "9": N_("{sequence} to the nine")}
# Sets: a trio or a quatorze of a rank of 10 or higher.
TRIOS = {"A": N_("Three aces"), "K": N_("Three kings"), "Q": N_("Three queens"),
         "J": N_("Three jacks"), "T": N_("Three tens")}
QUATORZES = {"A": N_("Quatorze of aces"), "K": N_("Quatorze of kings"),
             "Q": N_("Quatorze of queens"), "J": N_("Quatorze of jacks"),
             "T": N_("Quatorze of tens")}
# The younger's answer to each of the elder's calls.
ANSWERS = {"good": N_("Good"), "not good": N_("Not good"), "equal": N_("Equal")}
NOT_GOOD = N_("Not good: {combination}")
EQUAL = N_("Equal: {combination}")
# The younger's choice, read as her answer: declaring a worse one, or sinking hers.
SHOWS = N_("Good (show: {combination})")
SINKS = N_("Good (sink: {combination})")
NOTHING = N_("Nothing to declare")


def count_words(n: int) -> str:
    """``five``: how many cards a point holds, in words."""
    return tr(COUNTS[n]) if n in COUNTS else str(n)


def combination_words(kind: str, cards: list[str], key: tuple[int, int]) -> str:
    """The best combination of ``kind`` as a player says it, capitalised: ``Point of five
    (47)``, ``Quart to the ace``, ``Quatorze of kings``, ``Three aces``. ``cards`` are
    the point's cards, the best sequence or the best set; ``key`` the rules' comparison
    key (for the point: its length and value)."""
    if kind == "point":
        return tr(POINT).format(count=count_words(key[0]), value=key[1])
    if not cards:
        return kind
    top = cards[0][0]
    if kind == "sequence":
        name = tr(SEQUENCES.get(len(cards), SEQUENCES[8]))
        return tr(TO_THE.get(top, TO_THE["9"])).format(sequence=name)
    table = QUATORZES if len(cards) == 4 else TRIOS
    return tr(table.get(top, table["T"]))


def lowered(words: str) -> str:
    """``Point of five`` inside a sentence: ``point of five``."""
    return words[:1].lower() + words[1:]


def answer_words(said: str, combination: str | None = None) -> str:
    """The younger's answer to one call: ``Good``, ``Equal``, ``Not good``; with her own
    ``combination`` when it wins or ties and she may be heard saying it: ``Not good:
    point of six (52)``."""
    if combination is not None and said == "not good":
        return tr(NOT_GOOD).format(combination=lowered(combination))
    if combination is not None and said == "equal":
        return tr(EQUAL).format(combination=lowered(combination))
    return tr(ANSWERS.get(said, ANSWERS["good"]))


def choice_words(said: str, combination: str, declared: bool) -> str:
    """The younger's button for a kind the elder called: what she answers if she declares
    ``combination`` (``declared``) or sinks it; one that loses anyway, not declared, is a
    plain ``Good``: there is nothing to sink."""
    if not declared and said == "good":
        return tr(ANSWERS["good"])
    if not declared:
        return tr(SINKS).format(combination=lowered(combination))
    if said == "good":
        return tr(SHOWS).format(combination=lowered(combination))
    return answer_words(said, combination)


def nothing_words() -> str:
    return tr(NOTHING)
