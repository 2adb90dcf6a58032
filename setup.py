"""Build hook: the wheel carries the repository's top-level levels/ and assets/ as game/_data/.

Everything else about the package is in pyproject.toml. The data stays at the top of the
repository (the design card's layout, and what a checkout and an editable install read);
game/paths.py finds it in either place.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

DATA_GLOBS = ("levels/*.toml", "levels/order.txt", "levels/tutorials/*.toml", "assets/**/*.toml")
"""Shipped data, as globs from the repository root; copied into the package as game/_data/<same path>.
Only the levels themselves: replays/ or anything else a run left in levels/ stays out."""
HERE = Path(__file__).resolve().parent


def data_files() -> list[Path]:
    """The shipped data files, relative to the repository root."""
    return sorted({p.relative_to(HERE) for pattern in DATA_GLOBS for p in HERE.glob(pattern) if p.is_file()})


class BuildWithData(build_py):
    """build_py that also copies levels/ and assets/ into game/_data/ of the build."""

    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the checkout's folders directly
        packaged = Path(self.build_lib) / "game" / "_data"
        shutil.rmtree(packaged, ignore_errors=True)  # a reused build/ folder must not ship files removed since
        for rel in data_files():
            target = packaged / rel
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(HERE / rel, target)

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs = list(super().get_outputs(include_bytecode))
        if getattr(self, "editable_mode", False):
            return outputs
        return outputs + [str(Path(self.build_lib) / "game" / "_data" / rel) for rel in data_files()]


setup(cmdclass={"build_py": BuildWithData})
