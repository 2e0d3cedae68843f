"""apps.core.api.represent: an output serializer's answer from fields built once per process."""

from __future__ import annotations

import datetime

from rest_framework import serializers

from apps.checkin.api import CheckInResultSerializer
from apps.core.api import _output_serializer, represent


class _Item(serializers.Serializer):
    name = serializers.CharField()
    size = serializers.ChoiceField(choices=["S", "M", "L"], allow_null=True)


class _Page(serializers.Serializer):
    items = _Item(many=True)
    count = serializers.IntegerField()
    at = serializers.DateTimeField(allow_null=True)


def _person(**changes) -> dict:
    person = {
        "application_id": 7,
        "name": "Ada Lovelace",
        "first_name": "Ada",
        "last_name": "Lovelace",
        "email": "ada@princeton.edu",
        "school": "Princeton University",
        "dietary_restrictions": "",
        "tshirt_size": "M",
        "accessibility_needs": "",
        "status": None,
        "door": "checked_in",
        "reason": None,
        "checked_in_at": datetime.datetime(2026, 3, 1, 9, 30, tzinfo=datetime.UTC),
        "checked_in_by": "sam@princeton.edu",
        "time_zone": "America/New_York",
    }
    return {**person, **changes}


def test_it_gives_what_the_serializer_gives_call_after_call():
    pages = [
        {"items": [{"name": "a", "size": "S"}, {"name": "b", "size": None}], "count": 2, "at": None},
        {"items": [], "count": 0, "at": datetime.datetime(2026, 3, 1, 9, 30, tzinfo=datetime.UTC)},
        {"items": [{"name": "c", "size": "L"}], "count": 1, "at": None},
    ]
    for page in pages:  # each answer is its own: nothing of the one before is left in the fields
        assert represent(_Page, page) == _Page(page).data
    for result in (
        {"result": "checked_in", "person": _person()},
        {"result": "checked_in", "person": _person(status="checked_in", school="", checked_in_by=None)},
    ):
        assert represent(CheckInResultSerializer, result) == CheckInResultSerializer(result).data


def test_the_fields_are_built_once_per_class():
    represent(_Page, {"items": [], "count": 0, "at": None})
    built = _output_serializer(_Page).fields
    represent(_Page, {"items": [], "count": 0, "at": None})
    assert _output_serializer(_Page).fields is built
    assert _output_serializer(_Item) is not _output_serializer(_Page)
