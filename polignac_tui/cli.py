"""The ``polignac-tui`` command: the app, and sub-commands for saved sessions."""

from __future__ import annotations

import argparse
import os
import re
import signal
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, NoReturn

from . import __version__
from .commands import CommandError, arena, club, export, join, play, review, serve, sessions, show
from .i18n import LANGUAGES, _, choose_language, speaking, translator_for

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

# Every sub-command module registers itself here (order = order in --help).
COMMANDS = [play, show, sessions, review, export, arena, serve, join, club]
# The status of a command whose reader went away (``polignac-tui show F | head -1``): a
# program killed by SIGPIPE, as the shell reports it (128 + 13).
BROKEN_PIPE = 128 + signal.SIGPIPE


class Formatter(argparse.HelpFormatter):
    """argparse's own words (usage, the sections' titles) in the current language."""

    def add_usage(self, usage: str | None, actions: Any, groups: Any,
                  prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, prefix if prefix is not None else _("usage: "))

    def start_section(self, heading: str | None) -> None:
        words = {"options": _("options"), "positional arguments": _("positional arguments")}
        super().start_section(words.get(heading or "", heading))


class Parser(argparse.ArgumentParser):
    """An ``ArgumentParser`` (sub-commands' too) that speaks the current language."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", Formatter)
        add_help = kwargs.pop("add_help", True)
        kwargs["add_help"] = False
        super().__init__(*args, **kwargs)
        if add_help:
            self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                              help=_("show this help message and exit"))

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        # argparse's own (help, version, usage) swallows a write that fails: a reader gone
        # is then the command line's to handle, as for every command (``main``)
        if message:
            (file or sys.stderr).write(message)

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(2, _("{prog}: error: {message}\n").format(prog=self.prog,
                                                            message=argparse_words(message)))


# argparse's own errors (Python 3.11 to 3.13), each in the current language.
_ARGPARSE: list[tuple[re.Pattern[str], Callable[[re.Match[str]], str]]] = [
    (re.compile(r"argument (?P<arg>.+?): invalid choice: (?P<value>.+?) "
                r"\(choose from (?P<choices>.+)\)"),
     lambda m: _("argument {argument}: invalid choice: {value} (choose from {choices})").format(
         argument=m["arg"], value=m["value"], choices=m["choices"])),
    (re.compile(r"argument (?P<arg>.+?): invalid (?P<kind>int|float) value: (?P<value>.+)"),
     lambda m: (_("argument {argument}: {value} is not a whole number") if m["kind"] == "int"
                else _("argument {argument}: {value} is not a number")).format(
         argument=m["arg"], value=m["value"])),
    (re.compile(r"argument (?P<arg>.+?): expected one argument"),
     lambda m: _("argument {argument}: expected one value").format(argument=m["arg"])),
    (re.compile(r"argument (?P<arg>.+?): ignored explicit argument (?P<value>.+)"),
     lambda m: _("argument {argument}: takes no value ({value} given)").format(
         argument=m["arg"], value=m["value"])),
    (re.compile(r"argument (?P<arg>.+?): not allowed with argument (?P<other>.+)"),
     lambda m: _("argument {argument}: not allowed with {other}").format(
         argument=m["arg"], other=m["other"])),
    (re.compile(r"the following arguments are required: (?P<args>.+)"),
     lambda m: _("these arguments are required: {arguments}").format(arguments=m["args"])),
    (re.compile(r"unrecognized arguments: (?P<args>.+)"),
     lambda m: _("unrecognized arguments: {arguments}").format(arguments=m["args"])),
    (re.compile(r"ambiguous option: (?P<option>\S+) could match (?P<matches>.+)"),
     lambda m: _("ambiguous option: {option} could be {matches}").format(
         option=m["option"], matches=m["matches"])),
]


def argparse_words(message: str) -> str:
    """An error of argparse itself in the current language (as it is when its form is not
    known here: the words of a later Python)."""
    for pattern, word in _ARGPARSE:
        match = pattern.fullmatch(message)
        if match:
            return word(match)
    return message


def games_text() -> str:
    """The registered games by their titles, ``"Polignac, Écarté and Piquet"``."""
    from .games import game_names
    from .games.namewords import names_text
    from .store.wording import game_title
    return names_text(game_title(name) for name in game_names())


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog="polignac-tui",
        description=_("Play {games} in the terminal: against computer players, or with "
                      "friends at a table service (serve, join).").format(games=games_text()),
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


# Parsers built ahead by a warm parent (the SSH door's zygote), one per language, each
# taken by the first command line parsed in its language (a forked child's one).
_prepared: dict[str, argparse.ArgumentParser] = {}


def prepare_parsers() -> None:
    """Build the command line's parser in every language, for ``parse_and_run`` to take
    (building it is a twentieth of a forked player's app up to its first listed frame)."""
    for code in LANGUAGES:
        with speaking(translator_for(code)):
            _prepared[code] = build_parser()


def prepared_parsers() -> int:
    """How many languages have a parser prepared (``prepare_parsers``), not yet taken."""
    return len(_prepared)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (else ``sys.argv``); its exit status. Every command's
    output flushed here, and a reader gone (a closed pipe) handled once for them all, as
    Python's documentation says (stdout pointed at devnull, so that the interpreter's own
    flush at exit cannot fail again)."""
    try:
        try:
            return run(argv)
        finally:       # on the way out of --help and --version (SystemExit) too
            sys.stdout.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return BROKEN_PIPE


def run(argv: Sequence[str] | None) -> int:
    """The command line run: the app, or the command it names."""
    words = list(sys.argv[1:] if argv is None else argv)
    if all(word == "--ascii" for word in words):
        # Plain ``polignac-tui`` (or with --ascii): straight to the app, no parser to build.
        try:
            return run_app(argparse.Namespace(ascii=bool(words), lang=None))
        except KeyboardInterrupt:
            return 130
    language = command_line_language(words)
    with speaking(translator_for(language)):
        return parse_and_run(argv, language)


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


def parse_and_run(argv: Sequence[str] | None, language: str | None = None) -> int:
    """Parse ``argv`` (with the parser prepared in ``language``, if there is one) and run
    its command."""
    parser = _prepared.pop(language, None) if language is not None else None
    if parser is None:
        parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.handler is None:
            return run_app(args)
        return int(args.handler(args) or 0)
    except CommandError as error:
        from .store.visible import visible
        from .store.wording import file_error_text  # the store's English, said again
        print(visible(f"polignac-tui: {file_error_text(str(error))}"), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


def run_app(args: argparse.Namespace) -> int:
    """Open the app at Home."""
    from .config import load_settings
    from .ui.app import CardGamesApp
    app = CardGamesApp(load_settings(), ascii=args.ascii, lang=getattr(args, "lang", None))
    app.run()
    return app.return_code or 0  # non-zero when the app stopped on an error
