"""Django's admin (/django-admin/) for the privacy records: consent records, the anonymised
counts and the resume access log. Read-only: each is written by one service (a submit, an
account's deletion or a purge, a download), and a record edited by hand would no longer prove
anything. Registered here, beside the tools that use them, rather than in the apps that hold
the tables."""

from __future__ import annotations

from django.contrib import admin

from apps.applications.models import AnonymisedAnswerCount, AnonymisedApplicationCount, ConsentRecord
from apps.core.admin import ReadOnlyAdmin
from apps.resumes.models import ResumeAccess


@admin.register(ConsentRecord)
class ConsentRecordAdmin(ReadOnlyAdmin):
    list_display = ["application", "key", "version", "language", "given", "at"]
    list_filter = ["key", "version", "language", "given"]
    search_fields = ["application__email"]
    list_select_related = ["application"]
    ordering = ["-at", "-pk"]


@admin.register(AnonymisedApplicationCount)
class AnonymisedApplicationCountAdmin(ReadOnlyAdmin):
    list_display = ["cycle", "status", "host_school", "count"]
    list_filter = ["cycle", "status", "host_school"]


@admin.register(AnonymisedAnswerCount)
class AnonymisedAnswerCountAdmin(ReadOnlyAdmin):
    list_display = ["cycle", "status", "question_id", "value", "count"]
    list_filter = ["cycle", "status", "question_id"]
    search_fields = ["question_id", "value"]


@admin.register(ResumeAccess)
class ResumeAccessAdmin(ReadOnlyAdmin):
    list_display = ["owner", "accessed_by_email", "how", "at"]
    list_filter = ["how"]
    search_fields = ["owner__email", "accessed_by_email"]
    list_select_related = ["owner"]
    ordering = ["-at", "-pk"]
