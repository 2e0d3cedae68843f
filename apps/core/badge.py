"""The MLH trust badge's season.

MLH names each hackathon season by the year it ends in, and a season runs from July to June
(the 2027 season: July 2026 to June 2027). The badge showed a fixed "2025" into the 2027
season; it now follows the date, and TRUST_BADGE_SEASON pins it (an event in early July
applying in June, say).
"""

from __future__ import annotations

import datetime

from django.conf import settings
from django.utils import timezone


def trust_badge_season(today: datetime.date | None = None) -> int:
    if settings.TRUST_BADGE_SEASON:
        return settings.TRUST_BADGE_SEASON
    today = today or timezone.now().date()
    return today.year + (1 if today.month >= 7 else 0)
