"""Settings, described (for a form, the rules panel, the protocol and the file) and
validated."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Literal, TypeAlias

from .errors import RuleError

SettingValue: TypeAlias = bool | int | str
CUSTOM = "custom"


@dataclass(frozen=True, slots=True)
class Setting:
    """One setting of a game, described for a form, the rules panel and the file.

    ``kind`` is ``bool``, ``choice`` (one of ``choices``) or ``int`` (``low`` to
    ``high``); ``defaults`` gives its value in each named preset; ``explain`` is one
    line saying what it does (marked for translation, in English here); ``applies_when``
    (another setting's name and value) says when it plays a part at all (Piquet's limit:
    only when the end is at points), None for always.
    """

    name: str
    kind: Literal["bool", "choice", "int"]
    explain: str
    defaults: Mapping[str, SettingValue]
    choices: tuple[str, ...] = ()
    low: int = 0
    high: int = 0
    applies_when: tuple[str, SettingValue] | None = None

    def applies(self, values: Mapping[str, object]) -> bool:
        """Whether this setting plays a part under ``values`` (the other settings)."""
        if self.applies_when is None:
            return True
        name, value = self.applies_when
        return values.get(name) == value

    def check(self, value: object) -> SettingValue:
        """``value`` if this setting may take it, else ``RuleError`` naming the setting."""
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            raise RuleError("setting", f"setting {self.name} must be true or false, "
                            f"not {value!r}", {"setting": self.name})
        if self.kind == "choice":
            if isinstance(value, str) and value in self.choices:
                return value
            raise RuleError("setting", f"setting {self.name} = {value!r} is not one of "
                            f"{', '.join(self.choices)}", {"setting": self.name})
        if isinstance(value, int) and not isinstance(value, bool) and (
                self.low <= value <= self.high):
            return value
        raise RuleError("setting", f"setting {self.name} = {value!r} must be a whole number "
                        f"from {self.low} to {self.high}", {"setting": self.name})


class Settings(Mapping[str, SettingValue]):
    """The validated settings of a match: a read-only mapping, and the ``preset`` they
    came from (``custom`` once any value differs from that preset's)."""

    __slots__ = ("_preset", "_values")

    def __init__(self, preset: str, values: Mapping[str, SettingValue]) -> None:
        self._preset = preset
        self._values = dict(values)

    @property
    def preset(self) -> str:
        return self._preset

    def __getitem__(self, name: str) -> SettingValue:
        return self._values[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Settings):
            return NotImplemented
        return self._preset == other._preset and self._values == other._values

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Settings({self._preset!r}, {self._values!r})"

    def flag(self, name: str) -> bool:
        value = self._values[name]
        assert isinstance(value, bool)
        return value

    def number(self, name: str) -> int:
        value = self._values[name]
        assert isinstance(value, int) and not isinstance(value, bool)
        return value

    def word(self, name: str) -> str:
        value = self._values[name]
        assert isinstance(value, str)
        return value

    def to_dict(self) -> dict[str, SettingValue]:
        """``preset`` then every setting: the ``[rules]`` table of a session file."""
        return {"preset": self._preset, **self._values}
