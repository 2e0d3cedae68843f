"""The export's JSON filter grammar, translated into the one filter language of applications.

GET /api/applications/export and `export_applications --filters` take, for the spec's callers,
`{"field": value | {"$ne": value} | {"$in": [values]}}` (fields are an allow-list; any other
field, operator or value type is a 400 that says why). It is not a second way of filtering:
each condition becomes a key of apps.applications.filters.ApplicationFilter (`value` and
`$in` → `<field>__in`, `$ne` → `<field>__ne`), which every other selection of applications
takes too. The export (and the command) also take that language itself, as the table's
address has it (`?selection=confirmed&host=true`), which is how the statistics cards and the
table link to their CSV.
"""

from __future__ import annotations

import json
from collections.abc import Mapping

from apps.applications.filters import BOOLEAN_FIELDS, FILTER_KEYS, LIST_KEYS, MAX_IN_VALUES, Filters
from apps.applications.models import ApplicationStatus as S
from apps.core.exceptions import ApplicationError
from apps.core.text import UNSTORABLE, is_storable

TEXT_FIELDS = ("school", "email", "first", "last")
FILTER_FIELDS = ("status", *TEXT_FIELDS, "teamcode", *BOOLEAN_FIELDS)
OPERATORS = ("$ne", "$in")
MAX_FILTERS_LENGTH = 100_000


def _bad(message: str) -> ApplicationError:
    return ApplicationError(message, errors={"filters": [message]})


def _value(field: str, value):
    """One filter value, checked against its field's type; returns it as the filters take it
    (text, "true"/"false" for a boolean, None for no team)."""
    if field in BOOLEAN_FIELDS:
        if isinstance(value, bool):
            return "true" if value else "false"
        if value in ("true", "false"):
            return value
        raise _bad(f"The filter on '{field}' takes true or false.")
    if field == "teamcode" and value is None:
        return None
    if not isinstance(value, str) or len(value) > 255:
        raise _bad(f"The filter on '{field}' takes a text value.")
    if not is_storable(value):
        raise _bad(f"The filter on '{field}': {UNSTORABLE}")
    if field == "status" and value not in S.values:
        raise _bad(f"'{value}' is not an application status.")
    if field == "email":
        return value.strip().lower()
    return value


def translate(raw: str | dict | None) -> dict[str, list]:
    """The grammar's JSON (text or already parsed) as ApplicationFilter data, or a 400.
    Conditions combine with AND, on one field as on several (`$in` and `$ne` together)."""
    if raw in (None, ""):
        return {}
    if isinstance(raw, str):
        if len(raw) > MAX_FILTERS_LENGTH:
            raise _bad("The filters are too long.")
        try:
            raw = json.loads(raw)
        except (ValueError, RecursionError) as exc:
            raise _bad("The filters must be a JSON object.") from exc
    if not isinstance(raw, dict):
        raise _bad("The filters must be a JSON object.")
    # A JSON object names a field once, and a field's object an operator once: each key below
    # is set once.
    data: dict[str, list] = {}
    for field, spec in raw.items():
        if field not in FILTER_FIELDS:
            raise _bad(f"Unknown filter field '{field}'. Use one of: {', '.join(FILTER_FIELDS)}.")
        if not isinstance(spec, dict):
            data[f"{field}__in"] = [_value(field, spec)]
            continue
        if not spec:
            raise _bad(f"The filter on '{field}' has no operator.")
        for operator, operand in spec.items():
            if operator == "$ne":
                data[f"{field}__ne"] = [_value(field, operand)]
            elif operator == "$in":
                if not isinstance(operand, list) or len(operand) > MAX_IN_VALUES:
                    raise _bad(f"'$in' on '{field}' takes a list of at most {MAX_IN_VALUES} values.")
                data[f"{field}__in"] = [_value(field, v) for v in operand]
            else:
                raise _bad(f"Unknown filter operator '{operator}'. Use one of: {', '.join(OPERATORS)}.")
    return data


def parse_filters(raw: str | dict | None) -> Filters:
    """The export's `filters` grammar as checked filters, ready for the export's queryset."""
    return Filters(translate(raw))


def export_filters(params: Mapping) -> Filters:
    """The export's filters from its query: the grammar's `filters` JSON and/or the filter
    language's own keys (a QueryDict: a list key may repeat). A key given both ways is a 400,
    as is any key that is neither."""
    data: dict = translate(params.get("filters"))
    unknown = sorted(key for key in params if key != "filters" and key not in FILTER_KEYS)
    if unknown:
        raise ApplicationError(
            f"Unknown parameter: {', '.join(unknown)}. Use `filters` or: {', '.join(FILTER_KEYS)}.",
            errors={key: ["Unknown filter."] for key in unknown},
        )
    for key in params:
        if key == "filters":
            continue
        if key in data:
            message = f"'{key}' is given twice: in `filters` and on its own."
            raise ApplicationError(message, errors={key: [message]})
        data[key] = params.getlist(key) if key in LIST_KEYS and hasattr(params, "getlist") else params.get(key)
    return Filters(data)
