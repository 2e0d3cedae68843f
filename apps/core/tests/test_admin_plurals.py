"""Django's admin names a model's list by adding "s" to its name, which turns "resume access"
into "Resume accesss": every model registered there has a plural that reads as English."""

from __future__ import annotations

from django.contrib import admin


def test_no_admin_list_is_named_with_a_doubled_plural():
    wrong = []
    for model in admin.site._registry:
        singular, plural = str(model._meta.verbose_name), str(model._meta.verbose_name_plural)
        if singular.endswith(("s", "x", "sh", "ch")) and plural == f"{singular}s":
            wrong.append(plural)
    assert wrong == []


def test_the_resume_access_log_is_named_resume_accesses():
    from apps.resumes.models import ResumeAccess

    assert str(ResumeAccess._meta.verbose_name_plural) == "resume accesses"
