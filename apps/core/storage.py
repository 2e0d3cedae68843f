import logging

from django.core.files.storage import FileSystemStorage


class PrivateFileSystemStorage(FileSystemStorage):
    """A folder whose files have no URL at all: they are only ever streamed by guarded views."""

    def url(self, name):
        raise ValueError("Private files are not served under a URL; stream them through a guarded view.")


def delete_quietly(storage, path: str, *, what: str, logger: logging.Logger) -> None:
    """Delete `path` from `storage`; a file that can't be deleted is logged on the caller's
    `logger` as "the <what> file", not raised: it is removed after the rows naming it are gone,
    and a leftover file must not fail the request (or the rollback) that let it go."""
    try:
        storage.delete(path)
    except Exception:  # noqa: BLE001 - see above
        logger.exception("Could not delete the %s file %s", what, path)
