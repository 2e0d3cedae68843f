"""`manage.py ensure_bucket`: creates the resumes' bucket (or, with --check, only verifies it)
on an S3 emulated by moto, with the storage settings production uses."""

from __future__ import annotations

import io

import boto3
import pytest
from django.core.files.storage import storages
from django.core.management import CommandError, call_command
from moto import mock_aws

BUCKET = "portal-resumes"


@pytest.fixture
def s3(settings, monkeypatch):
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
    with mock_aws():
        s3_storage = {
            "BACKEND": "storages.backends.s3.S3Storage",
            "OPTIONS": {
                "bucket_name": BUCKET,
                "region_name": "eu-west-3",
                "addressing_style": "path",
                "default_acl": "private",
                "querystring_auth": True,
                "file_overwrite": True,
            },
        }
        settings.STORAGES = {**settings.STORAGES, "default": s3_storage, "resumes": s3_storage}
        storages._storages = {}  # the handler keeps built storages; settings changed
        yield boto3.client("s3", region_name="eu-west-3")
    storages._storages = {}


def run(*args) -> str:
    out = io.StringIO()
    call_command("ensure_bucket", *args, stdout=out)
    return out.getvalue()


def test_it_creates_the_missing_bucket_in_its_region_then_verifies_it(s3):
    with pytest.raises(CommandError, match="does not exist"):
        run("--check")
    out = run()
    assert f"Created the bucket {BUCKET}." in out and "is ready" in out
    assert s3.get_bucket_location(Bucket=BUCKET)["LocationConstraint"] == "eu-west-3"
    block = s3.get_public_access_block(Bucket=BUCKET)["PublicAccessBlockConfiguration"]
    assert all(block.values())
    assert s3.list_objects_v2(Bucket=BUCKET).get("KeyCount") == 0  # the probe was deleted
    # Again: nothing to create, and --check now passes.
    assert "Created" not in run()
    assert "is ready" in run("--check")


def test_without_a_bucket_it_checks_the_private_folder(settings, tmp_path):
    storages._storages = {}
    assert f"resumes go to {storages['resumes'].location}, writable" in run("--check")
    # A folder that can't be made (a file stands where it should be) fails, even for root.
    (tmp_path / "not-a-folder").write_text("")
    local = {
        "BACKEND": "apps.core.storage.PrivateFileSystemStorage",
        "OPTIONS": {"location": str(tmp_path / "not-a-folder" / "private")},
    }
    settings.STORAGES = {**settings.STORAGES, "resumes": local}
    storages._storages = {}
    try:
        with pytest.raises(CommandError, match="can't be written"):
            run()
    finally:
        storages._storages = {}
