"""A screen's footer is not composed again while another screen covers it (composing it
then repainted the whole screen on top: the lobby's footer under the table), and shows
the screen's keys as they are once it is back on top; a box through which the screen is
seen (a deal-over box) still lets its footer follow."""

from __future__ import annotations

from typing import ClassVar

from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from polignac_tui.ui.chrome import Footer, hidden


class Counting(Footer):
    composed = 0

    def compose(self) -> ComposeResult:
        type(self).composed += 1
        yield from super().compose()


class Below(Screen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [Binding("x", "extra", "Extra")]
    offer = False

    def compose(self) -> ComposeResult:
        yield Static("below")
        yield Counting()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.offer if action == "extra" else True


class Cover(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Static("on top")


class Box(ModalScreen[None]):
    def compose(self) -> ComposeResult:
        yield Static("a box")


class Stack(App[None]):
    def on_mount(self) -> None:
        self.push_screen(Below())


def shown(screen: Screen[object]) -> list[str]:
    return [str(getattr(key, "description", "")) for key in screen.query_one(Counting).children]


async def test_a_covered_screens_footer_waits_until_it_is_on_top_again() -> None:
    app = Stack()
    async with app.run_test(size=(60, 10)) as pilot:
        await pilot.pause()
        below = app.screen
        assert isinstance(below, Below) and "Extra" not in shown(below)
        await app.push_screen(Cover())
        await pilot.pause()
        assert hidden(below)
        before = Counting.composed
        below.offer = True
        below.refresh_bindings()
        await pilot.pause()
        await pilot.pause()
        assert Counting.composed == before          # not composed under the cover
        app.pop_screen()
        await pilot.pause()
        await pilot.pause()
        assert app.screen is below and not hidden(below)
        assert "Extra" in shown(below)               # the keys as they are now


async def test_a_box_over_a_screen_lets_its_footer_follow() -> None:
    app = Stack()
    async with app.run_test(size=(60, 10)) as pilot:
        await pilot.pause()
        below = app.screen
        assert isinstance(below, Below)
        await app.push_screen(Box())
        await pilot.pause()
        assert not hidden(below)                     # seen through the box
