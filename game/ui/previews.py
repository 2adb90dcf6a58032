"""`LookAhead`: what the battle controller shows before a click, without pygame: attack odds, where an armed action
may end (asked of rule() itself), the board shading while it waits, the pointer tip, and the path's hover card."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Protocol

from game.text.i18n import action_name, current_language, describe_event, refusal, square_text, t
from game.text.local_text import local
from game.ui.approach import Approach, find_approach
from game.ui.card import path_card
from game.ui.charge_preview import CHARGE, ChargeLook
from game.ui.forecast import Forecast, Preview, straight_path
from game.ui.odds import Odds, attack_odds, roll_parts
from rules.actions import Action, shape
from rules.core import Creature, Illegal, Ruling, Situation, Square
from rules.geometry import DIRECTIONS
from rules.ruleset import Reach

if TYPE_CHECKING:
    from game.battle.match import Match

ARMED_BAND = "armed"
"""The shading band of the squares an armed action may end on."""


class Looked(Protocol):
    """What the look-ahead reads of the battle controller (the controller is one; tests may give another)."""

    match: Match
    forecast: Forecast | None
    preview: Preview | None
    tactic: str
    touch: bool
    version: int
    hover_sq: Square | None

    @property
    def selected(self) -> str | None:
        """The selected unit."""

    @property
    def armed(self) -> str | None:
        """The action waiting for a click."""

    @property
    def armed_target(self) -> str | None:
        """The enemy the armed action goes for."""

    def situation(self) -> Situation:
        """The match situation."""

    def names(self) -> dict[str, str]:
        """Unit and side ids → the names players see."""

    def name_of(self, unit: str | None) -> str:
        """A unit's display name."""

    def unit_at(self, sq: Square) -> Creature | None:
        """The unit covering `sq`."""


class LookAhead:
    """The battle controller's look-ahead: every answer comes from the ruleset, nothing is performed (cached per
    state version, so a hover asks the rules once)."""

    def __init__(self, ctl: Looked) -> None:
        self.ctl = ctl
        self._ends_key: tuple[object, ...] | None = None
        self._ends: dict[Square, Ruling | Illegal] = {}
        self._shade: Forecast | None = None
        self._odds: dict[tuple[int, str, str, str], Odds | Illegal] = {}
        self._why_not: dict[tuple[object, ...], str | None] = {}
        self._approach_key: tuple[object, ...] | None = None
        self._approaches: dict[str, Approach | Illegal] = {}
        self.charges = ChargeLook(ctl.match.ruleset)

    def odds(self, target: str) -> Odds | Illegal:
        """The selected unit's attack on `target` (after the move into reach, if one is needed): hit chance and
        damage range, or why it is refused (cached)."""
        assert self.ctl.selected is not None
        key = (self.ctl.version, self.ctl.selected, target, self.ctl.tactic)
        if key not in self._odds:
            way = self.approach_to(target)
            if isinstance(way, Illegal):
                self._odds[key] = way
            else:
                self._odds[key] = attack_odds(self.ctl.match.ruleset, way.after or self.ctl.situation(), way.attack)
        return self._odds[key]

    def approach_to(self, target: str) -> Approach | Illegal:
        """How the selected unit attacks `target` this turn: where it stands, or after the cheapest move into
        reach that rule() accepts the attack after (cached per state, unit, tactic and mode)."""
        assert self.ctl.selected is not None
        mode = self.ctl.forecast.mode if self.ctl.forecast is not None else None
        key = (self.ctl.version, self.ctl.selected, self.ctl.tactic, mode)
        if self._approach_key != key:
            self._approach_key, self._approaches = key, {}
        if target not in self._approaches:
            reach = (
                self.ctl.forecast.reach
                if self.ctl.forecast is not None and self.ctl.forecast.unit == self.ctl.selected
                else {}
            )
            sit = self.ctl.situation()
            from rules.hexxen import release_choices  # start-up time: hexxen's modules wait for an attack's hover

            comrades = release_choices(sit, self.ctl.selected, target, self.ctl.tactic)
            release = comrades[0] if len(comrades) > 1 else None  # the player picks one after confirming
            self._approaches[target] = find_approach(
                self.ctl.match.ruleset, sit, self.ctl.selected, target, reach, self.ctl.tactic, mode, release
            )
        return self._approaches[target]

    def attackable(self) -> frozenset[str]:
        """The enemies the selected unit can attack this turn, from where it stands or after a move (ringed)."""
        if self.ctl.selected is None:
            return frozenset()
        sit = self.ctl.situation()
        side = sit.creatures[self.ctl.selected].side
        return frozenset(
            uid
            for uid, c in sit.creatures.items()
            if c.side != side and not c.defeated and isinstance(self.approach_to(uid), Approach)
        )

    def armed_action(self, sq: Square) -> Action | None:
        """The action an armed step, charge, overrun or tumble would be if it ended on `sq`."""
        kind, unit = self.ctl.armed, self.ctl.selected
        if kind is None or unit is None:
            return None
        form = shape(kind)
        if form.path == "square":
            return Action(kind, unit, (sq,))
        if kind == CHARGE and self.ctl.armed_target is not None:
            end = self.charges.end_at(self.ctl.situation(), self.ctl.version, unit, self.ctl.armed_target, sq)
            if end is not None and end.path:
                return Action(kind, unit, end.path, target=self.ctl.armed_target)  # the path along the clear line
        if form.path == "straight" and self.ctl.armed_target is not None:
            path = self.armed_path(sq)
            if form.through:
                return Action(kind, unit, path, through=self.ctl.armed_target)
            return Action(kind, unit, path, target=self.ctl.armed_target)
        return None

    def end_ruling(self, sq: Square) -> Ruling | Illegal | None:
        """What rule() says to the armed action ending on `sq` (None when nothing square-taking is armed)."""
        ends = self.legal_ends()
        if sq not in ends:
            action = self.armed_action(sq)
            if action is None or not action.path:
                return None
            ends[sq] = self.ctl.match.ruleset.rule(self.ctl.situation(), action, random.Random(0))
        return ends[sq]

    def legal_ends(self) -> dict[Square, Ruling | Illegal]:
        """Armed step, charge, overrun or tumble: each square it might end on → rule()'s answer (per state)."""
        key = (self.ctl.version, self.ctl.selected, self.ctl.armed, self.ctl.armed_target)
        if self._ends_key == key:
            return self._ends
        ends: dict[Square, Ruling | Illegal] = {}
        probe = self.armed_action((0, 0)) if self.ctl.selected else None
        if self.ctl.armed == CHARGE and self.ctl.armed_target is not None and self.ctl.selected is not None:
            ends = self._charge_ends()
        elif probe is not None and self.ctl.selected is not None:
            sit = self.ctl.situation()
            me = sit.creatures[self.ctl.selected]
            near = {(x + dx, y + dy) for x, y in me.footprint() for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
            far = (
                set(self.ctl.forecast.reach)
                if self.ctl.forecast is not None and shape(probe.kind).path == "straight"
                else set()
            )
            for sq in sorted(near | far):
                action = self.armed_action(sq)
                if action is None or not action.path or sq == me.at or not sit.board.in_bounds(sq):
                    continue
                # rule() is pure: asking it with a throwaway die changes nothing
                ends[sq] = self.ctl.match.ruleset.rule(sit, action, random.Random(0))
        self._ends_key, self._ends, self._shade = key, ends, None
        return ends

    def _charge_ends(self) -> dict[Square, Ruling | Illegal]:
        """Armed charge with its enemy chosen: every square of each closest footprint → rule()'s answer there,
        or the refusal of that end (PF1-CHARGE: the line's first blocking square, a taken square, too short)."""
        assert self.ctl.selected is not None and self.ctl.armed_target is not None
        sit = self.ctl.situation()
        ends: dict[Square, Ruling | Illegal] = {}
        for sq, end in self.charges.squares(sit, self.ctl.version, self.ctl.selected, self.ctl.armed_target).items():
            action = self.armed_action(end.at) if end.clear else None
            if action is None or end.refusal is not None:
                ends[sq] = end.refusal
            else:
                ends[sq] = self.ctl.match.ruleset.rule(sit, action, random.Random(0))
        return ends

    def charge_refusal(self, target: str) -> str | None:
        """Why the selected unit cannot charge `target` at all, as the tip and the message say it, or None."""
        if self.ctl.selected is None:
            return None
        why = self.charges.why_not(self.ctl.situation(), self.ctl.version, self.ctl.selected, target)
        if why is None:
            return None
        reason = refusal(why, names=self.ctl.names())
        return t(
            "charge.cannot_target",
            unit=self.ctl.name_of(self.ctl.selected),
            target=self.ctl.name_of(target),
            reason=reason,
        )

    def charge_marks(self) -> tuple[str | None, tuple[object, ...]]:
        """The enemy whose charge lines the board draws (the chosen one, else the hovered enemy) and its ends."""
        if self.ctl.armed != CHARGE or self.ctl.selected is None:
            return None, ()
        target = self.ctl.armed_target
        if target is None and self.ctl.hover_sq is not None:
            hovered = self.ctl.unit_at(self.ctl.hover_sq)
            sit = self.ctl.situation()
            me = sit.creatures[self.ctl.selected]
            target = hovered.id if hovered is not None and me.hostile_to(hovered) else None
        if target is None:
            return None, ()
        return target, self.charges.ends(self.ctl.situation(), self.ctl.version, self.ctl.selected, target)

    def shading(self) -> Forecast | None:
        """What the board shades: the reach, or while an action waits for its end square only where it may end."""
        if self.ctl.armed is None:
            return self.ctl.forecast
        ends = self.legal_ends()
        if self._shade is None and ends and self.ctl.selected is not None:
            legal = {
                sq: Reach(sq, r.cost, ARMED_BAND, self.armed_action(sq).path)  # type: ignore[union-attr]
                for sq, r in ends.items()
                if isinstance(r, Ruling)
            }
            self._shade = Forecast(self.ctl.selected, legal)
        return self._shade

    def armed_tip(self, sq: Square | None = None) -> str:
        """What the pointer tip says while an action is armed: whom or where to click, or why not there."""
        assert self.ctl.armed is not None
        name, form = action_name(self.ctl.armed), shape(self.ctl.armed)
        if self.ctl.armed == "attack" and self.ctl.armed_target is not None and self.ctl.selected is not None:
            return self.attack_tip(self.ctl.armed_target)
        ruled = self.end_ruling(sq) if sq is not None else None
        if isinstance(ruled, Illegal):
            return t("turns.cannot_end_here", action=name, reason=refusal(ruled, names=self.ctl.names()))
        if (
            self.ctl.armed == CHARGE
            and self.ctl.armed_target is None
            and sq is not None
            and self.ctl.selected is not None
        ):
            hovered = self.ctl.unit_at(sq)
            if hovered is not None and self.ctl.situation().creatures[self.ctl.selected].hostile_to(hovered):
                # before the click: why this enemy cannot be charged, or that it can
                why = self.charge_refusal(hovered.id)
                return why or t("charge.target_ok", target=self.ctl.name_of(hovered.id))
        if form.path == "straight" and self.ctl.armed_target is not None and self.ctl.selected is not None:
            return t("battle.armed_end_here", action=name, target=self.ctl.name_of(self.ctl.armed_target))
        if form.path == "straight":
            return t("battle.armed_enemy_first", action=name)
        if form.target:
            under = self.ctl.unit_at(sq) if sq is not None and self.ctl.selected is not None else None
            mine = self.ctl.situation().creatures[self.ctl.selected].side if self.ctl.selected is not None else None
            if under is not None and not under.defeated and under.side != mine and not form.path:
                # an enemy under the pointer says before the click whether this action may take it, and why not
                why = self.target_tip(self.ctl.armed, under.id)
                if why is not None:
                    return why
            return t("battle.armed_enemy", action=name)
        return t("battle.armed_square", action=name)

    def attack_tip(self, target: str, confirm: bool = True) -> str:
        """The attack forecast on `target`: the move into reach first (if one is needed, with the attacks of
        opportunity on the way), hit chance, damage range, the rules, and how to go on (`confirm`: it is aimed)."""
        odds = self.odds(target)
        if isinstance(odds, Illegal):
            reason = refusal(odds, names=self.ctl.names())
            return t("battle.refused_action", action=self.attack_name(), reason=reason)
        if self.ctl.touch:  # a touch screen (the kiosk): taps, not clicks
            key = "touch_hints.attack_forecast" if confirm else "touch_hints.hover_forecast"
        else:
            key = "turns.attack_forecast" if confirm else "attack_flow.hover_forecast"
        text = t(
            key,
            target=self.ctl.name_of(target),
            chance=round(odds.chance * 100),
            low=odds.low,
            high=odds.high,
            rules=" ".join(odds.rules),
        )
        text += "\n" + self.attack_parts(target, odds)
        way = self.approach_to(target)
        if isinstance(way, Approach) and way.to is not None:
            first = t("attack_flow.move_first", square=square_text(way.to), metres=float(way.cost_m))
            if way.provokers:
                first += " · " + t("battle.provokes_from", names=tuple(self.ctl.name_of(u) for u in way.provokers))
            text = f"{first}\n{text}"
        return text

    def attack_parts(self, target: str, odds: Odds) -> str:
        """What the chance and the damage come from, as the ruling rolls them: the attack and the defence with
        every modifier and its rule id, advantage, the d20 face that hits, natural 20 and 1, the damage dice,
        the target's hit points and whether a hit drops it, and (hexxen) the bindings the attack makes."""
        from rules.combat import GB_ATTACK  # the combat model waits for the first forecast (start-up time)

        lines = []
        if odds.to_hit is not None:
            lines.append(roll_parts(odds.to_hit))
        name = self.ctl.name_of(target)
        hp = self.ctl.situation().creatures[target].hp
        parts = []
        if odds.needs == 20:
            parts.append(t("forecast_parts.only_20"))
        elif odds.needs == 2:
            parts.append(t("forecast_parts.all_but_1"))
        elif odds.needs is not None:
            parts.append(t("forecast_parts.needs", face=odds.needs))
        elif odds.to_hit is not None and odds.to_hit.advantage:
            parts.append(t("attack_parts.each_die", face=odds.to_hit.needs))  # two dice: the face each one needs
        parts.append(t("attack_parts.naturals", rule=GB_ATTACK))
        lines.append(" · ".join(parts))
        parts = [t("attack_parts.damage", dice=odds.dice, low=odds.low, high=odds.high)] if odds.dice else []
        if odds.low >= hp:
            parts.append(t("forecast_parts.drops", target=name, hp=hp))
        elif odds.high >= hp:
            parts.append(t("forecast_parts.may_drop", target=name, hp=hp))
        else:
            parts.append(t("forecast_parts.survives", target=name, hp=hp))
        lines.append(" · ".join(parts))
        if odds.bindings:
            said = "; ".join(describe_event(e, names=self.ctl.names()) for e in odds.bindings)
            lines.append(t("attack_parts.then", what=said))
        return "\n".join(lines)

    def square_units(self, sq: Square | None) -> str | None:
        """Who shares the square `sq` (a Tiny group, or a token over a fallen one): every unit in it, standing
        first, with its hit points; None when one unit or none covers it."""
        if sq is None:
            return None
        here = [c for c in self.ctl.situation().creatures.values() if sq in c.footprint()]
        if len(here) < 2:
            return None
        here.sort(key=lambda c: (c.defeated, -c.size, c.id))
        names = self.ctl.names()
        said = [
            t("square_units.down", unit=names.get(c.id, c.id))
            if c.defeated
            else t("square_units.unit", unit=names.get(c.id, c.id), hp=c.hp, max_hp=max(c.max_hp, c.hp))
            for c in here
        ]
        return t("square_units.list", count=len(here), units=", ".join(said))

    def attack_name(self, kind: str = "attack") -> str:
        """The attack's name as a refusal says it; hexxen adds the chosen tactic ("Attack (relieve)")."""
        name = action_name(kind)
        if kind == "attack" and self.ctl.match.ruleset.TACTICS:
            return t("tips.with_tactic", action=name, tactic=t(f"tactic.{self.ctl.tactic}"))
        return name

    def target_tip(self, kind: str, target: str) -> str | None:
        """An armed action that takes only an enemy (sneak attack): why `target` may not be chosen, asked of rule()
        with dice that miss; None when it may."""
        assert self.ctl.selected is not None
        from game.ui.odds import MissingDice

        action = Action(kind, self.ctl.selected, target=target, tactic=self.ctl.tactic)
        ruled = self.ctl.match.ruleset.rule(self.ctl.situation(), action, MissingDice())
        if isinstance(ruled, Illegal):
            return t("battle.refused_action", action=action_name(kind), reason=refusal(ruled, names=self.ctl.names()))
        return None

    def why_not_here(self, sq: Square) -> str | None:
        """Why the selected unit cannot end its move on `sq`, an empty square just outside its shading: what
        `measure` rules of the step into it from the nearest shaded square ("[8, 1] is out of reach: open
        blocking terrain (a pit) … [PF1-OBSTACLE-BLOCK]"). None when `sq` is shaded, holds a unit, lies farther
        out, or the refusal is about another square (a detour's reason would mislead)."""
        if self.ctl.selected is None or self.ctl.forecast is None or self.ctl.forecast.unit != self.ctl.selected:
            return None
        reach = self.ctl.forecast.reach
        if sq in reach or not self.ctl.situation().board.in_bounds(sq) or self.ctl.unit_at(sq) is not None:
            return None
        mode = self.ctl.forecast.mode
        key = (self.ctl.version, self.ctl.selected, mode, sq)
        if key not in self._why_not:
            if len(self._why_not) > 256:
                self._why_not.clear()
            self._why_not[key] = self._why_not_here(sq, mode)
        return self._why_not[key]

    def _why_not_here(self, sq: Square, mode: str | None) -> str | None:
        assert self.ctl.selected is not None and self.ctl.forecast is not None
        x, y = sq
        reach = self.ctl.forecast.reach
        # the square's own reason shows best from beside it: straight neighbours first, then the cheapest
        shaded = [reach[n] for n in ((x + dx, y + dy) for dx, dy in DIRECTIONS) if n in reach]
        if not shaded:
            return None
        shaded.sort(key=lambda r: (r.at[0] != x and r.at[1] != y, r.cost))
        sit = self.ctl.situation()
        for entry in shaded:
            ruled = self.ctl.match.ruleset.measure(sit, self.ctl.selected, (*entry.path, sq), mode)
            if isinstance(ruled, Illegal) and ruled.at in (sq, None):
                reason = refusal(ruled, names=self.ctl.names())
                return t("battle.why_not_here", square=square_text(sq), reason=reason)
        return None

    def approach_path(self) -> tuple[Square, ...]:
        """The path of the move into reach of the aimed (or hovered) enemy (empty when none is needed)."""
        target = self.ctl.armed_target if self.ctl.armed == "attack" else None
        if (
            target is None
            and self.ctl.armed is None
            and self.ctl.hover_sq is not None
            and self.ctl.selected is not None
        ):
            hovered = self.ctl.unit_at(self.ctl.hover_sq)
            target = hovered.id if hovered is not None and hovered.id in self.attackable() else None
        if target is None or self.ctl.selected is None:
            return ()
        way = self.approach_to(target)
        return way.move.path if isinstance(way, Approach) and way.move is not None else ()

    def armed_path(self, sq: Square) -> tuple[Square, ...]:
        """The straight path a charge, overrun or tumble would take to end on `sq` (empty before the enemy);
        an aimed attack: the move into reach."""
        if self.ctl.armed == "attack":
            return self.approach_path()
        if self.ctl.armed is None or shape(self.ctl.armed).path != "straight" or self.ctl.armed_target is None:
            return ()
        if self.ctl.selected is None:
            return ()
        if self.ctl.armed == CHARGE:
            end = self.charges.end_at(
                self.ctl.situation(), self.ctl.version, self.ctl.selected, self.ctl.armed_target, sq
            )
            if end is not None:
                return end.path  # empty for a refused end: its line and blocking square are drawn instead
        return straight_path(self.ctl.situation().creatures[self.ctl.selected].at, sq)

    def card_lines(self) -> list[str]:
        """The hover card of the previewed path: what `measure` reports, then what it uses and leaves."""
        if self.ctl.preview is None or self.ctl.selected is None:
            return []
        sit, result = self.ctl.situation(), self.ctl.preview.result
        mode = self.ctl.forecast.mode if self.ctl.forecast is not None else None
        # the rules say what is left: a dash adds a speed (D5-DASH), a pf1 move action keeps no change
        after = None
        if isinstance(result, Ruling):
            after = self.ctl.match.ruleset.movement_left_after(sit, self.ctl.selected, result, mode)
        name = local(self.ctl.name_of(self.ctl.selected), current_language()) or self.ctl.selected
        return path_card(name, result, after, self.ctl.names())
