"""A client in its own process (killed with SIGKILL by a test): it says hello, sits at
``seat`` of ``table``, prints "seated", then reads whatever comes, forever."""

from __future__ import annotations

import json
import socket
import sys


def main(path: str, identity: str, name: str, table: str, seat: int) -> None:
    conn = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    conn.connect(path)
    for message in ({"type": "hello", "protocol": 1, "identity": identity, "name": name},
                    {"type": "sit", "id": 1, "table": table, "seat": seat}):
        conn.sendall((json.dumps(message) + "\n").encode())
    stream = conn.makefile("rb")
    for line in stream:
        if json.loads(line).get("type") == "update":
            print("seated", flush=True)
            break
    for _ in stream:
        pass


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]))
