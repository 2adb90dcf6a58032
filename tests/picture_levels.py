"""A shipped level given a small picture stretched over many squares: the picture-size limits' test case."""

from __future__ import annotations

from pathlib import Path

from tests.test_uvtt_import import png

BRIDGE = Path(__file__).resolve().parent.parent / "levels" / "pf1_bridge.toml"


def level_with_picture(folder: Path, size: float) -> Path:
    """pf1_bridge with a 64×64 picture spanning `size`×`size` squares, written to `folder`/big.toml."""
    (folder / "p.png").write_bytes(png(64, 64))
    text = BRIDGE.read_text(encoding="utf-8").replace(
        "[map]", f'[map]\nimage = "p.png"\nimage_size = [{size}, {size}]', 1
    )
    path = folder / "big.toml"
    path.write_text(text, encoding="utf-8")
    return path
