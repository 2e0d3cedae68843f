"""The cycle in Django's admin: a status change goes through cycle_set_status."""

from unittest import mock

import pytest

from apps.cycles import services
from apps.cycles.selectors import current_cycle

pytestmark = pytest.mark.django_db


def test_a_status_change_in_the_django_admin_goes_through_the_service(admin_client):
    from django.contrib.auth import get_user_model

    get_user_model().objects.filter(email="grace@princeton.edu").update(is_staff=True, is_superuser=True)
    cycle = current_cycle()
    url = f"/django-admin/cycles/cycle/{cycle.pk}/change/"
    page = admin_client.get(url)
    assert page.status_code == 200
    form = page.context["adminform"].form
    data = {name: form[name].value() for name in form.fields}
    data = {k: ("" if v is None else v) for k, v in data.items()}
    data["status"] = "closed"
    with mock.patch.object(services, "cycle_set_status", wraps=services.cycle_set_status) as spy:
        r = admin_client.post(url, data)
    assert r.status_code == 302, r.context["adminform"].form.errors if r.context else r
    spy.assert_called_once()
    cycle.refresh_from_db()
    assert cycle.status == "closed"
