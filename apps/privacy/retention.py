"""Retention: after a cycle's retention date, its personal data is purged.

What goes: every application of the cycle, added first to the anonymised counters (the
statistics and demographics keep counting them: apps/privacy/anonymise.py), with its answers,
history, consent records, review assignments and travel requests, grants and receipts (the
receipt files removed from the storage after commit). And, for each of those people who has no
application left in a cycle still kept, what was theirs across cycles: the resume (row, access
log, and the file, removed from the storage after commit) and the mail recorded for their
address (apps/mailings/recipients.py). Someone who applied again in a later cycle keeps their
resume and mail: that cycle's data, purged in its turn.

The decision emails of the purged applications are stripped of their address and placeholders
too, whoever they were sent to; a batch email to someone who applied again stays (it may be
about the later cycle).

What stays: the accounts (an address and a password hash, which the person uses to apply
again or to delete the account from the dashboard), the teams' bare codes, the question set.

The current cycle is never purged (its data is in use), nor a cycle before its retention date
or without one. `purge_cycle_data` runs it by hand (with --dry-run to see what would go) and
Celery beat daily for every cycle whose date has passed.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass, field

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from apps.applications.models import Application
from apps.applications.received import KEY_PREFIX as RECEIVED_PREFIX
from apps.core.exceptions import ApplicationError
from apps.cycles.models import Cycle, Season
from apps.decisions.release import KEY_PREFIX, parse_key
from apps.mailings import recipients
from apps.mailings.models import Delivery
from apps.resumes.models import Resume, ResumeAccess
from apps.resumes.services import resume_files_delete
from apps.travel import receipts as travel_receipts

from .anonymise import Removed, anonymise_and_delete, measure

logger = logging.getLogger(__name__)

CYCLE_NAME = re.compile(r"^\s*(?:(fall|spring)[\s_/-]*(\d{4})|(\d{4})[\s_/-]*(fall|spring))\s*$", re.IGNORECASE)


def cycle_label(cycle: Cycle) -> str:
    return f"{cycle.season}-{cycle.year}"


def find_cycle(name: str) -> Cycle:
    """The cycle named like `fall-2025` (also `fall 2025`, `2025-fall`, any case); a 404 that
    lists the cycles otherwise."""
    match = CYCLE_NAME.match(name or "")
    known = ", ".join(cycle_label(c) for c in Cycle.objects.order_by("-year", "season")) or _("none")
    if not match:
        raise ApplicationError(
            _("'%(name)s' is not a cycle name such as fall-2025. Cycles: %(known)s.") % {"name": name, "known": known},
            status=400,
        )
    season = (match.group(1) or match.group(4)).lower()
    year = int(match.group(2) or match.group(3))
    cycle = Cycle.objects.filter(season=season, year=year).first()
    if cycle is None:
        label = f"{Season(season).label} {year}"
        raise ApplicationError(
            _("There is no %(cycle)s cycle. Cycles: %(known)s.") % {"cycle": label, "known": known}, status=404
        )
    return cycle


def refusal(cycle: Cycle, today) -> str | None:
    """Why the cycle can't be purged now, or None when it can."""
    if cycle.is_current:
        return _(
            "%(cycle)s is the current cycle: its data is still in use. Switch the current cycle (Configuration page)"
            " before purging it."
        ) % {"cycle": cycle}
    if cycle.retention_date is None:
        return _(
            "%(cycle)s has no retention date, so its data is kept. Set one (Django admin, Cycles) to have it purged"
            " after that day."
        ) % {"cycle": cycle}
    if cycle.retention_date > today:
        return _("%(cycle)s's data is kept until its retention date, %(date)s.") % {
            "cycle": cycle,
            "date": cycle.retention_date.isoformat(),
        }
    return None


@dataclass
class PurgeReport:
    cycle: str
    dry_run: bool
    removed: Removed = field(default_factory=Removed)
    # (email, storage path) of every resume file removed.
    resume_files: list[tuple[str, str]] = field(default_factory=list)
    resume_accesses: int = 0
    receipt_files: int = 0
    deliveries: int = 0

    def lines(self) -> list[str]:
        # Written for the operator (purge_cycle_data) and the beat task's log, in the portal's language.
        r = self.removed
        if self.dry_run:
            heading = _("Dry run: nothing changed. Would remove from %(cycle)s:")
        else:
            heading = _("Removed from %(cycle)s:")
        counts = [
            (_("applications: %(count)d (kept as anonymised counts for the statistics)"), r.applications),
            (_("answers: %(count)d"), r.answers),
            (_("history entries: %(count)d"), r.events),
            (_("consent records: %(count)d"), r.consents),
            (_("resume files: %(count)d"), len(self.resume_files)),
            (_("resume access log entries: %(count)d"), self.resume_accesses),
            (_("travel receipt files: %(count)d"), self.receipt_files),
            (_("mail records (cancelled or anonymised): %(count)d"), self.deliveries),
        ]
        out = [heading % {"cycle": self.cycle}, *(f"  {text % {'count': count}}" for text, count in counts)]
        out += [f"    {email}: {path}" for email, path in self.resume_files]
        return out


def _people_leaving(cycle: Cycle) -> QuerySet:
    """The user ids of the cycle's applicants with no application in another cycle still kept."""
    elsewhere = Application.objects.exclude(cycle=cycle).filter(cycle__purged_at__isnull=True).values("user")
    return Application.objects.filter(cycle=cycle).exclude(user__in=elsewhere).values("user")


def _decision_emails(application_ids: set[int]):
    """The Delivery rows of these applications' decision emails and "we received your
    application" emails (their keys name the application)."""
    received = {f"{RECEIVED_PREFIX}{pk}" for pk in application_ids}
    ids = [
        pk
        for pk, key in recipients.automated_keys()
        if (key.startswith(KEY_PREFIX) and parse_key(key)[0] in application_ids) or key in received
    ]
    return Delivery.objects.filter(pk__in=ids)


def purge_cycle(*, cycle: Cycle, dry_run: bool = False, today=None) -> PurgeReport:
    """Purge (or with `dry_run` only count) the cycle's personal data. Refused (409) for the
    current cycle and before the retention date. One transaction; files after commit."""
    today = today or timezone.localdate()
    with transaction.atomic():
        cycle = Cycle.objects.select_for_update().get(pk=cycle.pk)
        reason = refusal(cycle, today)
        if reason:
            raise ApplicationError(reason, status=409)
        report = PurgeReport(cycle=cycle_label(cycle), dry_run=dry_run)
        applications = Application.objects.filter(cycle=cycle)
        leaving = list(_people_leaving(cycle).values_list("user", flat=True))
        resumes = Resume.objects.filter(user_id__in=leaving)
        report.resume_files = list(resumes.order_by("user__email").values_list("user__email", "path"))
        accesses = ResumeAccess.objects.filter(owner_id__in=leaving)
        report.resume_accesses = accesses.count()
        emails = list(applications.filter(user_id__in=leaving).values_list("email", flat=True).distinct())
        decided = _decision_emails(set(applications.values_list("pk", flat=True)))
        # The travel receipts' files (their rows go with the applications), after commit.
        receipt_paths = travel_receipts.paths_of(applications)
        report.receipt_files = len(receipt_paths)
        if dry_run:
            report.removed = measure(applications)
            report.deliveries = recipients.count_for(emails) + decided.exclude(email__in=emails).count()
            return report
        # The decision emails first: their keys name the applications about to go.
        decision_mail = recipients.forget(decided)
        report.removed = anonymise_and_delete(applications)
        mail = recipients.forget_recipients(emails)
        report.deliveries = sum(decision_mail.values()) + mail["cancelled"] + mail["anonymised"]
        accesses.delete()
        resumes.delete()
        cycle.purged_at = timezone.now()
        cycle.save(update_fields=["purged_at", "updated_at"])
        paths = [path for _, path in report.resume_files]
        transaction.on_commit(lambda: resume_files_delete(paths))
        transaction.on_commit(lambda: travel_receipts.files_delete(receipt_paths))
    logger.info("Purged %s: %s", report.cycle, "; ".join(line.strip() for line in report.lines()[1:8]))
    return report


def expired_cycles(today=None) -> QuerySet:
    """Cycles past their retention date, not current and not purged yet."""
    today = today or timezone.localdate()
    return Cycle.objects.filter(is_current=False, purged_at__isnull=True, retention_date__lte=today)


def purge_expired(today=None) -> list[PurgeReport]:
    """Purge every cycle whose retention date has passed (the daily beat task)."""
    reports = []
    for cycle in expired_cycles(today).order_by("year", "season"):
        try:
            reports.append(purge_cycle(cycle=cycle, today=today))
        except ApplicationError as refused:  # it became current meanwhile: next time
            logger.warning("Not purging %s: %s", cycle, refused)
    return reports
