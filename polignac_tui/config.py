"""User settings (theme, pace, after each trick, ASCII, four colours, default preset,
your name, language).

Stored in ``platformdirs.user_config_path("polignac-tui") / "settings.toml"``.

- A missing file means the defaults.
- A damaged file (not TOML, or a value of the wrong kind) gives the defaults for
  what cannot be read plus a one-line ``problem`` naming the file and the reason,
  which the app shows as a notification. The damaged file is left untouched
  until the user changes a setting: only then is it replaced (atomically) by the
  settings in force.
- Unknown keys are ignored (a newer version may have written them).
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

import tomli_w

from .i18n.translator import N_, _, ngettext
from .table.pace import AFTER_TRICK, PACES

APP_NAME = "polignac-tui"
THEMES = (
    "textual-dark", "textual-light", "nord", "gruvbox", "catppuccin-mocha", "dracula",
    "tokyo-night", "monokai", "solarized-light", "flexoki",
)
MAX_NAME = 24
# The name of your seat until you type one: said in the current language (Toi, Tu) and
# never written to settings.toml, so that it stays yours in every language.
DEFAULT_NAME = "You"


def presets() -> tuple[str, ...]:
    """The presets a new session may start from: the house's first game's, and ``custom``
    (asked of the game when first needed, so that reading the settings loads no rules)."""
    from .games import FIRST_GAME, get_game
    from .games.settings import CUSTOM
    return (*get_game(FIRST_GAME).presets, CUSTOM)


# settings.toml is a few lines: a larger file is refused unread (the defaults are used)
MAX_BYTES = 64 * 1024

# English, marked for the catalogs: shown through ``i18n.tr``.
SETTING_LABELS = {
    "name": N_("Your name"),
    "theme": N_("Theme"),
    "pace": N_("Pace"),
    "after_trick": N_("After each trick"),
    "ascii": N_("ASCII mode"),
    "four_colour": N_("Four-colour deck"),
    "default_preset": N_("Default preset"),
    "language": N_("Language"),
}
# The language setting: "auto" (the environment's: LC_ALL, LC_MESSAGES, LANG) or one of ours.
LANGUAGE_CHOICES = ("auto", "en", "fr", "it")


@dataclass
class Settings:
    name: str = DEFAULT_NAME
    theme: str = "textual-dark"
    pace: str = "normal"
    after_trick: str = "auto"
    ascii: bool = False
    four_colour: bool = False
    default_preset: str = "classique"
    language: str = "auto"
    # Set by ``load_settings`` when the file could not be read as a whole (not saved).
    problem: str | None = field(default=None, compare=False, repr=False)
    # What the problem was made of, to word it again in the app's language: the file,
    # why it could not be read at all, or the settings refused (name, value).
    problem_parts: tuple[Path, str | None, tuple[tuple[str, object], ...]] | None = field(
        default=None, compare=False, repr=False)

    def problem_text(self) -> str | None:
        """``problem`` in the current language (None: no problem)."""
        if self.problem is None or self.problem_parts is None:
            return self.problem
        from .store.wording import file_error_text
        path, refused, bad = self.problem_parts
        if refused is not None:
            return _("{path}: {error}; using the defaults").format(
                path=path, error=file_error_text(refused))
        whys = "; ".join(f"{name} {check(name, value)}" for name, value in bad)
        return ngettext("{path}: {problems}; using the default for it",
                        "{path}: {problems}; using the default for them", len(bad)).format(
            path=path, problems=whys)

    def your_name(self) -> str:
        """The name of your seat in new sessions: the default "You" in the current
        language (Toi, Tu), any other name as it is."""
        return default_name() if self.name == DEFAULT_NAME else self.name

    def to_dict(self) -> dict[str, object]:
        """What settings.toml keeps: every setting, and the name only when one was typed
        (the default is no name: written, it would be "You" in every language)."""
        data = asdict(self)
        data.pop("problem")
        data.pop("problem_parts")
        if self.name == DEFAULT_NAME:
            data.pop("name")
        return data


def default_name() -> str:
    """The name of your seat until you type one, in the current language."""
    from .i18n.translator import pgettext
    return pgettext("the default name of your seat", "You")


def settings_path() -> Path:
    """Where the settings live (honours ``XDG_CONFIG_HOME`` on Linux)."""
    import platformdirs
    return platformdirs.user_config_path(APP_NAME) / "settings.toml"


def check(name: str, value: object) -> str | None:
    """Why ``value`` is not a valid value for setting ``name``, or None if it is."""
    if name == "name":
        if not isinstance(value, str) or not value.strip():
            return _("your name cannot be empty")
        if len(value) > MAX_NAME or not value.isprintable():
            return _("your name must be at most {most} printable characters").format(
                most=MAX_NAME)
        return None
    if name in ("ascii", "four_colour"):
        return None if isinstance(value, bool) else _("must be true or false")
    if name == "theme":  # any Textual theme name; an unknown one falls back at start
        ok = isinstance(value, str) and value != "" and all(
            ch.isascii() and (ch.isalnum() or ch == "-") for ch in value)
        return None if ok else _("{value} is not a theme name").format(value=_shown(value))
    allowed = presets() if name == "default_preset" else {
        "theme": THEMES, "pace": PACES, "after_trick": AFTER_TRICK,
        "language": LANGUAGE_CHOICES}.get(name)
    if allowed is None:
        return _("is not a setting")
    if value not in allowed:
        return _("{value} is not one of {choices}").format(value=_shown(value),
                                                           choices=", ".join(allowed))
    return None


def load_settings(path: Path | None = None) -> Settings:
    """The settings in ``path`` (default ``settings_path()``); never raises."""
    from .store.textfile import FileRefused, read_toml

    path = path or settings_path()
    try:
        data = read_toml(path, MAX_BYTES)
    except FileNotFoundError:
        return Settings()
    except FileRefused as error:
        return Settings(problem=f"{path}: {error}; using the defaults",
                        problem_parts=(path, str(error), ()))
    settings = Settings()
    bad: list[str] = []
    refused: list[tuple[str, object]] = []
    for f in fields(Settings):
        if f.name in ("problem", "problem_parts") or f.name not in data:
            continue
        value = data[f.name]
        why = check(f.name, value)
        if why is None:
            setattr(settings, f.name, value.strip() if isinstance(value, str) else value)
        else:
            bad.append(f"{f.name} {why}")
            refused.append((f.name, value))
    if bad:
        settings.problem = f"{path}: {'; '.join(bad)}; using the default for " + (
            "it" if len(bad) == 1 else "them")
        settings.problem_parts = (path, None, tuple(refused))
    return settings


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write ``settings`` atomically (temporary file in the same folder, then rename).

    Raises ``OSError`` when the folder cannot be written; the caller reports it.
    """
    path = path or settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    data = tomli_w.dumps(settings.to_dict())
    fd, tmp = tempfile.mkstemp(prefix=".settings-", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            out.write("# polignac-tui settings (written by the app; edit with care)\n")
            out.write(data)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    settings.problem = None


def _shown(value: object, width: int = 30) -> str:
    """``repr(value)`` cut to ``width`` characters (a message stays one short line)."""
    text = repr(value)
    return text if len(text) <= width else text[:width - 1] + "…"


