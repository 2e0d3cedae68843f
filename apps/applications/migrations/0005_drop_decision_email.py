"""Decision emails move into the one outbox table (mailings' Delivery, see mailings 0003), then
their own table goes.

Forward, each DecisionEmail row becomes an automated Delivery row: the applicant's address,
template `decision_<status>`, `dedupe_key` "decision:<application id>:<status>" (so its
Message-ID stays `<decision-<application>-<status>@host>`), the values its template needs
(`context`, as apps.decisions.release.decision_context writes them), and its outbox state as it
was: state, attempts, last error, sent_at, claimed_at, next_attempt_at. Two things are not
carried over, on purpose:

- `queued_at` is cleared. A batch task queued before the deploy names DecisionEmail ids, which
  name nothing now (the old task name runs a re-queue instead: apps.decisions.tasks); cleared,
  every pending row is handed to a worker by the next re-queue, within a minute.
- `created_at` / `updated_at`: Delivery has no such columns (sent_at and claimed_at keep the
  times that matter).

Backward, the automated decision rows go back into a recreated DecisionEmail table (state,
attempts, backoff, sent_at, claim and last error; created_at becomes the time of the rollback)
and are removed from Delivery. A row whose application no longer exists is dropped, as the old
table's cascade would have done.
"""

from django.conf import settings
from django.db import migrations

KEY_PREFIX = "decision:"
BATCH = 500
OUTBOX_FIELDS = ("state", "attempts", "last_error", "sent_at", "claimed_at", "next_attempt_at")
DATE_FIELDS = ("confirmation_first_deadline", "confirmation_second_deadline", "waitlist_deadline")


def _us_long_date(value) -> str:
    return f"{value:%B} {value.day}, {value.year}"


def _context(application, status: str) -> dict:
    """The decision templates' values, as apps.decisions.release.decision_context gives them
    (written out here: a migration must not change when the app's code does)."""
    cycle = application.cycle
    return {
        "first_name": application.first,
        "last_name": application.last,
        "email": application.email,
        "status": status,
        "travel_reimbursement": application.travel_reimbursement,
        "housing_accommodations": application.housing_accommodations,
        "location": cycle.location,
        "housing_link": cycle.housing_link,
        "dashboard_link": f"{settings.SITE_URL}/dashboard",
        **{f"{name}_date": _us_long_date(getattr(cycle, name)) for name in ("start", "end", "due", "housing")},
        **{name: _us_long_date(getattr(cycle, name)) for name in DATE_FIELDS},
    }


def decision_emails_into_deliveries(apps, schema_editor):
    DecisionEmail = apps.get_model("applications", "DecisionEmail")
    Delivery = apps.get_model("mailings", "Delivery")
    rows = DecisionEmail.objects.select_related("application__cycle").order_by("pk")
    batch = []
    for row in rows.iterator(chunk_size=BATCH):
        batch.append(
            Delivery(
                mailing=None,
                email=row.application.email,
                template_key=f"decision_{row.status}",
                context=_context(row.application, row.status),
                dedupe_key=f"{KEY_PREFIX}{row.application_id}:{row.status}",
                queued_at=None,
                **{name: getattr(row, name) for name in OUTBOX_FIELDS},
            )
        )
        if len(batch) >= BATCH:
            Delivery.objects.bulk_create(batch)
            batch = []
    Delivery.objects.bulk_create(batch)


def deliveries_into_decision_emails(apps, schema_editor):
    DecisionEmail = apps.get_model("applications", "DecisionEmail")
    Application = apps.get_model("applications", "Application")
    Delivery = apps.get_model("mailings", "Delivery")
    rows = Delivery.objects.filter(mailing__isnull=True, dedupe_key__startswith=KEY_PREFIX).order_by("pk")
    # A decision announced again after it changed back ("decision:<id>:<status>:2") has no
    # place in the old table (one row per application and decision): its first email is kept.
    copied = [row for row in rows.values("dedupe_key", *OUTBOX_FIELDS) if row["dedupe_key"].count(":") == 2]
    for start in range(0, len(copied), BATCH):
        chunk = copied[start : start + BATCH]
        keys = [row["dedupe_key"].split(":") for row in chunk]
        existing = set(Application.objects.filter(pk__in=[int(k[1]) for k in keys]).values_list("pk", flat=True))
        DecisionEmail.objects.bulk_create(
            [
                DecisionEmail(
                    application_id=int(application_id),
                    status=status,
                    **{name: row[name] for name in OUTBOX_FIELDS},
                )
                for row, (_kind, application_id, status) in zip(chunk, keys, strict=True)
                if int(application_id) in existing
            ]
        )
    rows.delete()


class Migration(migrations.Migration):
    dependencies = [
        ("applications", "0004_decision_email_claim_and_backoff"),
        ("mailings", "0003_delivery_dedupe_key_and_template"),
    ]

    operations = [
        migrations.RunPython(decision_emails_into_deliveries, deliveries_into_decision_emails),
        migrations.DeleteModel(
            name="DecisionEmail",
        ),
    ]
