"""Keeping the catalogs: update the ``.po`` files from the source, compile them, check them."""

from __future__ import annotations

import re
from pathlib import Path

from .catalog import Catalog, Message, compile_mo, read_po, write_po
from .extract import PACKAGE, extract
from .translator import DOMAIN

TRANSLATED = ("fr", "it")
# {name}, {0}, {count:,}, %s, %d, %(name)s: what a translation must keep
PLACEHOLDER = re.compile(r"\{[A-Za-z_0-9]*(?:![rsa])?(?::[^{}]*)?\}|%(?:\([a-z_]+\))?[sdr]")


def po_path(language: str, package: Path = PACKAGE) -> Path:
    return package / "locale" / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(language: str, package: Path = PACKAGE) -> Path:
    return po_path(language, package).with_suffix(".mo")


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


def update(language: str, package: Path = PACKAGE) -> Catalog:
    """The ``.po`` of ``language`` with the source's messages: translations kept, new
    messages added untranslated, messages gone from the source dropped."""
    path = po_path(language, package)
    old = read_po(path).messages if path.exists() else {}
    catalog = Catalog(language)
    for key, message in extract(package).items():
        known = old.get(key)
        strings = message.strings
        if known is not None and len(known.strings) == len(strings):
            strings = known.strings
        catalog.messages[key] = Message(message.msgid, message.context, message.plural,
                                        strings, message.where,
                                        known.fuzzy if known else False)
    write_po(catalog, path)
    return catalog


def compile_all(package: Path = PACKAGE) -> list[Path]:
    written = []
    for language in TRANSLATED:
        path = mo_path(language, package)
        path.write_bytes(compile_mo(read_po(po_path(language, package))))
        written.append(path)
    return written


def problems(language: str, package: Path = PACKAGE) -> list[str]:
    """What is wrong with ``language``'s catalogs: a message of the source without a
    translation, a placeholder that differs, a stale ``.mo``."""
    found: list[str] = []
    catalog = read_po(po_path(language, package))
    for key, message in extract(package).items():
        known = catalog.messages.get(key)
        label = f"{language}: {message.msgid!r}" + (
            f" (context {message.context!r})" if message.context else "")
        if known is None or not known.translated:
            found.append(f"{label} has no translation")
            continue
        if (known.plural is None) != (message.plural is None):
            found.append(f"{label}: plural and singular mixed up")
            continue
        sources = [message.msgid] + ([message.plural] if message.plural else [])
        for string in known.strings:
            wanted = placeholders(sources[-1])
            if placeholders(string) != wanted and placeholders(string) != placeholders(
                    sources[0]):
                found.append(f"{label}: placeholders {placeholders(string)} in "
                             f"{string!r}, not {wanted}")
    mo = mo_path(language, package)
    if not mo.exists() or mo.read_bytes() != compile_mo(catalog):
        found.append(f"{language}: {mo.name} is stale (python -m polignac_tui.i18n compile)")
    return found
