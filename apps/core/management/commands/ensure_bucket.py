"""`manage.py ensure_bucket [--check]`: the resumes' S3 bucket exists and this deployment can use it.

Without `--check` a missing bucket is created (in AWS_S3_REGION_NAME); with it nothing is
created. Either way the command then writes, reads and deletes a small object, so a deploy
learns about wrong credentials or a missing permission now, not at the first upload. Without
AWS_STORAGE_BUCKET_NAME resumes live in a private folder: the command checks it is writable.
Exit status 0 when the storage works, 1 when it doesn't (the message says why).
"""

from __future__ import annotations

import uuid
from pathlib import Path

from django.conf import settings
from django.core.files.base import ContentFile
from django.core.files.storage import storages
from django.core.management.base import CommandError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from apps.core.management.operator import OperatorCommand

PROBE_PREFIX = ".portal-storage-check/"


class Command(OperatorCommand):
    help = gettext_lazy(
        "Create the resumes' S3 bucket if it is missing (--check: only verify access), then verify it works."
    )

    def add_arguments(self, parser) -> None:
        parser.add_argument("--check", action="store_true", help=_("Create nothing; fail if the bucket is missing."))

    def handle(self, *args, check: bool = False, **options) -> None:
        storage = storages["resumes"]
        bucket_name = getattr(storage, "bucket_name", None)
        if not bucket_name:
            self._check_folder(Path(getattr(storage, "location", None) or settings.MEDIA_ROOT))
            return
        client = storage.connection.meta.client
        from botocore.exceptions import BotoCoreError, ClientError

        try:
            exists = self._exists(client, bucket_name)
            if not exists:
                if check:
                    raise CommandError(
                        _("The bucket %(bucket)s does not exist (run without --check to create it).")
                        % {"bucket": bucket_name}
                    )
                self._create(client, bucket_name, storage)
                self.stdout.write(_("Created the bucket %(bucket)s.") % {"bucket": bucket_name})
            self._probe(storage)
        except (BotoCoreError, ClientError) as error:
            raise CommandError(
                _("The bucket %(bucket)s can't be used: %(error)s") % {"bucket": bucket_name, "error": error}
            ) from error
        ready = _("The bucket %(bucket)s is ready: written, read and deleted.") % {"bucket": bucket_name}
        self.stdout.write(self.style.SUCCESS(ready))

    def _exists(self, client, bucket_name: str) -> bool:
        from botocore.exceptions import ClientError

        try:
            client.head_bucket(Bucket=bucket_name)
        except ClientError as error:
            if error.response.get("Error", {}).get("Code") in ("404", "NoSuchBucket", "NotFound"):
                return False
            raise
        return True

    def _create(self, client, bucket_name: str, storage) -> None:
        region = getattr(storage, "region_name", None) or client.meta.region_name
        arguments: dict = {"Bucket": bucket_name}
        # us-east-1 is S3's default and refuses to be named as a location constraint.
        if region and region != "us-east-1":
            arguments["CreateBucketConfiguration"] = {"LocationConstraint": region}
        client.create_bucket(**arguments)
        # New buckets block public access on AWS; say so explicitly where the server supports
        # it, since resumes must never be public (django-storages uploads them private too).
        try:
            client.put_public_access_block(
                Bucket=bucket_name,
                PublicAccessBlockConfiguration={
                    "BlockPublicAcls": True,
                    "IgnorePublicAcls": True,
                    "BlockPublicPolicy": True,
                    "RestrictPublicBuckets": True,
                },
            )
        except Exception:  # noqa: BLE001 - MinIO and others have no such call; their buckets are private
            pass

    def _probe(self, storage) -> None:
        name = f"{PROBE_PREFIX}{uuid.uuid4().hex}"
        saved = storage.save(name, ContentFile(b"ok"))
        try:
            with storage.open(saved) as handle:
                if handle.read() != b"ok":
                    raise CommandError(_("The bucket returned something else than what was written."))
        finally:
            storage.delete(saved)

    def _check_folder(self, folder: Path) -> None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            probe = folder / f".storage-check-{uuid.uuid4().hex}"
            probe.write_bytes(b"ok")
            probe.unlink()
        except OSError as error:
            raise CommandError(
                _("Resumes are stored in %(folder)s, which can't be written: %(error)s")
                % {"folder": folder, "error": error}
            ) from error
        self.stdout.write(
            self.style.SUCCESS(
                _("No bucket configured (AWS_STORAGE_BUCKET_NAME): resumes go to %(folder)s, writable.")
                % {"folder": folder}
            )
        )
