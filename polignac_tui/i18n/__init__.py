"""The app's three languages (English, French, Italian) through gettext catalogs.

- ``Translator``: one language's catalog; each app instance holds its own
  (``CardGamesApp.translator``): nothing is installed process-wide.
- ``_``, ``ngettext``, ``pgettext``, ``npgettext``: the text in the language of whoever
  is asking: the running Textual app's translator, else the one set with ``speaking`` (the
  command line), else English. ``N_`` marks a text for the catalogs where it is defined
  (a class attribute, a table of labels) and translated where it is shown.
- ``choose_language``: ``--lang`` > the setting > ``LC_ALL``/``LC_MESSAGES``/``LANG`` > English.

English literals in the source are the message ids; the catalogs are
``polignac_tui/locale/{fr,it}/LC_MESSAGES/polignac_tui.po`` (sources) compiled to ``.mo``
next to them (shipped in the package). ``python -m polignac_tui.i18n`` extracts, updates,
compiles and checks them.
"""

from .choose import LANGUAGE_NAMES, LANGUAGES, choose_language, language_of_environment
from .translator import (
    ENGLISH,
    N_,
    Translator,
    _,
    current,
    ngettext,
    npgettext,
    pgettext,
    speaking,
    tr,
    translator_for,
)

__all__ = [
    "ENGLISH",
    "LANGUAGES",
    "LANGUAGE_NAMES",
    "N_",
    "Translator",
    "_",
    "choose_language",
    "current",
    "language_of_environment",
    "ngettext",
    "npgettext",
    "pgettext",
    "speaking",
    "tr",
    "translator_for",
]
