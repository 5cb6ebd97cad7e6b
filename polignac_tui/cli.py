"""The ``polignac-tui`` command: the app, and sub-commands for saved sessions."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from . import __version__
from .commands import CommandError, arena, export, join, play, review, serve, sessions, show
from .i18n import LANGUAGES, _, choose_language, speaking, translator_for

# Every sub-command module registers itself here (order = order in --help).
COMMANDS = [play, show, sessions, review, export, arena, serve, join]


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="polignac-tui",
        description=_("Play Polignac (Quatre Valets) in the terminal against computer "
                      "players."),
    )
    parser.add_argument("--version", action="version", version=f"polignac-tui {__version__}",
                        help=_("show the version and exit"))
    parser.add_argument("--ascii", action="store_true",
                        help=_("draw suits as letters and borders in ASCII"))
    parser.add_argument("--lang", choices=LANGUAGES,
                        help=_("the language of this run: en, fr or it (else the setting, "
                               "else LC_ALL, LC_MESSAGES, LANG)"))
    parser.set_defaults(handler=None)
    sub = parser.add_subparsers(title=_("commands"), metavar=_("COMMAND"))
    for module in COMMANDS:
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    words = list(sys.argv[1:] if argv is None else argv)
    if all(word == "--ascii" for word in words):
        # Plain ``polignac-tui`` (or with --ascii): straight to the app, no parser to build.
        try:
            return run_app(argparse.Namespace(ascii=bool(words), lang=None))
        except KeyboardInterrupt:
            return 130
    with speaking(translator_for(command_line_language(words))):
        return parse_and_run(argv)


def command_line_language(words: list[str]) -> str:
    """The language of the command line's own text: ``--lang``, the setting, the
    environment (read before the parser, which speaks it)."""
    import os

    from .config import load_settings
    chosen = None
    for index, word in enumerate(words):
        if word == "--lang" and index + 1 < len(words):
            chosen = words[index + 1]
        elif word.startswith("--lang="):
            chosen = word.split("=", 1)[1]
    return choose_language(chosen, load_settings().language, os.environ)


def parse_and_run(argv: Sequence[str] | None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.handler is None:
            return run_app(args)
        return int(args.handler(args) or 0)
    except CommandError as error:
        print(f"polignac-tui: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def run_app(args: argparse.Namespace) -> int:
    """Open the app at Home."""
    from .config import load_settings
    from .ui.app import PolignacApp
    app = PolignacApp(load_settings(), ascii=args.ascii, lang=getattr(args, "lang", None))
    app.run()
    return app.return_code or 0  # non-zero when the app stopped on an error
