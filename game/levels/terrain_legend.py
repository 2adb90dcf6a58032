"""The map legend: what each mark on the board means under a ruleset, asked of the ruleset itself.

No pygame. Each entry is found by measuring one step of a Medium walker into (or across) that
terrain on a small open map, so the legend says what `measure` and `rule` would say in a match:
the cost against open ground and the rule ids that decided, or the rule that refuses the step.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules.board import board_from_text
from rules.core import Creature, Illegal, Options, Situation
from rules.ruleset import get_ruleset

SQUARE_KINDS: dict[str, str] = {
    "difficult": ",",
    "hampering": "%",
    "dark": ":",
    "narrow": "n",
    "pit": "o",
    "door_closed": "+",
    "door_open": "/",
    "wall": "#",
}
"""Each terrain kind the board paints, with its map symbol (rules.board.DEFAULT_LEGEND)."""
EDGE_KINDS = ("hampering", "blocking", "door_closed", "door_open")
"""Wall segments and doors on a square's side (`[[map.edges]]`; rules.board reads doors as door_closed/door_open)."""
PROBE_SPEED = 9.0
"""The walker's speed in metres: enough for one step of any cost."""


@dataclass(frozen=True, slots=True)
class LegendEntry:
    """One mark of the legend and what the ruleset makes of it."""

    mark: str
    """A terrain kind, or "edge_" and an edge kind: hampering, blocking, door_closed, door_open."""
    factor: float | None
    """What entering costs against open ground (2.0: double); None when refused."""
    rules: tuple[str, ...]
    """The rule ids that decided, beyond those of a step on open ground (the refusing rule when refused)."""
    refusal: Illegal | None = None
    """The rules' refusal when the step is refused (its message, reason and parameters)."""


def _probe(ruleset: str, options: Options, row: str, edges: tuple = ()) -> Illegal | tuple[int, tuple[str, ...]]:
    """One step of a Medium walker from (1, 1) to (2, 1) on a 5×3 map whose middle row is `row`."""
    board = board_from_text(f".....\n{row}\n.....", edges=edges)
    walker = Creature(id="probe", side="a", at=(1, 1), speed=PROBE_SPEED)
    sit = Situation(ruleset=ruleset, board=board, creatures={"probe": walker}, options=options, active_side="a")
    result = get_ruleset(ruleset).measure(sit, "probe", [(2, 1)])
    if isinstance(result, Illegal):
        return result
    step = result.steps[0]
    return step.cost, step.rules


def terrain_legend(ruleset: str, options: Options | None = None) -> list[LegendEntry]:
    """Every mark the board may show, with what entering it costs and the rule ids, under `ruleset`."""
    options = options or Options()
    plain = _probe(ruleset, options, ".....")
    entries: list[LegendEntry] = []
    probes = [(kind, _probe(ruleset, options, f"..{symbol}..")) for kind, symbol in SQUARE_KINDS.items()]
    probes += [(f"edge_{kind}", _probe(ruleset, options, ".....", (((1, 1), (2, 1), kind),))) for kind in EDGE_KINDS]
    for mark, result in probes:
        if isinstance(result, Illegal):
            entries.append(LegendEntry(mark, None, (result.rule,), result))
        elif isinstance(plain, Illegal):  # pragma: no cover - a ruleset that refuses open ground refuses all
            entries.append(LegendEntry(mark, None, (plain.rule,), plain))
        else:
            cost, rules = result
            base_cost, base_rules = plain
            extra = tuple(r for r in rules if r not in base_rules)
            entries.append(LegendEntry(mark, cost / base_cost if base_cost else 1.0, extra))
    return entries


def mark_key(mark: str) -> str:
    """The catalogue key of a mark's description (the edge doors' are in the `door_edge` table)."""
    return f"door_edge.mark_{mark}" if mark.startswith("edge_door") else f"legend.mark_{mark}"


def abstract(entries: list[LegendEntry]) -> str | None:
    """The one rule id that refuses every step (hexxen measures no paths, HX-ABSTRACT), else None."""
    ids = {e.rules for e in entries}
    if len(ids) == 1 and all(e.factor is None for e in entries):
        return next(iter(ids))[0]
    return None
