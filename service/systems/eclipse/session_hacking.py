"""Session forms of hacking: intrusions are kept at the table with their privileges and status."""

from __future__ import annotations

from service.dice.stream import Stream
from service.registry import Actor
from service.systems.eclipse import errors
from service.systems.eclipse.character import require_able, state_modifiers, subject
from service.systems.eclipse.hacking import terms
from service.systems.eclipse.procedures import common_modifiers, full_test, modifiers_from, spends_from
from service.systems.eclipse.session_combat import count_in_turn
from service.systems.eclipse.session_models import (
    EclipseEndIntrusion,
    EclipseEndIntrusionResult,
    EclipseHackInSession,
    EclipseHackInSessionResult,
)
from service.systems.eclipse.session_tests import check_affordable, pay
from service.systems.eclipse.stateless import hack_outcome
from service.systems.eclipse.table import character, control, editable, rules_of

MAX_INTRUSIONS = 64
METHOD_LABEL = {"brute-force": "brute-force hack", "subtle": "subtle intrusion"}


def hack(state: dict, params: EclipseHackInSession, stream: Stream, actor: Actor) -> tuple[dict, EclipseHackInSessionResult]:
    new = editable(state)
    rules = rules_of(new)
    char = character(new, params.hacker.character)
    control(actor, char)
    require_able(char)
    if (params.system is None) == (params.intrusion is None):
        raise errors.refuse(errors.TEST_SUBJECT, "name a target `system` for a new intrusion, or an `intrusion` to escalate")
    current = None
    if params.intrusion is not None:
        current = new["intrusions"].get(params.intrusion)
        if current is None:
            raise errors.refuse(errors.UNKNOWN_INTRUSION, f"no intrusion {params.intrusion!r}")
        if current["hacker"] != char["id"]:
            raise errors.refuse(errors.NOT_THIS_HACKERS_INTRUSION, f"intrusion {params.intrusion} belongs to {current['hacker']}")
    firewall = params.firewall if params.firewall is not None else (current["firewall"] if current else None)
    if firewall is None:
        raise errors.refuse(errors.TEST_SUBJECT, "give the target's `firewall` rating")
    if current is None and len(new["intrusions"]) >= MAX_INTRUSIONS:
        raise errors.refuse(errors.TABLE_FULL, f"at most {MAX_INTRUSIONS} intrusions at once: end some first")
    # The text: brute force takes a complex action, a subtle intrusion is a task action (`terms`).
    action = count_in_turn(new, char["id"], terms(params.method).action, "mesh", METHOD_LABEL[params.method], actor)
    subj = subject(char, skill="Infosec", aptitude_check=None, default_aptitude=None, rules=rules)
    h_in = params.hacker
    mods = common_modifiers(specialization=h_in.specialization, retries=0, listed=h_in.modifiers)
    mods += list(terms(params.method).modifiers) + state_modifiers(char, subj, rules)
    if h_in.specialization and not subj.specialization:
        raise errors.refuse(errors.NO_SPECIALIZATION, f"{char['id']} has no Infosec specialization")
    spends = spends_from(h_in.pool_spends)
    check_affordable(char, spends)
    h = full_test(stream, base=subj.base, modifiers=mods, spends=spends, aptitude=subj.aptitude, defaulting=subj.defaulting, rules=rules)
    f = full_test(stream, base=firewall, modifiers=modifiers_from(params.firewall_modifiers), rules=rules)
    pay(char, h.run.spends)
    char["nextTestModifier"] = 0
    out = hack_outcome(params.method, h, f, (current["privileges"], current["status"]) if current else None, rules)
    intrusion_id = params.intrusion
    if out.success and out.intrusion is not None:
        if current is None:
            intrusion_id = f"i{new['nextIntrusion']}"
            new["nextIntrusion"] += 1
            current = {"id": intrusion_id, "hacker": char["id"], "system": params.system, "firewall": firewall, "method": params.method}
            new["intrusions"][intrusion_id] = current
        current.update({"privileges": out.intrusion.privileges, "status": out.intrusion.status, "method": params.method})
    return new, EclipseHackInSessionResult(**out.model_dump(), intrusion_id=intrusion_id, action_turn=action)


def end_intrusion(state: dict, params: EclipseEndIntrusion, actor: Actor) -> tuple[dict, EclipseEndIntrusionResult]:
    new = editable(state)
    found = new["intrusions"].get(params.intrusion)
    if found is None:
        raise errors.refuse(errors.UNKNOWN_INTRUSION, f"no intrusion {params.intrusion!r}")
    control(actor, character(new, found["hacker"]))
    del new["intrusions"][params.intrusion]
    return new, EclipseEndIntrusionResult(intrusion=params.intrusion, ended=True)
