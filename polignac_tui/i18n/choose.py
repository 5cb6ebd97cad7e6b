"""Which language a run speaks: ``--lang`` > the setting > the environment > English."""

from __future__ import annotations

from collections.abc import Mapping

LANGUAGES = ("en", "fr", "it")
# Each language named in itself (the Settings screen's choices, the same in every language).
LANGUAGE_NAMES = {"en": "English", "fr": "Français", "it": "Italiano"}
ENV_VARIABLES = ("LC_ALL", "LC_MESSAGES", "LANG")


def language_of_environment(environ: Mapping[str, str]) -> str | None:
    """The language the locale variables ask for (the first one set, as POSIX reads them:
    ``LC_ALL`` over ``LC_MESSAGES`` over ``LANG``), when it is one of ours; else None."""
    for variable in ENV_VARIABLES:
        value = environ.get(variable, "")
        if value:
            code = value.split(".")[0].split("@")[0].split("_")[0].lower()
            return code if code in LANGUAGES else None
    return None


def choose_language(cli: str | None, setting: str | None,
                    environ: Mapping[str, str]) -> str:
    """The language of this run."""
    if cli in LANGUAGES:
        return cli
    if setting in LANGUAGES:
        return setting
    return language_of_environment(environ) or "en"
