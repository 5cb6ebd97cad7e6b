"""A tiny stand-in for the app, run by the doors in tests: it tells what it was given.

Prints one JSON line at start (size, session, controlling terminal, environment, argv), one
``SIZE c r`` line on each SIGWINCH, echoes what it reads as ``GOT …``, and exits with the
code typed after ``exit``. With ``--ignore-hup`` it survives SIGHUP (only SIGKILL ends it).
"""

import json
import os
import shutil
import signal
import sys


def main() -> None:
    if "--ignore-hup" in sys.argv:
        signal.signal(signal.SIGHUP, signal.SIG_IGN)

    def winch(*_: object) -> None:  # os.write: a print here could land inside another print
        size = os.get_terminal_size(0)
        os.write(1, f"SIZE {size.columns} {size.lines}\n".encode())

    signal.signal(signal.SIGWINCH, winch)
    size = shutil.get_terminal_size()
    with open("/dev/tty", "rb"):  # only works with a controlling terminal
        ctty = True
    info = {
        "columns": os.get_terminal_size(0).columns, "rows": os.get_terminal_size(0).lines,
        "leader": os.getsid(0) == os.getpid(), "ctty": ctty,
        "foreground": os.tcgetpgrp(0) == os.getpgrp(), "tty": os.ttyname(0),
        "env": dict(os.environ), "argv": sys.argv[1:], "pid": os.getpid(),
        "fallback": [size.columns, size.lines],
    }
    print("INFO " + json.dumps(info), flush=True)
    for line in sys.stdin:
        line = line.strip()
        if line.startswith("exit"):
            raise SystemExit(int(line.split()[1]))
        print(f"GOT {line}", flush=True)


main()
