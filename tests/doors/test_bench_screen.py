"""The doors benchmark reads terminals through a tiny VT screen: what Textual sends (cursor
moves, colours, modes, chunks cut anywhere) lands where a player sees it."""

from __future__ import annotations

from polignac_tui.benchmarks._terminals import HAND_ROWS, trick_cards
from polignac_tui.benchmarks._vtscreen import Screen
from polignac_tui.benchmarks.doors import percentile, shows_more


def drawn(data: bytes, columns: int = 20, rows: int = 10) -> Screen:
    screen = Screen(columns, rows)
    screen.feed(data)
    return screen


def test_cursor_moves_and_colours_place_text_and_modes_change_nothing() -> None:
    screen = drawn(b"\x1b[?1049h\x1b[?25l\x1b]22;default\x07\x1b[2;3H\x1b[38;5;253;48;5;17mab"
                   b"\x1b[0m\x1b[3;1Hcd\r\nef\x1b[>25u\x1b[?2026$p")
    assert screen.lines()[1] == "  ab"
    assert screen.lines()[2] == "cd"
    assert screen.lines()[3] == "ef"


def test_a_later_frame_overwrites_cells_and_erase_clears_a_line() -> None:
    screen = drawn(b"\x1b[1;1Hhello world\x1b[1;7Hthere\x1b[2;1Hgone\x1b[2;1H\x1b[K")
    assert screen.lines()[0] == "hello there"
    assert screen.lines()[1] == ""


def test_bytes_cut_inside_a_character_or_a_sequence_are_joined() -> None:
    data = "\x1b[4;5H▐A♦▌\x1b[1;1Hx".encode()
    screen = Screen(20, 10)
    for i in range(len(data)):                      # one byte at a time
        screen.feed(data[i:i + 1])
    assert screen.lines()[3] == "    ▐A♦▌"
    assert screen.lines()[0] == "x"


def test_text_stops_at_the_right_edge_without_wrapping() -> None:
    screen = drawn(b"\x1b[1;18Habcdef", columns=20, rows=3)
    assert screen.lines()[0] == " " * 17 + "abc"
    assert screen.lines()[1] == ""


def test_wide_characters_take_two_cells() -> None:
    screen = drawn("\x1b[1;1H漢x".encode())
    assert screen.lines()[0] == "漢x"
    assert screen.column == 3


def test_cards_on_the_table_are_read_and_the_hand_is_not() -> None:
    rows = 4 + HAND_ROWS
    table = "\x1b[2;3H▐K♠▌  \x1b[3;10H▐10♥▌"
    hand = f"\x1b[{rows - 2};1H▐7♣▌ │J♠ │"
    screen = drawn((table + hand).encode(), columns=30, rows=rows)
    assert trick_cards(screen) == {"K♠", "10♥"}


def test_percentile_is_the_nearest_rank() -> None:
    values = [float(v) for v in range(1, 21)]
    assert percentile(values, 0.95) == 19.0
    assert percentile(values, 0.5) == 10.0
    assert percentile([3.0], 0.95) == 3.0


def table_with(*cards: str) -> Screen:
    rows = 10 + HAND_ROWS
    screen = Screen(40, rows)
    screen.feed(b"\x1b[2J" + "".join(f"\x1b[{3 + i};5H▐{c}▌" for i, c in
                                     enumerate(cards)).encode())
    return screen


def test_a_new_card_is_kept_the_moment_it_is_seen() -> None:
    new: dict[object, frozenset[str]] = {}
    check = shows_more("anna", frozenset({"K♠", "10♥"}), new)   # type: ignore[arg-type]
    assert not check(table_with("K♠", "10♥"))
    assert check(table_with("K♠", "10♥", "A♦"))
    assert new == {"anna": frozenset({"A♦"})}


def test_a_trick_gathered_before_its_last_card_was_drawn_is_told_apart() -> None:
    new: dict[object, frozenset[str]] = {}
    check = shows_more("anna", frozenset({"K♠", "10♥", "7♣"}), new)   # type: ignore[arg-type]
    assert check(table_with())                      # straight to an empty table
    assert new == {"anna": frozenset()}
