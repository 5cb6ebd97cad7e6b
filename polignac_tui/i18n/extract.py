"""The messages of the source: every ``_``, ``N_``, ``ngettext``, ``pgettext`` and
``npgettext`` call, read with ``ast`` (what ``xgettext`` would find)."""

from __future__ import annotations

import ast
from pathlib import Path

from .catalog import Message

# name -> the roles of its first arguments
KEYWORDS: dict[str, tuple[str, ...]] = {
    "_": ("msgid",),
    "N_": ("msgid",),
    "ngettext": ("msgid", "plural"),
    "pgettext": ("context", "msgid"),
    "npgettext": ("context", "msgid", "plural"),
}
PACKAGE = Path(__file__).resolve().parents[1]


class NotLiteral(ValueError):
    """A translation call whose text is not a string literal (it cannot be extracted)."""


def _name(call: ast.Call) -> str | None:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute) and func.attr in ("ngettext", "pgettext", "npgettext"):
        return func.attr
    return None


def messages_in(source: str, where: str) -> list[Message]:
    """The messages of one module (``where`` names it in errors and references)."""
    found: list[Message] = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        name = _name(node)
        roles = KEYWORDS.get(name or "")
        if roles is None:
            continue
        if isinstance(node.func, ast.Attribute) and name in ("ngettext", "pgettext",
                                                             "npgettext"):
            # translator.ngettext(...) as well as ngettext(...); catalog.ngettext too
            pass
        values: dict[str, str] = {}
        for role, arg in zip(roles, node.args, strict=False):
            if not (isinstance(arg, ast.Constant) and isinstance(arg.value, str)):
                if isinstance(node.func, ast.Attribute):
                    break       # a method of the same name on other values (gettext's own)
                raise NotLiteral(f"{where}:{node.lineno}: {name}() needs string literals")
            values[role] = arg.value
        else:
            if len(values) < len(roles):
                raise NotLiteral(f"{where}:{node.lineno}: {name}() with too few arguments")
            plural = values.get("plural")
            found.append(Message(values["msgid"], values.get("context"), plural,
                                 ["", ""] if plural is not None else [""],
                                 [f"{where}:{node.lineno}"]))
    return found


def extract(package: Path = PACKAGE) -> dict[tuple[str | None, str], Message]:
    """Every message of the package, in order of its first place in the code."""
    catalog: dict[tuple[str | None, str], Message] = {}
    for path in sorted(package.rglob("*.py")):
        if path.parent.name == "i18n" and path.name != "textual_words.py":
            continue
        where = path.relative_to(package.parent).as_posix()
        for message in sorted(messages_in(path.read_text(encoding="utf-8"), where),
                              key=lambda m: int(m.where[0].rsplit(":", 1)[1])):
            known = catalog.get(message.key)
            if known is None:
                catalog[message.key] = message
            else:
                known.where.extend(message.where)
    return catalog
