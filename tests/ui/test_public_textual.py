"""Textual's public API only (issue 16, point 3): an AST check of ``polignac_tui/``.

No import from a private Textual module (``textual.widgets._header``), and no private name
of Textual's classes (``_bindings``, ``_on_mount``, ``_on_resize``, ``_exit``, ``_on_key``
...) read, written or overridden anywhere in the package, so that moving the Textual pin
is a small change. The private names are read from Textual itself, so a new one is caught.
"""

from __future__ import annotations

import ast
from pathlib import Path

from textual.app import App
from textual.screen import ModalScreen, Screen
from textual.widget import Widget
from textual.widgets import (
    DataTable,
    Footer,
    Header,
    Input,
    Label,
    OptionList,
    Select,
    Static,
)

PACKAGE = Path(__file__).resolve().parents[2] / "polignac_tui"
TEXTUAL_CLASSES = (App, Screen, ModalScreen, Widget, Static, Label, Input, Select, Footer,
                   Header, DataTable, OptionList)


def textual_private_names() -> set[str]:
    """Every ``_name`` (not ``__dunder__``) of the Textual classes the app builds on, and
    of their instances (attributes set in ``__init__``, such as ``_bindings``)."""
    objects: list[object] = [*TEXTUAL_CLASSES, App(), Screen(), Widget(), Input()]
    return {name for obj in objects for name in dir(obj)
            if name.startswith("_") and not name.startswith("__")}


def uses_textual(source: str) -> bool:
    """Whether a module imports Textual (only those can reach its private names)."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            if node.module.split(".")[0] == "textual":
                return True
        elif isinstance(node, ast.Import) and any(
                alias.name.split(".")[0] == "textual" for alias in node.names):
            return True
    return False


def private_uses(source: str, private: set[str]) -> list[str]:
    """Where ``source`` imports a private Textual module or uses a private Textual name."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            parts = node.module.split(".")
            if parts[0] == "textual" and any(p.startswith("_") for p in parts):
                found.append(f"line {node.lineno}: from {node.module} import ...")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                if parts[0] == "textual" and any(p.startswith("_") for p in parts):
                    found.append(f"line {node.lineno}: import {alias.name}")
        elif isinstance(node, ast.Attribute) and node.attr in private:
            found.append(f"line {node.lineno}: .{node.attr}")
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in private:
            found.append(f"line {node.lineno}: def {node.name}")
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
              and node.func.id in ("getattr", "setattr", "hasattr") and len(node.args) > 1
              and isinstance(node.args[1], ast.Constant) and node.args[1].value in private):
            found.append(f"line {node.lineno}: {node.func.id}(..., {node.args[1].value!r})")
    return found


def test_the_check_sees_each_kind_of_private_use() -> None:
    private = textual_private_names()
    assert {"_bindings", "_on_mount", "_on_resize", "_exit", "_on_key"} <= private
    source = "\n".join([
        "from textual.widgets._header import HeaderTitle",
        "class A:",
        "    async def _on_resize(self, event): ...",
        "    def f(self):",
        "        self._bindings.key_to_bindings",
        "        getattr(self, '_exit', False)",
        "        self._started = True",          # a name of ours, not Textual's
    ])
    assert sorted(use.split(":")[0] for use in private_uses(source, private)) == [
        "line 1", "line 3", "line 5", "line 6"]


def test_the_package_uses_textual_public_api_only() -> None:
    private = textual_private_names()
    sources = {path: path.read_text(encoding="utf-8") for path in sorted(PACKAGE.rglob("*.py"))}
    checked = [path for path, source in sources.items() if uses_textual(source)]
    assert len(checked) > 20          # the whole UI, not an empty list by mistake
    problems = [f"{path.relative_to(PACKAGE.parent)} {use}"
                for path in checked for use in private_uses(sources[path], private)]
    assert problems == []
