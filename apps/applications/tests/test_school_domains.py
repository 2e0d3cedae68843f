"""The school prefilled from the applicant's email address: a name of the school list, taken
from the domain table only when it names one listed school, else nothing."""

from __future__ import annotations

import pytest

from apps.accounts.models import WhitelistRule
from apps.applications import selectors
from apps.applications.apply_pages import apply_props
from apps.applications.school_domains import school_for_email
from apps.applications.tests.applicant_data import open_cycle  # noqa: F401
from apps.core.tests.factories import UserFactory


@pytest.mark.parametrize(
    "email, school",
    [
        ("ada@umich.edu", "University of Michigan"),  # three campuses share it: the university
        ("ada@princeton.edu", "Princeton University"),
        ("ada@cs.stanford.edu", "Stanford University"),  # a department's subdomain
        ("ada@berkeley.edu", "University of California Berkeley"),  # punctuation aside
        ("ADA@MIT.EDU", "Massachusetts Institute of Technology"),
        ("ada@gmail.com", None),  # free mail
        ("ada@example.org", None),  # unknown
        ("not an address", None),
        ("", None),
    ],
)
def test_the_domain_names_a_listed_school_or_nothing(email, school):
    found = school_for_email(email)
    assert found == school
    assert found is None or found in selectors.school_set()


def test_the_apply_page_prefills_only_an_application_without_a_school(db, open_cycle):  # noqa: F811
    user = UserFactory(email="ada@umich.edu")
    assert apply_props(user)["schoolFromEmail"] == "University of Michigan"
    # A whitelisted personal address may apply; its domain names no school.
    WhitelistRule.objects.create(kind=WhitelistRule.Kind.EMAIL, value="grace@gmail.com")
    other = UserFactory(email="grace@gmail.com")
    assert apply_props(other)["schoolFromEmail"] is None
