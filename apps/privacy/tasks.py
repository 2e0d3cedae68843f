"""The daily purge of cycles past their retention date (Celery beat: CELERY_BEAT_SCHEDULE)."""

from __future__ import annotations

from celery import shared_task

from . import retention


@shared_task(name="apps.privacy.tasks.purge_expired_cycles", ignore_result=True)
def purge_expired_cycles() -> list[dict]:
    """Purge every cycle whose retention date has passed and that is not current. Idempotent:
    a purged cycle is stamped (`purged_at`) and not purged again; a run that died midway rolled
    back whole (one transaction per cycle), so the next day's run does it again."""
    return [
        {"cycle": r.cycle, "applications": r.removed.applications, "resume_files": len(r.resume_files)}
        for r in retention.purge_expired()
    ]
