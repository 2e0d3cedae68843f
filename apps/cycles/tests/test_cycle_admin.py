"""The cycle in Django's admin: its status is read-only there. A release emails applicants
after the organizer confirms the count, and undoing one is refused once anyone answered
(apps.decisions.cycle_release); a bare field can ask neither, so the status moves on the
configuration page or with `manage.py set_cycle_status`."""

import pytest

from apps.cycles.selectors import current_cycle

pytestmark = pytest.mark.django_db


def test_the_status_cannot_be_changed_in_the_django_admin(admin_client):
    from django.contrib.auth import get_user_model

    get_user_model().objects.filter(email="grace@princeton.edu").update(is_staff=True, is_superuser=True)
    cycle = current_cycle()
    url = f"/django-admin/cycles/cycle/{cycle.pk}/change/"
    page = admin_client.get(url)
    assert page.status_code == 200
    form = page.context["adminform"].form
    assert "status" not in form.fields
    data = {name: form[name].value() for name in form.fields}
    data = {k: ("" if v is None else v) for k, v in data.items()}
    data["status"] = "released"
    data["location"] = "Friend Center"
    r = admin_client.post(url, data)
    assert r.status_code == 302, r.context["adminform"].form.errors if r.context else r
    cycle.refresh_from_db()
    assert cycle.status == "not_open" and cycle.location == "Friend Center"
