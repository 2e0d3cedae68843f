"""Password hashers whose cost is a setting, not a constant in Django's source.

The preferred hasher is Argon2id at OWASP's recommended parameters (19 MiB of memory, two
passes, one lane): measured on the development machine at about 15 ms of CPU per hash, against
about 185 ms for PBKDF2-SHA256 at Django 5.2's 1,000,000 iterations (benchmarks/RESULTS.md).
Registration and sign-in hash once each, so on opening day the hasher was most of a student's
CPU; Argon2id's memory hardness keeps the attacker's cost per guess at least as high as
PBKDF2's at a fraction of the server's.

Both keep Django's algorithm names ("argon2", "pbkdf2_sha256"), so every stored hash still
verifies, and a hash made with other parameters or by the other hasher is re-made with the
preferred one at the next successful sign-in (Django's `must_update`).
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth import hashers


class Argon2idPasswordHasher(hashers.Argon2PasswordHasher):
    """Argon2id with PASSWORD_ARGON2_TIME_COST / _MEMORY_COST (KiB) / _PARALLELISM."""

    @property
    def time_cost(self) -> int:
        return settings.PASSWORD_ARGON2_TIME_COST

    @property
    def memory_cost(self) -> int:
        return settings.PASSWORD_ARGON2_MEMORY_COST

    @property
    def parallelism(self) -> int:
        return settings.PASSWORD_ARGON2_PARALLELISM


class PBKDF2PasswordHasher(hashers.PBKDF2PasswordHasher):
    """PBKDF2-SHA256 with PASSWORD_PBKDF2_ITERATIONS (Django's own default unless set)."""

    @property
    def iterations(self) -> int:
        return settings.PASSWORD_PBKDF2_ITERATIONS
