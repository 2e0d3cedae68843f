"""POST `batch-status` under `/api/applications/`: one decision for every address found in the
pasted text. A thin view over batch.py; the addresses field is the one every batch of
addresses uses (apps.applications.organizer_api).

The call (docs/api/README.md lists it with the others):
POST `batch-status` | admin | `{"emails": "<free text>" or [..] | "filters": {table filters}, "status",
"travel_reimbursement"?, "housing_accommodations"?, "override"?, "dry_run"?}` →
`{"approved": [email], "failed": [{"email","reason"}], "skipped": [{"email","reason"}],
"emailed": n, "done_label"}`; a pasted piece meant as an address and not one (`ada@princeton`)
is in `failed`, not dropped; one request for the whole batch. Applicants who already confirmed or declined
are not decided unless `override` is true: they are listed in `skipped` with the reason
"already confirmed" / "already declined". `emailed` counts the decision emails the batch
queues (only after release). `dry_run: true` answers the same and changes nothing. A client
that sends neither new field gets the old keys unchanged, plus the two new ones.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.response import Response

from apps.applications import status_machine
from apps.applications.organizer_api import (
    BatchFailureSerializer,
    BatchResultSerializer,
    BatchTargetSerializer,
    batch_emails,
)
from apps.core.api import AdminApiView

from . import batch


class BatchDecisionResultSerializer(BatchResultSerializer):
    """The result every batch of addresses gives, plus what only a decision has."""

    skipped = BatchFailureSerializer(
        many=True, help_text="Applicants who already confirmed or declined, left as they were (no `override`)."
    )
    emailed = serializers.IntegerField(help_text="Decision emails this batch queues (after release only).")
    # Always sent; typed optional, as a key added after the contract's shape that clients (and
    # their test fixtures) may not know.
    done_label = serializers.CharField(
        required=False, help_text='The heading of `approved`: the decision made ("Waitlisted", "Accepted"…).'
    )


class BatchStatusApi(AdminApiView):
    """POST `batch-status`: one decision for every address found in the pasted text."""

    @extend_schema_serializer(component_name="BatchStatusInput")
    class InputSerializer(BatchTargetSerializer):
        status = serializers.ChoiceField(choices=[(s.value, s.label) for s in status_machine.BATCH_DECISIONS])
        travel_reimbursement = serializers.BooleanField(
            required=False,
            allow_null=True,
            default=None,
            help_text=(
                "With an offer of a place only (accepted, waitlist_accepted): true grants the default travel "
                "support where no grant stands, within the budget (else 409); false takes back a grant "
                "without receipts."
            ),
        )
        housing_accommodations = serializers.BooleanField(required=False, allow_null=True, default=None)
        # Optional without a default: openapi-typescript makes a field with a default required,
        # and a client written before these fields (the table's row selection) must not need them.
        override = serializers.BooleanField(
            required=False,
            help_text="Also decide applicants who already confirmed or declined (otherwise skipped).",
        )
        dry_run = serializers.BooleanField(
            required=False, help_text="Answer what the batch would do, and change nothing."
        )

    @extend_schema(
        summary="One decision for every address in the pasted text or list",
        request=InputSerializer,
        responses={200: BatchDecisionResultSerializer},
    )
    def post(self, request):
        data = self.validate(self.InputSerializer, request.data)
        return Response(
            batch.batch_decide(
                actor=request.user,
                emails=batch_emails(data),
                status=data["status"],
                travel_reimbursement=data["travel_reimbursement"],
                housing_accommodations=data["housing_accommodations"],
                override=data.get("override", False),
                dry_run=data.get("dry_run", False),
            )
        )
