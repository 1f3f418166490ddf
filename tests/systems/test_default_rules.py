"""A stateless request that names no rules reads the game's one default instance, and one that
names any gets its own: the default is a frozen model, so sharing it changes nothing a rule reads."""

from __future__ import annotations

import pydantic
import pytest

from service.systems import REGISTRY
from service.systems.eclipse import options as eclipse_options
from service.systems.ncb import options as ncb_options

GAMES = {"ncb": ncb_options, "eclipse": eclipse_options}


def _inputs_with_rules(system: str) -> list[type[pydantic.BaseModel]]:
    return [
        mechanic.input
        for mechanic in REGISTRY.mechanics.values()
        if mechanic.system == system and mechanic.input is not None and "rules" in mechanic.input.model_fields
    ]


@pytest.mark.parametrize("system", list(GAMES))
def test_every_stateless_input_takes_the_shared_default(system: str) -> None:
    options = GAMES[system]
    inputs = _inputs_with_rules(system)
    assert inputs, system
    for model in inputs:
        field = model.model_fields["rules"]
        assert field.default_factory is options.default_rules, model.__name__
        assert field.default_factory() is options.DEFAULT_RULES
        assert options.DEFAULT_RULES == type(options.DEFAULT_RULES)()  # every option at its documented default


@pytest.mark.parametrize(("system", "operation"), [("ncb", "ncbAttack"), ("eclipse", "eclipseTest")])
def test_a_request_without_rules_reads_the_default_and_one_with_rules_its_own(system: str, operation: str) -> None:
    from service.api.examples import odds_body

    options = GAMES[system]
    default = options.DEFAULT_RULES
    model = next(m for m in _inputs_with_rules(system) if m.__name__.lower().startswith(operation.lower()))
    body = {key: value for key, value in odds_body(operation).items() if key != "rules"}
    assert model.model_validate(body).rules is default
    name, field = next((n, f) for n, f in type(default).model_fields.items() if isinstance(getattr(default, n), bool))
    own = model.model_validate({**body, "rules": {field.alias or name: not getattr(default, name)}}).rules
    assert own is not default and getattr(own, name) is not getattr(default, name)
    assert getattr(default, name) is getattr(type(default)(), name)  # the default itself untouched
    with pytest.raises(pydantic.ValidationError):  # and it cannot be touched: a frozen model
        setattr(default, name, not getattr(default, name))
