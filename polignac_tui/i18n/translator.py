"""One language's catalog, and the functions the code calls for its text."""

from __future__ import annotations

import contextlib
import gettext
import sys
from collections.abc import Iterator
from contextvars import ContextVar
from functools import lru_cache
from importlib import resources

DOMAIN = "polignac_tui"


class Translator:
    """The text of one language (``code``: en, fr or it), from its compiled catalog."""

    def __init__(self, code: str, catalog: gettext.NullTranslations | None = None) -> None:
        self.code = code
        self.catalog = catalog if catalog is not None else gettext.NullTranslations()

    def gettext(self, message: str) -> str:
        return self.catalog.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.catalog.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self.catalog.pgettext(context, message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return self.catalog.npgettext(context, singular, plural, n)

    def __repr__(self) -> str:
        return f"Translator({self.code!r})"


ENGLISH = Translator("en")


def catalog_file(code: str) -> resources.abc.Traversable:
    """Where the compiled catalog of ``code`` lives inside the package."""
    return (resources.files("polignac_tui") / "locale" / code / "LC_MESSAGES"
            / f"{DOMAIN}.mo")


@lru_cache(maxsize=8)
def translator_for(code: str) -> Translator:
    """The translator of ``code`` (English for ``en`` or a language without a catalog)."""
    if code == "en":
        return ENGLISH
    try:
        with catalog_file(code).open("rb") as data:
            return Translator(code, gettext.GNUTranslations(data))
    except (FileNotFoundError, OSError):
        return ENGLISH


# Set by the command line (``speaking``) for the text it prints; an app's own translator
# comes first wherever an app is running.
_SPEAKING: ContextVar[Translator | None] = ContextVar("polignac_speaking", default=None)


def current() -> Translator:
    """The translator of whoever is asking: the running app's, else the command line's."""
    textual_app = sys.modules.get("textual.app")    # never imports Textual by itself
    if textual_app is not None:
        try:
            app = textual_app.active_app.get()
        except LookupError:
            app = None
        translator = getattr(app, "translator", None)
        if isinstance(translator, Translator):
            return translator
    return _SPEAKING.get() or ENGLISH


@contextlib.contextmanager
def speaking(translator: Translator) -> Iterator[Translator]:
    """Text outside an app (the command line) in ``translator``'s language, for a while."""
    token = _SPEAKING.set(translator)
    try:
        yield translator
    finally:
        _SPEAKING.reset(token)


def _(message: str) -> str:
    """``message`` in the current language."""
    return current().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The singular or plural form for ``n``, in the current language."""
    return current().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, where ``context`` tells its two senses apart."""
    return current().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return current().npgettext(context, singular, plural, n)


def tr(message: str) -> str:
    """A text marked with ``N_`` where it was defined (or a Textual text listed in
    ``textual_words``), in the current language; any other text comes back unchanged."""
    return current().gettext(message)


def N_(message: str) -> str:
    """``message`` unchanged: marks it for the catalogs, translated where it is shown."""
    return message
