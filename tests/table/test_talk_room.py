"""What a client makes of a line of talk that came over the wire (untrusted: a service
may be anyone's), and a room's last lines and mutes."""

from __future__ import annotations

from polignac_tui.table.talk import KEPT, Said, TalkRoom, heard, text_problem


def test_a_line_heard_is_bounded_and_printable() -> None:
    said = heard("Anna\x1b[2J" + "x" * 40, 1, "\x1b]0;owned\x07 hi\nthere\u202e" + "y" * 300)
    assert said is not None
    assert said.name == "Anna [2J" + "x" * 16                       # 24 characters
    assert said.text.startswith(" ]0;owned  hi there ") and len(said.text) == 200
    assert all(ch.isprintable() for ch in said.name + said.text)
    assert heard("Bruno", True, "a").seat is None               # a bool is no seat
    assert heard("Bruno", 8, "a").seat is None                  # nor a seat past 8
    assert heard("Bruno", "1", "a").seat is None
    assert heard("", None, "a").name == "?"
    for name, text in ((None, "a"), ("Bruno", None), ("Bruno", ""), (["x"], "a")):
        assert heard(name, None, text) is None


def test_what_may_be_said() -> None:
    assert text_problem("Bien joué !") is None
    assert text_problem("é" * 200) is None
    for bad in ("", "   ", "x" * 201, "a\nb", "a\tb", "\u202eevil", 5, None):
        assert text_problem(bad) is not None, bad


def test_a_room_keeps_its_last_lines_and_who_is_muted() -> None:
    room = TalkRoom()
    told: list[Said] = []
    room.listener = told.append
    for number in range(KEPT + 10):
        room.hear(Said("Bruno" if number % 2 else "Zoé", None, str(number)))
    room.hear(Said("Anna", 0, "mine", mine=True))
    assert len(told) == KEPT + 11 and len(room.lines) == KEPT
    assert room.lines[0].text == "11" and room.lines[-1].text == "mine"
    assert room.speakers() == ["Bruno", "Zoé"]                  # never oneself
    assert room.toggle_mute("BRUNO") is True                    # names ignore case
    assert {s.name for s in room.audible()} == {"Zoé", "Anna"}
    assert room.toggle_mute("bruno") is False
    assert len(list(room.audible())) == KEPT
    room.toggle_mute("Anna")                                    # one's own lines stay
    assert [s.text for s in room.audible()][-1] == "mine"
