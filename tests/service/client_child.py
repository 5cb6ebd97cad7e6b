"""A client in its own process (killed with SIGKILL by a test): it says hello, sits at
``seat`` of ``table``, prints "seated" at its first update, then reads whatever comes,
forever; it plays its first legal card when it leads a trick (never in the middle of
one)."""

from __future__ import annotations

import json
import socket
import sys


def main(path: str, identity: str, name: str, table: str, seat: int) -> None:
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    conn.connect(path)
    for message in ({"type": "hello", "protocol": 3, "identity": identity, "name": name},
                    {"type": "sit", "id": 1, "table": table, "seat": seat}):
        conn.sendall((json.dumps(message) + "\n").encode())
    seated = False
    for line in conn.makefile("rb"):
        message = json.loads(line)
        if message.get("type") != "update":
            continue
        if not seated:
            seated = True
            print("seated", flush=True)
        view = message["views"][0]
        legal = view["game_part"]["legal"]     # protocol 3: a Polignac view's own part
        if (view["turn"] == seat and not view["trick"] and legal
                and message["state"]["waiting"] == "turn"):     # protocol 3
            play = {"type": "play", "seat": seat, "card": legal[0]}
            conn.sendall((json.dumps(play) + "\n").encode())


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]))
