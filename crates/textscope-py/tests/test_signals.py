"""Issue 41: Ctrl-C lands within about a second during a long call, not when it ends.

The native calls release the GIL and, between 1 MiB pieces, take it back for a moment to let
Python run its signal handlers. SIGINT is sent to the process from another thread, as a
terminal's Ctrl-C would be; KeyboardInterrupt must come out of the call itself.
"""

import os
import signal
import sys
import threading
import time

import pytest

from textscope import _textscope

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGINT and FIFOs: POSIX")


def interrupt_after(seconds):
    t = threading.Timer(seconds, os.kill, (os.getpid(), signal.SIGINT))
    t.daemon = True
    t.start()
    return t


def test_ctrl_c_lands_during_a_slow_stream(tmp_path):
    # A FIFO fed 256 KiB every 20 ms for 8 s: the call would last as long as the writer.
    fifo = tmp_path / "slow"
    os.mkfifo(fifo)
    stop = threading.Event()

    def writer():
        piece = b"line of text\n" * 20_000
        try:
            with open(fifo, "wb") as w:
                end = time.monotonic() + 8
                while time.monotonic() < end and not stop.is_set():
                    w.write(piece)
                    w.flush()
                    time.sleep(0.02)
        except BrokenPipeError:
            pass

    w = threading.Thread(target=writer, daemon=True)
    w.start()
    interrupt_after(0.5)
    t0 = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        _textscope.analyze_path(str(fifo))
    took = time.monotonic() - t0
    stop.set()
    w.join(10)
    assert took < 2.0, f"KeyboardInterrupt came {took:.2f} s into the call"


def long_call_seconds(call):
    t0 = time.monotonic()
    call()
    return time.monotonic() - t0


@pytest.mark.parametrize("name", ["analyze_bytes", "Analyzer.feed", "decode_bytes"])
def test_ctrl_c_lands_during_a_long_call_on_bytes(name):
    line = ("Grüße, Привет 🙂 " * 16 + "\n").encode("utf-8")
    # Decoding builds a str as well, so it is slower: less data makes as long a call.
    data = line * (400_000 if name == "decode_bytes" else 1_600_000)  # 150 or 600 MB

    def call():
        if name == "analyze_bytes":
            _textscope.analyze_bytes(data)
        elif name == "Analyzer.feed":
            _textscope.NativeAnalyzer().feed(data)
        else:
            _textscope.decode_bytes(data)

    whole = long_call_seconds(call)
    if whole < 0.6:
        pytest.skip(f"the call takes {whole:.2f} s here: too quick to interrupt in its middle")
    interrupt_after(whole / 4)
    t0 = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        call()
    took = time.monotonic() - t0
    lag = took - whole / 4
    # Without the checks, the interrupt came when the call ended (about `whole`). The lag
    # bound allows for a loaded machine (two cores shared by several builds).
    assert took < whole * 0.75 and lag < 1.5, f"{took:.2f} s of {whole:.2f} s (lag {lag:.2f} s)"
