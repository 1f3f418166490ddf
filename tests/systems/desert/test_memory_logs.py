"""Memory logs: private needs nobody's consent; limited and public need everyone else's."""

from __future__ import annotations

import pytest

from service.errors import RuleViolation
from service.systems.desert import errors
from service.systems.desert.rules.memory_logs import check_access, missing_consent


def test_private_memory_log_needs_no_consent() -> None:
    check_access("private", [], "sam", ["timur"], [])


def test_public_memory_log_without_consent_is_refused() -> None:
    with pytest.raises(RuleViolation) as caught:
        check_access("public", [], "sam", ["timur", "marin"], ["marin"])
    assert caught.value.code == errors.CONSENT_MISSING and caught.value.status == 409
    assert caught.value.extra["missing"] == ["timur"]


def test_limited_memory_log_needs_an_audience_and_consent() -> None:
    with pytest.raises(RuleViolation) as caught:
        check_access("limited", [], "sam", [], [])
    assert caught.value.code == errors.AUDIENCE_MISSING
    check_access("limited", ["the memory club"], "sam", ["timur"], ["timur"])


def test_the_owner_never_needs_to_consent_to_their_own_log() -> None:
    assert missing_consent("sam", ["sam", "timur"], ["timur"]) == []
