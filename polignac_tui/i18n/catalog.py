"""Catalogs: reading and writing ``.po`` sources, compiling them to ``.mo``.

A ``Message`` is keyed by ``(context, msgid)``; a plural message has ``plural`` and one
translation per plural form. The ``.mo`` writer follows GNU gettext's format (what
``gettext.GNUTranslations`` reads): a header, two tables of (length, offset) pairs, then
the strings, sorted by key.
"""

from __future__ import annotations

import ast
import struct
from dataclasses import dataclass, field
from pathlib import Path

PLURAL_FORMS = {
    "fr": "nplurals=2; plural=(n > 1);",
    "it": "nplurals=2; plural=(n != 1);",
}
DEFAULT_PLURAL = "nplurals=2; plural=(n != 1);"
LANGUAGE_TEAMS = {"fr": "French", "it": "Italian"}


@dataclass
class Message:
    msgid: str
    context: str | None = None
    plural: str | None = None
    # one string (plural: one per form); empty = not translated yet
    strings: list[str] = field(default_factory=lambda: [""])
    where: list[str] = field(default_factory=list)
    fuzzy: bool = False

    @property
    def key(self) -> tuple[str | None, str]:
        return (self.context, self.msgid)

    @property
    def translated(self) -> bool:
        return not self.fuzzy and all(self.strings) and bool(self.strings)


@dataclass
class Catalog:
    language: str
    messages: dict[tuple[str | None, str], Message] = field(default_factory=dict)

    def header(self) -> str:
        return ("Project-Id-Version: polignac-tui\n"
                f"Language: {self.language}\n"
                "MIME-Version: 1.0\n"
                "Content-Type: text/plain; charset=UTF-8\n"
                "Content-Transfer-Encoding: 8bit\n"
                f"Plural-Forms: {PLURAL_FORMS.get(self.language, DEFAULT_PLURAL)}\n")


# -- .po -------------------------------------------------------------------------------
def _unquote(text: str, path: Path, number: int) -> str:
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise ValueError(f"{path}:{number}: expected a quoted string, not {text[:40]!r}")
    return str(ast.literal_eval(text))


def read_po(path: Path) -> Catalog:
    """The catalog in ``path`` (its header's language, or the folder's name)."""
    language = path.parent.parent.name
    catalog = Catalog(language)
    entry: dict[str | int, str] = {}
    where: list[str] = []
    fuzzy = False
    last: tuple[str, int] | None = None   # which field continuation lines extend

    def finish() -> None:
        nonlocal entry, where, fuzzy, last
        if "msgid" in entry:
            msgid = entry["msgid"]
            if msgid == "" and entry.get("msgctxt") is None:
                pass   # the header: rewritten on every save
            else:
                count = max((k for k in entry if isinstance(k, int)), default=-1) + 1
                strings = ([entry[i] for i in range(count)]
                           if entry.get("msgid_plural") is not None
                           else [entry.get("msgstr", "")])
                message = Message(msgid, entry.get("msgctxt"), entry.get("msgid_plural"),
                                  strings, where, fuzzy)
                catalog.messages[message.key] = message
        entry, where, fuzzy, last = {}, [], False, None

    lines = path.read_text(encoding="utf-8").splitlines()
    for number, line in enumerate(lines, 1):
        stripped = line.strip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            if "msgid" in entry:
                finish()
            if stripped.startswith("#:"):
                where.extend(stripped[2:].split())
            elif stripped.startswith("#,") and "fuzzy" in stripped:
                fuzzy = True
            continue
        if stripped.startswith('"'):
            if last is None:
                raise ValueError(f"{path}:{number}: a string outside an entry")
            name, index = last
            key: str | int = index if name == "msgstr[]" else name
            entry[key] = entry[key] + _unquote(stripped, path, number)
            continue
        word, _space, rest = stripped.partition(" ")
        if word in ("msgctxt", "msgid") and "msgid" in entry and (
                word == "msgctxt" or "msgctxt" not in entry or "msgstr" in entry
                or 0 in entry):
            finish()
        if word.startswith("msgstr[") and word.endswith("]"):
            index = int(word[7:-1])
            entry[index] = _unquote(rest, path, number)
            last = ("msgstr[]", index)
        elif word in ("msgctxt", "msgid", "msgid_plural", "msgstr"):
            entry[word] = _unquote(rest, path, number)
            last = (word, 0)
        else:
            raise ValueError(f"{path}:{number}: unknown line {stripped[:40]!r}")
    finish()
    return catalog


def _quote(text: str) -> str:
    escaped = (text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t"))
    if "\n" not in escaped[:-1]:
        return '"' + escaped.replace("\n", "\\n") + '"'
    parts = escaped.split("\n")
    pieces = [part + "\\n" for part in parts[:-1]] + ([parts[-1]] if parts[-1] else [])
    return '""\n' + "\n".join(f'"{piece}"' for piece in pieces)


def write_po(catalog: Catalog, path: Path) -> None:
    """``catalog`` as a ``.po`` file, messages in order of their first place in the code."""
    out = [f"# polignac-tui: {LANGUAGE_TEAMS.get(catalog.language, catalog.language)}",
           "# Edit the msgstr lines; `python -m polignac_tui.i18n update` adds new messages.",
           'msgid ""', "msgstr " + _quote(catalog.header()), ""]
    for message in catalog.messages.values():
        if message.where:
            out.append("#: " + " ".join(message.where))
        if message.fuzzy:
            out.append("#, fuzzy")
        if message.context is not None:
            out.append("msgctxt " + _quote(message.context))
        out.append("msgid " + _quote(message.msgid))
        if message.plural is not None:
            out.append("msgid_plural " + _quote(message.plural))
            for index, string in enumerate(message.strings):
                out.append(f"msgstr[{index}] " + _quote(string))
        else:
            out.append("msgstr " + _quote(message.strings[0]))
        out.append("")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(out), encoding="utf-8")


# -- .mo -------------------------------------------------------------------------------
def compile_mo(catalog: Catalog) -> bytes:
    """The ``.mo`` bytes of ``catalog`` (translated, non-fuzzy messages only)."""
    pairs: dict[bytes, bytes] = {b"": catalog.header().encode()}
    for message in catalog.messages.values():
        if not message.translated:
            continue
        original = message.msgid
        if message.plural is not None:
            original += "\x00" + message.plural
        if message.context is not None:
            original = message.context + "\x04" + original
        pairs[original.encode()] = "\x00".join(message.strings).encode()
    keys = sorted(pairs)
    count = len(keys)
    originals_at = 7 * 4
    translations_at = originals_at + count * 8
    data_at = translations_at + count * 8
    blob = bytearray()
    originals: list[tuple[int, int]] = []
    for key in keys:
        originals.append((len(key), data_at + len(blob)))
        blob += key + b"\x00"
    translations: list[tuple[int, int]] = []
    for key in keys:
        value = pairs[key]
        translations.append((len(value), data_at + len(blob)))
        blob += value + b"\x00"
    head = struct.pack("<7I", 0x950412DE, 0, count, originals_at, translations_at, 0, 0)
    tables = b"".join(struct.pack("<2I", *pair) for pair in originals + translations)
    return head + tables + bytes(blob)
