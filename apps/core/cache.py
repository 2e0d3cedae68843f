"""Django's Redis cache, with one redis-py client per connection pool instead of one per call.

Django's RedisCacheClient builds a new `redis.Redis` for every cache operation. Its constructor
copies redis-py's table of response callbacks (about 170 entries) into a case-insensitive
dict: about 0.15 ms of CPU each time, where the Redis round trip itself costs less. A request
makes two or three cache calls (the session, the cycle's generation, a rate limit), so this was
a fifth of what a bare signed-in API request cost the web tier (make bench's profile of a scan
at the door: six clients built per scan).

A redis-py client holds no connection of its own: each command takes one from the pool and
gives it back, so one client per pool is safe to share between threads, and redis-py's pool
notices a fork and reconnects in the child. Everything else is Django's.
"""

from __future__ import annotations

from django.core.cache.backends.redis import RedisCache, RedisCacheClient


class SharedClientRedisCacheClient(RedisCacheClient):
    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, object] = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class SharedClientRedisCache(RedisCache):
    def __init__(self, server, params) -> None:
        super().__init__(server, params)
        self._class = SharedClientRedisCacheClient
