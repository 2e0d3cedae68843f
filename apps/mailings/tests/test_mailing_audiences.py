"""The batch-email audiences: mailings resolves a name through the registry, the applications
app registers one audience per application status (mailings never imports Application)."""

import pytest

from apps.applications.models import Application, ApplicationStatus
from apps.cycles.selectors import current_cycle
from apps.mailings import audiences


def test_every_application_status_and_custom_is_an_audience():
    """The contract's list, in the statuses' order; the accounts that never started; the two
    that take an argument (the table's filter, its picked rows); then the pasted list."""
    assert audiences.names() == (*ApplicationStatus.values, "never_started", "filter", "selection", "custom")


def test_a_status_audience_lists_the_current_cycles_applicants_with_it(db):
    """Resolved at scheduling time, from the current cycle only, ordered by email."""
    from conftest import make_user

    cycle = current_cycle()
    for email in ("b@princeton.edu", "a@princeton.edu"):
        Application.objects.create(user=make_user(email), cycle=cycle, email=email, status=ApplicationStatus.ACCEPTED)
    assert audiences.resolve("accepted").recipients() == ["a@princeton.edu", "b@princeton.edu"]
    assert audiences.resolve("rejected").recipients() == []


def test_custom_cannot_be_registered_and_unknown_names_are_refused():
    """`custom` is mailings' own pasted list; a name nobody registered is a lookup error."""
    with pytest.raises(ValueError):
        audiences.register("custom", list, empty_message="x")
    with pytest.raises(LookupError):
        audiences.resolve("no-such-audience")
    assert audiences.resolve("custom", emails_text="x@y.edu, z@y.edu").recipients() == ["x@y.edu", "z@y.edu"]
