"""SIGTERM for the desktop window (logout, shutdown): noted by a Python handler for the frame loop to act on.

SDL would otherwise turn SIGTERM into the same QUIT event as a click on the window's close button, and the
game could not tell a session ending from a player who may still be asked "Quit Gridbound?". So SDL's own
signal handlers stay off (`SDL_NO_SIGNAL_HANDLERS` while pygame starts) and `TermSignal` notes the signal
while the frame loop runs; the loop then saves what would be lost and exits (docs/commands.md).
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType, TracebackType
from typing import Any

NO_SDL_SIGNALS = "SDL_NO_SIGNAL_HANDLERS"
"""SDL's hint (read when its event loop starts): leave SIGINT and SIGTERM alone."""


@contextmanager
def without_sdl_signal_handlers() -> Iterator[None]:
    """While pygame starts inside it, SDL installs no signal handlers (the environment is put back after)."""
    before = os.environ.get(NO_SDL_SIGNALS)
    os.environ[NO_SDL_SIGNALS] = "1"
    try:
        yield
    finally:
        if before is None:
            del os.environ[NO_SDL_SIGNALS]
        else:
            os.environ[NO_SDL_SIGNALS] = before


class TermSignal:
    """`with TermSignal() as term:` SIGTERM sets `term.signum` instead of ending the process; the handler
    before it is put back on leaving. Outside the main thread (no handler can be set there) it does nothing."""

    def __init__(self) -> None:
        self.signum: int | None = None
        self._before: Any = None
        self._installed = False

    def _note(self, signum: int, frame: FrameType | None) -> None:
        """The handler: only note it (it runs between two bytecodes of whatever the loop was doing)."""
        self.signum = signum

    def __enter__(self) -> TermSignal:
        if threading.current_thread() is threading.main_thread():
            self._before = signal.signal(signal.SIGTERM, self._note)
            self._installed = True
            outer = getattr(self._before, "__self__", None)
            if isinstance(outer, TermSignal) and outer.signum is not None:
                self.signum = outer.signum  # noted before this one took over (the splash's, `hold_sigterm`)
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, _tb: TracebackType | None) -> None:
        if self._installed:
            signal.signal(signal.SIGTERM, self._before if self._before is not None else signal.SIG_DFL)
            self._installed = False


_held: list[TermSignal] = []


def hold_sigterm() -> None:
    """From now to the process's end SIGTERM is noted, not fatal: before the splash (game/splash.py), so a
    SIGTERM while the window opens and the game imports is handed to run_app's TermSignal, which exits cleanly."""
    if not _held:
        _held.append(TermSignal().__enter__())
