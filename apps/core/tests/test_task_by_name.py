"""Services queue their tasks by name (apps.core.tasks.delay), so a renamed or moved task must
fail here, not drop its work silently in production."""

from __future__ import annotations

import pytest
from celery import current_app

from apps.checkin import tickets
from apps.core.tasks import delay
from apps.mailings import services as mailing_services
from apps.reviews import ranking_state


@pytest.mark.parametrize(
    "name", [tickets.SEND_TASK, mailing_services.SEND_TEST_TASK, ranking_state.REFRESH_TASK], ids=str
)
def test_each_name_a_service_sends_is_a_registered_task(name):
    current_app.loader.import_default_modules()
    assert name in current_app.tasks


def test_an_unknown_name_is_an_error_not_a_silent_drop():
    with pytest.raises(KeyError):
        delay("apps.nowhere.tasks.nothing")
