"""The Redis cache builds one redis-py client per connection pool (apps/core/cache.py), and
still behaves as Django's does."""

from __future__ import annotations

import os
import threading
import uuid

import pytest
from django.conf import settings

from apps.core.cache import SharedClientRedisCache


def _url() -> str:
    """This worker's Redis database (config/settings/test.py), not REDIS_URL's own: that one is
    worker gw0's, and gw0 empties it (FLUSHDB, the autouse cache fixture) between its tests. A
    key prefix doesn't survive a FLUSHDB: CI's run once lost every key this file set from gw1."""
    return settings.REDIS_URL or "redis://127.0.0.1:6379/0"


def cache(**options) -> SharedClientRedisCache:
    return SharedClientRedisCache(_url(), {"KEY_PREFIX": f"test-cache-client-{uuid.uuid4().hex}", "OPTIONS": options})


def test_every_call_shares_the_client_of_its_pool():
    """Django's own client builds a new redis.Redis for each call; this one builds it once."""
    backend = cache()
    client = backend._cache.get_client(write=True)
    assert backend._cache.get_client("a key") is client
    assert backend._cache.get_client("another", write=True) is client
    assert client.connection_pool is backend._cache._get_connection_pool(True)


def test_replicas_get_a_client_each():
    """With a primary and a replica, reads and writes go through their own pools' clients."""
    backend = SharedClientRedisCache(f"{_url()},{_url()}", {})
    writer = backend._cache.get_client(write=True)
    reader = backend._cache.get_client()
    assert writer is not reader
    assert writer.connection_pool is not reader.connection_pool
    assert backend._cache.get_client() is reader


# Commands need a Redis server: make test without REDIS_URL (SQLite, no Redis) has none to talk
# to, and CI's run with REDIS_URL runs it. The two tests above need no server (no command is sent).
@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="sends commands: needs the Redis of REDIS_URL")
def test_the_shared_client_serves_threads_at_once():
    """Many threads through the one client: each command borrows its own connection."""
    backend = cache(socket_timeout=2)
    errors: list[BaseException] = []

    def work(n: int) -> None:
        try:
            for i in range(50):
                backend.set(f"k{n}:{i}", {"n": n, "i": i}, 30)
                assert backend.get(f"k{n}:{i}") == {"n": n, "i": i}
            assert backend.get_many([f"k{n}:0", f"k{n}:49"]) == {
                f"k{n}:0": {"n": n, "i": 0},
                f"k{n}:49": {"n": n, "i": 49},
            }
        except BaseException as error:  # noqa: BLE001 - reported below, from the main thread
            errors.append(error)

    threads = [threading.Thread(target=work, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert backend.add("counter", 0, 30) is True
    assert backend.incr("counter", 2) == 2
