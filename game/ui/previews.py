"""What the battle controller shows before a click, without pygame: attack odds, where an armed action may end
(asked of rule() itself), the board shading while it waits, the pointer tip, and the path's hover card."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

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


class Previews:
    """The controller's look-ahead: every answer comes from the ruleset, nothing is performed."""

    match: Match
    selected: str | None
    forecast: Forecast | None
    preview: Preview | None
    armed: str | None
    armed_target: str | None
    tactic: str
    touch: bool
    version: int
    hover_sq: Square | None
    _ends_key: tuple[object, ...] | None
    _ends: dict[Square, Ruling | Illegal]
    _shade: Forecast | None
    _odds: dict[tuple[int, str, str, str], Odds | Illegal]
    _approach_key: tuple[object, ...] | None
    _approaches: dict[str, Approach | Illegal]
    _why_not: dict[tuple[object, ...], str | None]
    charges: ChargeLook

    def situation(self) -> Situation:
        """The match situation (the controller reads it once per state version)."""
        raise NotImplementedError

    def name_of(self, unit: str | None) -> str:
        """A unit's display name."""
        raise NotImplementedError

    def unit_at(self, sq: Square) -> Creature | None:
        """The unit covering `sq`."""
        raise NotImplementedError

    def odds(self, target: str) -> Odds | Illegal:
        """The selected unit's attack on `target` (after the move into reach, if one is needed): hit chance and
        damage range, or why it is refused (cached)."""
        assert self.selected is not None
        key = (self.version, self.selected, target, self.tactic)
        if key not in self._odds:
            way = self.approach_to(target)
            if isinstance(way, Illegal):
                self._odds[key] = way
            else:
                self._odds[key] = attack_odds(self.match.ruleset, way.after or self.situation(), way.attack)
        return self._odds[key]

    def approach_to(self, target: str) -> Approach | Illegal:
        """How the selected unit attacks `target` this turn: where it stands, or after the cheapest move into
        reach that rule() accepts the attack after (cached per state, unit, tactic and mode)."""
        assert self.selected is not None
        mode = self.forecast.mode if self.forecast is not None else None
        key = (self.version, self.selected, self.tactic, mode)
        if self._approach_key != key:
            self._approach_key, self._approaches = key, {}
        if target not in self._approaches:
            reach = self.forecast.reach if self.forecast is not None and self.forecast.unit == self.selected else {}
            sit = self.situation()
            from rules.hexxen import release_choices  # start-up time: hexxen's modules wait for an attack's hover

            comrades = release_choices(sit, self.selected, target, self.tactic)
            release = comrades[0] if len(comrades) > 1 else None  # the player picks one after confirming
            self._approaches[target] = find_approach(
                self.match.ruleset, sit, self.selected, target, reach, self.tactic, mode, release
            )
        return self._approaches[target]

    def attackable(self) -> frozenset[str]:
        """The enemies the selected unit can attack this turn, from where it stands or after a move (ringed)."""
        if self.selected is None:
            return frozenset()
        sit = self.situation()
        side = sit.creatures[self.selected].side
        return frozenset(
            uid
            for uid, c in sit.creatures.items()
            if c.side != side and not c.defeated and isinstance(self.approach_to(uid), Approach)
        )

    def _armed_action(self, sq: Square) -> Action | None:
        """The action an armed step, charge, overrun or tumble would be if it ended on `sq`."""
        kind, unit = self.armed, self.selected
        if kind is None or unit is None:
            return None
        form = shape(kind)
        if form.path == "square":
            return Action(kind, unit, (sq,))
        if kind == CHARGE and self.armed_target is not None:
            end = self.charges.end_at(self.situation(), self.version, unit, self.armed_target, sq)
            if end is not None and end.path:
                return Action(kind, unit, end.path, target=self.armed_target)  # the path along the clear line
        if form.path == "straight" and self.armed_target is not None:
            path = self.armed_path(sq)
            if form.through:
                return Action(kind, unit, path, through=self.armed_target)
            return Action(kind, unit, path, target=self.armed_target)
        return None

    def end_ruling(self, sq: Square) -> Ruling | Illegal | None:
        """What rule() says to the armed action ending on `sq` (None when nothing square-taking is armed)."""
        ends = self.legal_ends()
        if sq not in ends:
            action = self._armed_action(sq)
            if action is None or not action.path:
                return None
            ends[sq] = self.match.ruleset.rule(self.situation(), action, random.Random(0))
        return ends[sq]

    def legal_ends(self) -> dict[Square, Ruling | Illegal]:
        """Armed step, charge, overrun or tumble: each square it might end on → rule()'s answer (per state)."""
        key = (self.version, self.selected, self.armed, self.armed_target)
        if self._ends_key == key:
            return self._ends
        ends: dict[Square, Ruling | Illegal] = {}
        probe = self._armed_action((0, 0)) if self.selected else None
        if self.armed == CHARGE and self.armed_target is not None and self.selected is not None:
            ends = self._charge_ends()
        elif probe is not None and self.selected is not None:
            sit = self.situation()
            me = sit.creatures[self.selected]
            near = {(x + dx, y + dy) for x, y in me.footprint() for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
            far = (
                set(self.forecast.reach)
                if self.forecast is not None and shape(probe.kind).path == "straight"
                else set()
            )
            for sq in sorted(near | far):
                action = self._armed_action(sq)
                if action is None or not action.path or sq == me.at or not sit.board.in_bounds(sq):
                    continue
                # rule() is pure: asking it with a throwaway die changes nothing
                ends[sq] = self.match.ruleset.rule(sit, action, random.Random(0))
        self._ends_key, self._ends, self._shade = key, ends, None
        return ends

    def _charge_ends(self) -> dict[Square, Ruling | Illegal]:
        """Armed charge with its enemy chosen: every square of each closest footprint → rule()'s answer there,
        or the refusal of that end (PF1-CHARGE: the line's first blocking square, a taken square, too short)."""
        assert self.selected is not None and self.armed_target is not None
        sit = self.situation()
        ends: dict[Square, Ruling | Illegal] = {}
        for sq, end in self.charges.squares(sit, self.version, self.selected, self.armed_target).items():
            action = self._armed_action(end.at) if end.clear else None
            if action is None or end.refusal is not None:
                ends[sq] = end.refusal
            else:
                ends[sq] = self.match.ruleset.rule(sit, action, random.Random(0))
        return ends

    def charge_refusal(self, target: str) -> str | None:
        """Why the selected unit cannot charge `target` at all, as the tip and the message say it, or None."""
        if self.selected is None:
            return None
        why = self.charges.why_not(self.situation(), self.version, self.selected, target)
        if why is None:
            return None
        reason = refusal(why, names=self.names())
        return t("charge.cannot_target", unit=self.name_of(self.selected), target=self.name_of(target), reason=reason)

    def charge_marks(self) -> tuple[str | None, tuple[object, ...]]:
        """The enemy whose charge lines the board draws (the chosen one, else the hovered enemy) and its ends."""
        if self.armed != CHARGE or self.selected is None:
            return None, ()
        target = self.armed_target
        if target is None and self.hover_sq is not None:
            hovered = self.unit_at(self.hover_sq)
            sit = self.situation()
            me = sit.creatures[self.selected]
            target = hovered.id if hovered is not None and me.hostile_to(hovered) else None
        if target is None:
            return None, ()
        return target, self.charges.ends(self.situation(), self.version, self.selected, target)

    def shading(self) -> Forecast | None:
        """What the board shades: the reach, or while an action waits for its end square only where it may end."""
        if self.armed is None:
            return self.forecast
        ends = self.legal_ends()
        if self._shade is None and ends and self.selected is not None:
            legal = {
                sq: Reach(sq, r.cost, ARMED_BAND, self._armed_action(sq).path)  # type: ignore[union-attr]
                for sq, r in ends.items()
                if isinstance(r, Ruling)
            }
            self._shade = Forecast(self.selected, legal)
        return self._shade

    def armed_tip(self, sq: Square | None = None) -> str:
        """What the pointer tip says while an action is armed: whom or where to click, or why not there."""
        assert self.armed is not None
        name, form = action_name(self.armed), shape(self.armed)
        if self.armed == "attack" and self.armed_target is not None and self.selected is not None:
            return self.attack_tip(self.armed_target)
        ruled = self.end_ruling(sq) if sq is not None else None
        if isinstance(ruled, Illegal):
            return t("turns.cannot_end_here", action=name, reason=refusal(ruled, names=self.names()))
        if self.armed == CHARGE and self.armed_target is None and sq is not None and self.selected is not None:
            hovered = self.unit_at(sq)
            if hovered is not None and self.situation().creatures[self.selected].hostile_to(hovered):
                # before the click: why this enemy cannot be charged, or that it can
                why = self.charge_refusal(hovered.id)
                return why or t("charge.target_ok", target=self.name_of(hovered.id))
        if form.path == "straight" and self.armed_target is not None and self.selected is not None:
            return t("battle.armed_end_here", action=name, target=self.name_of(self.armed_target))
        if form.path == "straight":
            return t("battle.armed_enemy_first", action=name)
        if form.target:
            under = self.unit_at(sq) if sq is not None and self.selected is not None else None
            mine = self.situation().creatures[self.selected].side if self.selected is not None else None
            if under is not None and not under.defeated and under.side != mine and not form.path:
                # an enemy under the pointer says before the click whether this action may take it, and why not
                why = self.target_tip(self.armed, under.id)
                if why is not None:
                    return why
            return t("battle.armed_enemy", action=name)
        return t("battle.armed_square", action=name)

    def attack_tip(self, target: str, confirm: bool = True) -> str:
        """The attack forecast on `target`: the move into reach first (if one is needed, with the attacks of
        opportunity on the way), hit chance, damage range, the rules, and how to go on (`confirm`: it is aimed)."""
        odds = self.odds(target)
        if isinstance(odds, Illegal):
            reason = refusal(odds, names=self.names())
            return t("battle.refused_action", action=self.attack_name(), reason=reason)
        if self.touch:  # a touch screen (the kiosk): taps, not clicks
            key = "touch_hints.attack_forecast" if confirm else "touch_hints.hover_forecast"
        else:
            key = "turns.attack_forecast" if confirm else "attack_flow.hover_forecast"
        text = t(
            key,
            target=self.name_of(target),
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
                first += " · " + t("battle.provokes_from", names=", ".join(self.name_of(u) for u in way.provokers))
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
        name = self.name_of(target)
        hp = self.situation().creatures[target].hp
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
            said = "; ".join(describe_event(e, names=self.names()) for e in odds.bindings)
            lines.append(t("attack_parts.then", what=said))
        return "\n".join(lines)

    def square_units(self, sq: Square | None) -> str | None:
        """Who shares the square `sq` (a Tiny group, or a token over a fallen one): every unit in it, standing
        first, with its hit points; None when one unit or none covers it."""
        if sq is None:
            return None
        here = [c for c in self.situation().creatures.values() if sq in c.footprint()]
        if len(here) < 2:
            return None
        here.sort(key=lambda c: (c.defeated, -c.size, c.id))
        names = self.names()
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
        if kind == "attack" and self.match.ruleset.TACTICS:
            return t("tips.with_tactic", action=name, tactic=t(f"tactic.{self.tactic}"))
        return name

    def target_tip(self, kind: str, target: str) -> str | None:
        """An armed action that takes only an enemy (sneak attack): why `target` may not be chosen, asked of rule()
        with dice that miss; None when it may."""
        assert self.selected is not None
        from game.ui.odds import MissingDice

        action = Action(kind, self.selected, target=target, tactic=self.tactic)
        ruled = self.match.ruleset.rule(self.situation(), action, MissingDice())
        if isinstance(ruled, Illegal):
            return t("battle.refused_action", action=action_name(kind), reason=refusal(ruled, names=self.names()))
        return None

    def why_not_here(self, sq: Square) -> str | None:
        """Why the selected unit cannot end its move on `sq`, an empty square just outside its shading: what
        `measure` rules of the step into it from the nearest shaded square ("[8, 1] is out of reach: open
        blocking terrain (a pit) … [PF1-OBSTACLE-BLOCK]"). None when `sq` is shaded, holds a unit, lies farther
        out, or the refusal is about another square (a detour's reason would mislead)."""
        if self.selected is None or self.forecast is None or self.forecast.unit != self.selected:
            return None
        reach = self.forecast.reach
        if sq in reach or not self.situation().board.in_bounds(sq) or self.unit_at(sq) is not None:
            return None
        mode = self.forecast.mode
        key = (self.version, self.selected, mode, sq)
        if key not in self._why_not:
            if len(self._why_not) > 256:
                self._why_not.clear()
            self._why_not[key] = self._why_not_here(sq, mode)
        return self._why_not[key]

    def _why_not_here(self, sq: Square, mode: str | None) -> str | None:
        assert self.selected is not None and self.forecast is not None
        x, y = sq
        reach = self.forecast.reach
        # the square's own reason shows best from beside it: straight neighbours first, then the cheapest
        shaded = [reach[n] for n in ((x + dx, y + dy) for dx, dy in DIRECTIONS) if n in reach]
        if not shaded:
            return None
        shaded.sort(key=lambda r: (r.at[0] != x and r.at[1] != y, r.cost))
        sit = self.situation()
        for entry in shaded:
            ruled = self.match.ruleset.measure(sit, self.selected, (*entry.path, sq), mode)
            if isinstance(ruled, Illegal) and ruled.at in (sq, None):
                reason = refusal(ruled, names=self.names())
                return t("battle.why_not_here", square=square_text(sq), reason=reason)
        return None

    def approach_path(self) -> tuple[Square, ...]:
        """The path of the move into reach of the aimed (or hovered) enemy (empty when none is needed)."""
        target = self.armed_target if self.armed == "attack" else None
        if target is None and self.armed is None and self.hover_sq is not None and self.selected is not None:
            hovered = self.unit_at(self.hover_sq)
            target = hovered.id if hovered is not None and hovered.id in self.attackable() else None
        if target is None or self.selected is None:
            return ()
        way = self.approach_to(target)
        return way.move.path if isinstance(way, Approach) and way.move is not None else ()

    def armed_path(self, sq: Square) -> tuple[Square, ...]:
        """The straight path a charge, overrun or tumble would take to end on `sq` (empty before the enemy);
        an aimed attack: the move into reach."""
        if self.armed == "attack":
            return self.approach_path()
        if self.armed is None or shape(self.armed).path != "straight" or self.armed_target is None:
            return ()
        if self.selected is None:
            return ()
        if self.armed == CHARGE:
            end = self.charges.end_at(self.situation(), self.version, self.selected, self.armed_target, sq)
            if end is not None:
                return end.path  # empty for a refused end: its line and blocking square are drawn instead
        return straight_path(self.situation().creatures[self.selected].at, sq)

    def card_lines(self) -> list[str]:
        """The hover card of the previewed path: what `measure` reports, then what it uses and leaves."""
        if self.preview is None or self.selected is None:
            return []
        sit, result = self.situation(), self.preview.result
        mode = self.forecast.mode if self.forecast is not None else None
        # the rules say what is left: a dash adds a speed (D5-DASH), a pf1 move action keeps no change
        after = None
        if isinstance(result, Ruling):
            after = self.match.ruleset.movement_left_after(sit, self.selected, result, mode)
        name = local(self.name_of(self.selected), current_language()) or self.selected
        return path_card(name, result, after, self.names())
