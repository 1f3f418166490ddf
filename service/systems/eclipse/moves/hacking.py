"""Hacking: stateless, and in a session where intrusions are kept at the table with their privileges and status."""

from __future__ import annotations

from service.dice.odds import Odds
from service.dice.stream import Stream
from service.registry import Actor
from service.systems.eclipse import SYSTEM, errors
from service.systems.eclipse.moves.common import check_affordable, count_in_turn, pay
from service.systems.eclipse.moves.procedures import (
    D100,
    FullTest,
    PlannedTest,
    common_modifiers,
    modifiers_from,
    plan_test,
    roll_test,
    spends_from,
)
from service.systems.eclipse.options import EclipseRules
from service.systems.eclipse.rules.character import require_able, state_modifiers, subject
from service.systems.eclipse.rules.hacking import Method, Privileges, Status, intrusion, terms
from service.systems.eclipse.rules.odds_hacking import intrusion_odds
from service.systems.eclipse.rules.opposed import winner
from service.systems.eclipse.state import Character, EclipseState, Intrusion, control
from service.systems.eclipse.wire.hacking import (
    EclipseHackInSession,
    EclipseHackInSessionResult,
    EclipseHackInput,
    EclipseHackResult,
    EclipseIntrusionState,
    MAX_INTRUSIONS,
)


def _plans(params: EclipseHackInput) -> tuple[PlannedTest, PlannedTest]:
    """The hacker's Infosec test (with the method's penalty) and the Firewall's test against it."""
    rules = params.rules
    method = terms(params.method)
    h_mods = common_modifiers(specialization=params.specialization, retries=0, listed=params.modifiers) + list(method.modifiers)
    h = plan_test(base=params.infosec, modifiers=h_mods, spends=spends_from(params.pool_spends), aptitude="cog", rules=rules)
    f = plan_test(base=params.firewall, modifiers=modifiers_from(params.firewall_modifiers), rules=rules)
    return h, f


def hack(params: EclipseHackInput, stream: Stream) -> EclipseHackResult:
    h_plan, f_plan = _plans(params)
    h, f = roll_test(stream, h_plan), roll_test(stream, f_plan)
    current = (params.current.privileges, params.current.status) if params.current else None
    return hack_outcome(params.method, h, f, current, params.rules)


def hack_odds(params: EclipseHackInput) -> Odds:
    h_plan, f_plan = _plans(params)
    current = (params.current.privileges, params.current.status) if params.current else None
    return intrusion_odds(h_plan.results(), f_plan.results(), params.method, current, params.rules)


def hack_outcome(method_name: Method, h: FullTest, f: FullTest, current: tuple[Privileges, Status] | None, rules: EclipseRules) -> EclipseHackResult:
    method = terms(method_name)
    won, _ = winner(h.run.result, f.run.result, critical_beats_success=rules.critical_beats_success, tie="deadlock")
    success = won == "a"
    state = None
    if success:
        privileges, status = intrusion(h.run.result, method_name, current)
        state = EclipseIntrusionState(privileges=privileges, status=status)
    elif current is not None:
        state = EclipseIntrusionState(privileges=current[0], status=current[1])
    return EclipseHackResult(
        method=method_name,
        action=method.action,
        timeframe_hours=method.timeframe_hours,
        hacker=h.wire,
        firewall=f.wire,
        winner=won,
        success=success,
        intrusion=state,
    )


METHOD_LABEL = {"brute-force": "brute-force hack", "subtle": "subtle intrusion"}


def hack_in_session(
    state: EclipseState, params: EclipseHackInSession, stream: Stream, actor: Actor
) -> tuple[EclipseState, EclipseHackInSessionResult]:
    rules = state.rules
    char = state.character(params.hacker.character)
    control(actor, char)
    require_able(char)
    current, firewall = _target(state, params, char)
    # The text: brute force takes a complex action, a subtle intrusion is a task action (`terms`).
    state, action = count_in_turn(state, char.id, terms(params.method).action, "mesh", METHOD_LABEL[params.method], actor)
    h_plan, f_plan = _session_plans(state, params, char, firewall)
    h, f = roll_test(stream, h_plan), roll_test(stream, f_plan)
    state = state.with_character(pay(char, h.run.spends).model_copy(update={"next_test_modifier": 0}))
    out = hack_outcome(params.method, h, f, (current.privileges, current.status) if current else None, rules)
    intrusion_id = params.intrusion
    if out.success and out.intrusion is not None:
        privileges, status = out.intrusion.privileges, out.intrusion.status
        if current is None:
            intrusion_id = f"i{state.next_intrusion}"
            opened = Intrusion(
                id=intrusion_id, hacker=char.id, system=params.system, firewall=firewall, method=params.method, privileges=privileges, status=status
            )
            state = state.model_copy(update={"next_intrusion": state.next_intrusion + 1})
        else:
            opened = current.model_copy(update={"privileges": privileges, "status": status, "method": params.method})
        state = state.model_copy(update={"intrusions": {**state.intrusions, opened.id: opened}})
    return state, EclipseHackInSessionResult(**out.model_dump(), intrusion_id=intrusion_id, action_turn=action)


def hack_session_odds(state: EclipseState, params: EclipseHackInSession, actor: Actor) -> Odds:
    """The hack against the table's intrusion (or a new one); no action is counted, no point paid."""
    char = state.character(params.hacker.character)
    current, firewall = _target(state, params, char)
    h_plan, f_plan = _session_plans(state, params, char, firewall)
    held = (current.privileges, current.status) if current else None
    return intrusion_odds(h_plan.results(), f_plan.results(), params.method, held, state.rules)


def _target(state: EclipseState, params: EclipseHackInSession, char: Character) -> tuple[Intrusion | None, int]:
    """The intrusion escalated (None for a new one) and the Firewall rating it is hacked against."""
    if (params.system is None) == (params.intrusion is None):
        raise errors.refuse(errors.TEST_SUBJECT, "name a target `system` for a new intrusion, or an `intrusion` to escalate")
    current = None
    if params.intrusion is not None:
        current = state.intrusions.get(params.intrusion)
        if current is None:
            raise errors.refuse(errors.UNKNOWN_INTRUSION, f"no intrusion {params.intrusion!r}")
        if current.hacker != char.id:
            raise errors.refuse(errors.NOT_THIS_HACKERS_INTRUSION, f"intrusion {params.intrusion} belongs to {current.hacker}")
    firewall = params.firewall if params.firewall is not None else (current.firewall if current else None)
    if firewall is None:
        raise errors.refuse(errors.TEST_SUBJECT, "give the target's `firewall` rating")
    if current is None and len(state.intrusions) >= MAX_INTRUSIONS:
        raise errors.refuse(errors.TABLE_FULL, f"at most {MAX_INTRUSIONS} intrusions at once: end some first")
    return current, firewall


def _session_plans(state: EclipseState, params: EclipseHackInSession, char: Character, firewall: int) -> tuple[PlannedTest, PlannedTest]:
    """The character's Infosec test from its sheet and state, and the Firewall's test."""
    rules = state.rules
    subj = subject(char, skill="Infosec", aptitude_check=None, default_aptitude=None, rules=rules)
    h_in = params.hacker
    mods = common_modifiers(specialization=h_in.specialization, retries=0, listed=h_in.modifiers)
    mods += list(terms(params.method).modifiers) + state_modifiers(char, subj, rules)
    if h_in.specialization and not subj.specialization:
        raise errors.refuse(errors.NO_SPECIALIZATION, f"{char.id} has no Infosec specialization")
    spends = spends_from(h_in.pool_spends)
    check_affordable(char, spends)
    h = plan_test(base=subj.base, modifiers=mods, spends=spends, aptitude=subj.aptitude, defaulting=subj.defaulting, rules=rules)
    f = plan_test(base=firewall, modifiers=modifiers_from(params.firewall_modifiers), rules=rules)
    return h, f


SYSTEM.mechanic(
    "hack",
    "Hack a system: Infosec against its Firewall, by brute force or subtle intrusion",
    "Brute force is a complex action at −30 and leaves the intruder spotted; a subtle intrusion is a 1-hour task "
    "and leaves it covert. Winning gives user privileges, one step more (security, admin) per superior success; "
    "a critical success raises the status one step (spotted → covert → hidden). Escalating an intrusion keeps "
    "what it had. In a session the intrusion is kept at the table, and while initiative order exists only the "
    "character whose turn it is may hack (the GM's seat excepted) and the hack counts against its action turn "
    "(brute force a complex action, a subtle intrusion a task action). " + D100,
    stateless=hack,
    session=hack_in_session,
    odds=hack_odds,
    session_odds=hack_session_odds,
)
