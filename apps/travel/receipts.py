"""Receipts: uploaded by the applicant before the deadline, reviewed by an organizer.

A receipt is a PDF or an image (PNG, JPEG, WebP) of at most 5 MB, recognised by its bytes, not
its name; it is stored in the private storage the resumes use (settings.STORAGES["resumes"]),
under a random name, and handed out only through the organizers' download view. Its row goes
with the grant (and so with the application and the account); the file is removed after the
deleting transaction has committed (`files_delete`).
"""

from __future__ import annotations

import logging
import secrets
from decimal import Decimal

from django.core.files.base import ContentFile
from django.core.files.storage import storages
from django.db import transaction
from django.db.models import Sum
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from apps.core.exceptions import ApplicationError
from apps.core.storage import delete_quietly

from . import mail
from .grants import budget_of, told
from .models import TravelGrant, TravelReceipt

logger = logging.getLogger(__name__)

MAX_RECEIPT_BYTES = 5 * 1024 * 1024
MAX_RECEIPTS = 20
REJECTED_FILE = _("Please upload the receipt as a PDF or an image (PNG, JPEG, WebP) of at most 5 MB.")
NO_FILE = _("Choose the receipt's file.")
NO_GRANT = _("You have no travel grant to upload receipts for.")
LAPSED = _("Your travel grant lapsed: receipts are no longer accepted.")
PAST_DEADLINE = _("The deadline for receipts has passed.")
TOO_MANY = _("A grant takes at most %(count)s receipts.")
REASON_NEEDED = _("Say why the receipt is rejected: the applicant is told.")
ALREADY_REVIEWED = _("This receipt was already reviewed.")
NO_RECEIPT = _("No such receipt.")

# (what the bytes start with, the content type, the stored file's extension)
SIGNATURES = (
    (b"%PDF-", "application/pdf", "pdf"),
    (b"\x89PNG\r\n\x1a\n", "image/png", "png"),
    (b"\xff\xd8\xff", "image/jpeg", "jpg"),
)


def storage():
    return storages["resumes"]


def sniff(content: bytes) -> tuple[str, str] | None:
    """(content type, extension) of a receipt by its bytes, or None for anything else."""
    if content[:4] == b"RIFF" and content[8:12] == b"WEBP":
        return "image/webp", "webp"
    for start, content_type, extension in SIGNATURES:
        if content.startswith(start):
            if content_type == "application/pdf" and b"%%EOF" not in content[-2048:]:
                return None  # a PDF cut short
            return content_type, extension
    return None


def read_upload(upload) -> tuple[bytes, str, str]:
    if upload is None:
        raise ApplicationError(NO_FILE, errors={"file": [NO_FILE]})
    if upload.size is not None and upload.size > MAX_RECEIPT_BYTES:
        raise ApplicationError(REJECTED_FILE, status=413, errors={"file": [REJECTED_FILE]})
    content = b"".join(upload.chunks())
    if not content:
        raise ApplicationError(NO_FILE, errors={"file": [NO_FILE]})
    if len(content) > MAX_RECEIPT_BYTES:
        raise ApplicationError(REJECTED_FILE, status=413, errors={"file": [REJECTED_FILE]})
    kind = sniff(content)
    if kind is None:
        raise ApplicationError(REJECTED_FILE, errors={"file": [REJECTED_FILE]})
    return content, *kind


def _delete_quietly(path: str) -> None:
    delete_quietly(storage(), path, what="receipt", logger=logger)


def files_delete(paths: list[str]) -> None:
    """Delete stored receipt files once the rows naming them are gone (call from on_commit)."""
    for path in paths:
        _delete_quietly(path)


def paths_of(applications) -> list[str]:
    """The receipt files of `applications` (a query): what a deletion removes after commit."""
    return list(TravelReceipt.objects.filter(grant__application__in=applications).values_list("path", flat=True))


def upload(*, application, upload, amount) -> TravelReceipt:
    grant = TravelGrant.objects.filter(application=application).first() if application is not None else None
    if grant is None or not told(application.cycle):
        # A grant not yet told (before release) is no grant to its applicant.
        raise ApplicationError(NO_GRANT, status=404)
    if grant.status == TravelGrant.Status.LAPSED:
        raise ApplicationError(LAPSED, status=409)
    due = budget_of(application.cycle).receipts_due
    if due is not None and timezone.now() > due:
        raise ApplicationError(PAST_DEADLINE, status=409)
    content, content_type, extension = read_upload(upload)
    path = storage().save(f"receipts/{secrets.token_hex(16)}.{extension}", ContentFile(content))
    try:
        with transaction.atomic():
            locked = TravelGrant.objects.select_for_update().get(pk=grant.pk)
            if locked.status == TravelGrant.Status.LAPSED:
                raise ApplicationError(LAPSED, status=409)
            if locked.receipts.count() >= MAX_RECEIPTS:
                raise ApplicationError(TOO_MANY % {"count": MAX_RECEIPTS}, status=409)
            receipt = TravelReceipt.objects.create(
                grant=locked,
                path=path,
                size=len(content),
                content_type=content_type,
                original_name=(getattr(upload, "name", "") or "")[:255],
                amount=amount,
            )
    except Exception:
        _delete_quietly(path)
        raise
    return receipt


def delete_pending(*, application, receipt_id: int) -> None:
    """The applicant takes back a receipt not reviewed yet (a wrong file)."""
    with transaction.atomic():
        receipt = (
            TravelReceipt.objects.select_for_update().filter(pk=receipt_id, grant__application=application).first()
            if application is not None
            else None
        )
        if receipt is None:
            raise ApplicationError(NO_RECEIPT, status=404)
        if receipt.status != TravelReceipt.Status.PENDING:
            raise ApplicationError(ALREADY_REVIEWED, status=409)
        path = receipt.path
        receipt.delete()
        transaction.on_commit(lambda: _delete_quietly(path))


def review(*, cycle, receipt_id: int, approve: bool, reason: str, actor) -> TravelReceipt:
    """Approve or reject a receipt (a rejection says why), and mail the applicant: once."""
    reason = " ".join((reason or "").split())
    if not approve and not reason:
        raise ApplicationError(REASON_NEEDED, errors={"reason": [REASON_NEEDED]})
    with transaction.atomic():
        receipt = (
            TravelReceipt.objects.select_for_update()
            .select_related("grant__application__cycle")
            .filter(pk=receipt_id, grant__application__cycle=cycle)
            .first()
        )
        if receipt is None:
            raise ApplicationError(NO_RECEIPT, status=404)
        if receipt.status != TravelReceipt.Status.PENDING:
            raise ApplicationError(ALREADY_REVIEWED, status=409)
        receipt.status = TravelReceipt.Status.APPROVED if approve else TravelReceipt.Status.REJECTED
        receipt.reason = reason
        receipt.reviewed_by = actor
        receipt.reviewed_at = timezone.now()
        receipt.save(update_fields=["status", "reason", "reviewed_by", "reviewed_at"])
        # What the approved receipts come to now: past the grant, the payout stays the grant
        # (payout.py), and the approval email says so rather than promising the whole receipt.
        approved = None
        if approve:
            approved = receipt.grant.receipts.filter(status=TravelReceipt.Status.APPROVED).aggregate(
                total=Sum("amount")
            )
        mail.record_receipt_review(
            receipt,
            receipt.grant.application,
            budget_of(cycle).currency,
            approved_total=(approved["total"] or Decimal("0")) if approved else None,
            grant_amount=receipt.grant.amount,
        )
    return receipt


def open_file(receipt: TravelReceipt):
    return storage().open(receipt.path, "rb")
