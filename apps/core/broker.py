"""kombu's filesystem transport (the broker of `make run` and of the tests without Redis), with
messages that appear whole.

kombu writes a message file in place: it creates `<time>_<uuid>.<queue>.msg`, then writes the
payload. A worker polling the folder can take the file between the two, read zero bytes and
stop with "Unrecoverable error: JSONDecodeError" (seen in a full test run: the task was never
run). Here the payload is written under a name no reader matches, then renamed to the message's
name in the same folder: a rename is atomic, so a reader finds no file or the whole one.
"""

from __future__ import annotations

import os
import uuid
from time import monotonic

from kombu.transport import TRANSPORT_ALIASES, filesystem
from kombu.utils.encoding import str_to_bytes
from kombu.utils.json import dumps


class Channel(filesystem.Channel):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # The folders live under VAR_DIR, which an operator may point at a new place: they are
        # made here, where they are first needed (kombu makes only the control folder's last
        # part, and no other), so the first queued task of a fresh VAR_DIR is not an error.
        folders = {self.data_folder_in, self.data_folder_out, str(self.control_folder)}
        if self.store_processed:
            folders.add(self.processed_folder)
        for folder in folders:
            os.makedirs(folder, exist_ok=True)

    def _put(self, queue, payload, **kwargs):
        name = f"{int(round(monotonic() * 1000))}_{uuid.uuid4()}.{queue}.msg"
        final = os.path.join(self.data_folder_out, name)
        # Not "<queue>.msg" at its end: `_get` passes it over until it is renamed.
        partial = f"{final}.part"
        try:
            with open(partial, "wb") as handle:
                handle.write(str_to_bytes(dumps(payload)))
            os.replace(partial, final)
        except OSError as exc:
            raise filesystem.ChannelError(f"Cannot add file {final!r} to directory") from exc


class Transport(filesystem.Transport):
    Channel = Channel


# The URL's scheme, registered with kombu when this module is imported (the settings import it),
# so that a URL names its transport: a test or an operator pointing the broker URL elsewhere
# (redis://...) gets that transport, with no separate setting left behind to override it.
SCHEME = "filesystem-whole"
TRANSPORT_ALIASES[SCHEME] = f"{__name__}:Transport"
