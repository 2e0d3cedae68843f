from django.core.files.storage import FileSystemStorage


class PrivateFileSystemStorage(FileSystemStorage):
    """A folder whose files have no URL at all: they are only ever streamed by guarded views."""

    def url(self, name):
        raise ValueError("Private files are not served under a URL; stream them through a guarded view.")
