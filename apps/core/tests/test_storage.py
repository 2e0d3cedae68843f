import pytest
from django.core.files.base import ContentFile
from django.core.files.storage import storages


def test_private_files_have_no_url(tmp_path, settings):
    """Resumes live in storage that can't hand out a URL, so none can leak into a page."""
    storage = storages.create_storage(
        {"BACKEND": "apps.core.storage.PrivateFileSystemStorage", "OPTIONS": {"location": str(tmp_path)}}
    )
    name = storage.save("resumes/x.pdf", ContentFile(b"%PDF-1.4\n%%EOF"))
    assert storage.exists(name)
    with pytest.raises(ValueError):
        storage.url(name)
