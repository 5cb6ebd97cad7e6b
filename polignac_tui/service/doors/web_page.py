"""The web door's page with nothing from outside: its scripts, styles and fonts all come from
the door itself, so it works on a network with no internet and no third party learns who
plays.

textual-serve's page asks Google Fonts for "Roboto Mono". ``local_page`` gives the page with
every outside address taken out (an outside stylesheet or script is removed, any other outside
address emptied; the log says which, once) and the door's own fonts linked instead
(``/fonts/fonts.css``). ``PAGE_POLICY`` (a Content-Security-Policy) then forbids the browser
any address but the door's, should a later textual-serve add one this does not know.

The fonts (``page_fonts``): "Roboto Mono" from textual-serve's own files (Apache 2.0, shipped
in its package, served at ``/static/fonts/``), and for box drawing, blocks and card suits
(which Roboto Mono lacks) DejaVu Sans Mono (a free licence) where Debian's
``fonts-dejavu-core`` (or another system's copy) has put it, under the same family name for
those characters only (``unicode-range``). Without it the browser draws them from its own
monospace fonts (the terminal draws box drawing itself anyway).
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("polignac_tui.doors.web")

FAMILY = "Roboto Mono"
"""The family textual-serve's terminal asks for (in its script): the door's fonts carry it."""
FONTS_PATH = "/fonts/"
SYMBOLS = "U+2190-21FF, U+2500-25FF, U+2600-26FF, U+2700-27BF"
"""Arrows, box drawing, blocks, geometric shapes, miscellaneous symbols (the suits ♠♥♦♣),
dingbats: what DejaVu Sans Mono draws on the door's page."""
DEJAVU_FOLDERS = (
    Path("/usr/share/fonts/truetype/dejavu"),      # Debian, Ubuntu (fonts-dejavu-core)
    Path("/usr/share/fonts/TTF"),                  # Arch
    Path("/usr/share/fonts/dejavu-sans-mono-fonts"),   # Fedora
    Path("/usr/share/fonts/dejavu"),
    Path("/usr/local/share/fonts/dejavu"),         # FreeBSD
)
PAGE_POLICY = ("default-src 'none'; script-src 'self' 'unsafe-inline'; "
               "style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; "
               "connect-src 'self' {websocket}; base-uri 'none'; form-action 'none'")
"""The page's Content-Security-Policy: nothing but the door (``{websocket}``: its websocket
origin, ``ws://host:port``)."""


@dataclass(frozen=True)
class Face:
    """One ``@font-face`` of the page: a font file the door serves as ``name``."""

    name: str
    file: Path
    weight: str
    style: str = "normal"
    unicode_range: str | None = None

    def rule(self) -> str:
        lines = [f'font-family: "{FAMILY}"', f'src: url("{self.name}") format("truetype")',
                 f"font-weight: {self.weight}", f"font-style: {self.style}",
                 "font-display: block"]
        if self.unicode_range:
            lines.append(f"unicode-range: {self.unicode_range}")
        return "@font-face {\n  " + ";\n  ".join(lines) + ";\n}\n"


def page_fonts(statics: Path, folders: tuple[Path, ...] = DEJAVU_FOLDERS) -> list[Face]:
    """The faces of the page's family that exist on this machine: textual-serve's Roboto
    Mono (``statics``: its static folder), DejaVu Sans Mono for the symbols when found in
    one of ``folders``."""
    faces = []
    roboto = statics / "fonts"
    for file, style in (("RobotoMono-VariableFont_wght.ttf", "normal"),
                        ("RobotoMono-Italic-VariableFont_wght.ttf", "italic")):
        if (roboto / file).is_file():
            faces.append(Face(file, roboto / file, "100 700", style))
    for folder in folders:
        regular, bold = folder / "DejaVuSansMono.ttf", folder / "DejaVuSansMono-Bold.ttf"
        if regular.is_file():
            faces.append(Face(regular.name, regular, "100 500", unicode_range=SYMBOLS))
            if bold.is_file():
                faces.append(Face(bold.name, bold, "600 900", unicode_range=SYMBOLS))
            break
    return faces


def fonts_css(faces: list[Face]) -> str:
    """The page's stylesheet of fonts (its ``url``s are relative: it is served beside them)."""
    return "".join(face.rule() for face in faces)


_OUTSIDE = r"""(?:https?:)?//[^"'\s>]*"""
_OUTSIDE_LINK = re.compile(rf"""<link\b[^>]*?\bhref\s*=\s*["']({_OUTSIDE})["'][^>]*>""",
                           re.IGNORECASE)
_OUTSIDE_SCRIPT = re.compile(
    rf"""<script\b[^>]*?\bsrc\s*=\s*["']({_OUTSIDE})["'][^>]*>\s*</script\s*>""", re.IGNORECASE)
_OUTSIDE_ATTRIBUTE = re.compile(
    rf"""\b(src|href|action|poster|data)\s*=\s*(["'])({_OUTSIDE})\2""", re.IGNORECASE)
_OUTSIDE_CSS = re.compile(rf"""(url\(\s*["']?|@import\s+["'])({_OUTSIDE})""", re.IGNORECASE)
_HEAD_END = re.compile(r"</head\s*>", re.IGNORECASE)
_said: set[str] = set()


def _say_once(url: str) -> None:
    if url not in _said and len(_said) < 100:
        _said.add(url)
        log.info("web door: the page's outside address %s is taken out", url[:200])


def local_page(html: str, own: str, fonts_url: str) -> str:
    """``html`` with no address outside ``own`` (the door's origin, e.g.
    ``http://127.0.0.1:8000``): every outside link (textual-serve's Google Fonts
    stylesheet) or script is removed, any other outside address in an attribute or a style
    is emptied, and the door's fonts (``fonts_url``) are linked instead, asked for at once
    (the terminal measures and draws its characters as soon as the app speaks)."""
    own = own.rstrip("/") + "/"

    def element(match: re.Match[str]) -> str:
        if match.group(1).startswith(own):
            return match.group(0)
        _say_once(match.group(1))
        return ""

    def attribute(match: re.Match[str]) -> str:
        if match.group(3).startswith(own):
            return match.group(0)
        _say_once(match.group(3))
        return f"{match.group(1)}={match.group(2)}{match.group(2)}"

    def css(match: re.Match[str]) -> str:
        if match.group(2).startswith(own):
            return match.group(0)
        _say_once(match.group(2))
        return match.group(1)

    html = _OUTSIDE_LINK.sub(element, html)
    html = _OUTSIDE_SCRIPT.sub(element, html)
    html = _OUTSIDE_ATTRIBUTE.sub(attribute, html)
    html = _OUTSIDE_CSS.sub(css, html)
    fonts = (f'<link rel="stylesheet" href="{fonts_url}" />\n'
             f"<script>document.fonts.load('16px \"{FAMILY}\"', 'A\\u2660\\u2500');</script>\n")
    head = _HEAD_END.search(html)
    at = head.start() if head else 0
    return html[:at] + fonts + html[at:]


def outside_addresses(html: str, own: str) -> list[str]:
    """The addresses in ``html`` a browser would fetch from outside ``own``."""
    own = own.rstrip("/") + "/"
    found = [m.group(3) for m in _OUTSIDE_ATTRIBUTE.finditer(html)]
    found += [m.group(2) for m in _OUTSIDE_CSS.finditer(html)]
    return [url for url in found if not url.startswith(own)]
