import pytest

from apps.applications.tests.applicant_data import resume_storage  # noqa: F401


@pytest.fixture(autouse=True)
def _private_storage(resume_storage):  # noqa: F811
    """Receipts go to the temporary private folder the resume tests use."""
    return resume_storage
