import pytest

from apps.applications.tests.applicant_data import resume_storage  # noqa: F401


@pytest.fixture(autouse=True)
def _private_storage(resume_storage):  # noqa: F811
    """Receipts go to the temporary private folder the resume tests use."""
    return resume_storage


@pytest.fixture(autouse=True)
def _released(db):
    """Decisions released: grants are told to their applicants only from then on (grants.told).
    The tests of a grant made before release set the status back themselves."""
    from apps.cycles.models import Cycle, CycleStatus
    from apps.cycles.selectors import current_cycle

    Cycle.objects.filter(pk=current_cycle().pk).update(status=CycleStatus.RELEASED)
