"""The one filter language of a cycle's applications: `ApplicationFilter`, a django-filter FilterSet.

Everything that picks applications takes it: the organizers' table (GET `all` and the
/admin/users address, which adds the sort: apps/applications/table.py), the CSV export and
`export_applications` (apps/reports; the export's older JSON grammar is translated into these
keys there), mail audiences (receivers.py), the statistics cards' CSV and table links, and any
link that lands on the table (`/admin/users?selection=confirmed&host=true`).

The keys, all optional and combined with AND:

- `first`, `last`, `email`, `school`: a case-insensitive substring (what an organizer types);
- `status`, `teamcode`: exactly that status or team code;
- `reviews_min`: at least that many scored reviews;
- `selection`: one of the named selections of selections.py (`submitted`, `admitted`,
  `confirmed`…): the rows behind a count, by the count's own definition;
- `host`: `true` for the configured host school (exactly), `false` for every other;
- `<field>__in` (exactly one of the values) and `<field>__ne` (none of them) for `first`,
  `last`, `email`, `school`, `status`, `teamcode` (where null stands for no team) and the two
  booleans `travel_reimbursement` and `housing_accommodations` (`true`/`false`): what the
  export's grammar is translated into. A list is a list in JSON, or the key repeated in an
  address (`status__in=accepted&status__in=confirmed`).

An empty value filters nothing (but an empty list selects nothing); an invalid one is a 400
that names the key.
"""

from __future__ import annotations

from collections.abc import Mapping

import django_filters
from django import forms
from django.core.exceptions import ValidationError
from django.db.models import Q

from apps.core.exceptions import ApplicationError
from apps.core.text import is_storable

from . import selections
from .models import Application, ApplicationStatus

MAX_FILTER_LENGTH = 254
MAX_IN_VALUES = 1000
TEXT_FIELDS = ("first", "last", "email", "school")
BOOLEAN_FIELDS = ("travel_reimbursement", "housing_accommodations")
TRUE_FALSE = [("true", "true"), ("false", "false")]


def validate_storable(value: str) -> None:
    if not is_storable(value):
        raise ValidationError("Must hold printable characters only.")


def _text_field() -> forms.CharField:
    # Not required: in a list, "" is a value (the export's `{"school": ""}` selects blank schools).
    return forms.CharField(max_length=MAX_FILTER_LENGTH, validators=[validate_storable], required=False, strip=False)


STATUS_ERRORS = {"invalid_choice": f"Unknown status. Choose one of: {', '.join(ApplicationStatus.values)}."}
TRUE_FALSE_ERRORS = {"invalid_choice": "Use true or false."}


def _status_field() -> forms.ChoiceField:
    return forms.ChoiceField(choices=ApplicationStatus.choices, error_messages=STATUS_ERRORS)


def _true_false_field() -> forms.ChoiceField:
    return forms.ChoiceField(choices=TRUE_FALSE, error_messages=TRUE_FALSE_ERRORS)


# --- Lists -------------------------------------------------------------------------------


class ListWidget(forms.Widget):
    """A list from JSON (a list), from an address (the key repeated) or a single value."""

    def value_from_datadict(self, data, files, name):
        if hasattr(data, "getlist"):
            values = data.getlist(name)
            return values if values else None
        value = data.get(name)
        if value is None:
            return None
        return list(value) if isinstance(value, list | tuple) else [value]


class ListField(forms.Field):
    """Each item cleaned by `child`; None stays None (no filter), [] selects nothing."""

    widget = ListWidget

    def __init__(self, *, child: forms.Field, allow_null: bool = False, **kwargs) -> None:
        kwargs["required"] = False
        super().__init__(**kwargs)
        self.child = child
        self.allow_null = allow_null

    def clean(self, value):
        if value is None:
            return None
        if not isinstance(value, list) or len(value) > MAX_IN_VALUES:
            raise ValidationError(f"A list of at most {MAX_IN_VALUES} values.")
        cleaned = []
        for item in value:
            if item is None and self.allow_null:
                cleaned.append(None)
                continue
            if not isinstance(item, str):
                raise ValidationError("Each value must be a string.")
            cleaned.append(self.child.clean(item))
        return cleaned


class InFilter(django_filters.Filter):
    """`field IN (values)` (`exclude`: none of them). None among the values stands for NULL; an
    empty list takes nothing (excludes nothing)."""

    field_class = ListField

    def filter(self, qs, value):
        if value is None:
            return qs
        if not value:
            # Nothing to match: no row, or (excluding) every row. Written as a condition no row
            # meets rather than an empty IN, which Django refuses to write out as SQL (the
            # export hands the query's SQL to PostgreSQL's COPY).
            return qs if self.exclude else qs.filter(pk__isnull=True)
        values = [_db_value(self.field_name, v) for v in value if v is not None]
        condition = Q(**{f"{self.field_name}__in": values})
        if None in value:
            condition |= Q(**{f"{self.field_name}__isnull": True})
        # Excluding keeps the NULLs a value can't match (Django guards the NOT), as the
        # export's `$ne` always did.
        return qs.exclude(condition) if self.exclude else qs.filter(condition)


def _db_value(field_name: str, value):
    if field_name in BOOLEAN_FIELDS:
        return value == "true"
    return value


class TextFilter(django_filters.CharFilter):
    """A substring, case and accents aside ("Universite de Montreal" finds "Université de
    Montréal": apps.core.text.fold); `%` and `_` are taken literally."""

    def __init__(self, **kwargs):
        kwargs.setdefault("lookup_expr", "folded_contains")
        super().__init__(max_length=MAX_FILTER_LENGTH, validators=[validate_storable], **kwargs)


def _operator_filters() -> dict[str, django_filters.Filter]:
    """The export grammar's operators: `<field>__in` (one of the values) and `<field>__ne`
    (none of them), for each field the grammar knows."""
    children = {
        **{name: _text_field for name in TEXT_FIELDS},
        "teamcode": _text_field,
        "status": _status_field,
        **{name: _true_false_field for name in BOOLEAN_FIELDS},
    }
    made: dict[str, django_filters.Filter] = {}
    for name, child in children.items():
        nullable = name == "teamcode"
        made[f"{name}__in"] = InFilter(field_name=name, child=child(), allow_null=nullable)
        made[f"{name}__ne"] = InFilter(field_name=name, child=child(), allow_null=nullable, exclude=True)
    return made


class BaseApplicationFilter(django_filters.FilterSet):
    first = TextFilter()
    last = TextFilter()
    email = TextFilter()
    school = TextFilter()
    status = django_filters.ChoiceFilter(choices=ApplicationStatus.choices, error_messages=STATUS_ERRORS)
    teamcode = django_filters.CharFilter(max_length=MAX_FILTER_LENGTH, validators=[validate_storable])
    # At least this many scored reviews (apps.reviews' summaries, read by their ORM name only:
    # applications may not import reviews, which sits above it). 0 is every application,
    # reviewed or not.
    reviews_min = django_filters.NumberFilter(
        method="filter_reviews_min",
        min_value=0,
        max_value=1000,
        error_messages={"invalid": "Enter a whole number of reviews."},
    )
    selection = django_filters.ChoiceFilter(
        choices=selections.choices(),
        method="filter_selection",
        error_messages={"invalid_choice": f"Unknown selection. Choose one of: {', '.join(selections.NAMES)}."},
    )
    host = django_filters.ChoiceFilter(choices=TRUE_FALSE, method="filter_host", error_messages=TRUE_FALSE_ERRORS)

    class Meta:
        model = Application
        fields = []  # the declared filters only

    def __init__(self, data=None, *args, **kwargs):
        # django-filter deep-copies every filter and builds a form field for each at every use:
        # about 2.5 ms for these 25, a quarter of a table request. A filter given no value
        # filters nothing, so only those the data names are built (a key may carry a widget's
        # suffix, as a range's `_min`). The class's `base_filters`, which the schema reads, keep
        # them all.
        if data is not None:
            self.base_filters = {
                name: f
                for name, f in type(self).base_filters.items()
                if any(key == name or str(key).startswith(f"{name}_") for key in data)
            }
        super().__init__(data, *args, **kwargs)

    def filter_reviews_min(self, qs, name, value):
        if value is None or value <= 0:
            return qs
        return qs.filter(review_summary__reviews__gte=value)

    def filter_selection(self, qs, name, value):
        return qs.filter(selections.q(value))

    def filter_host(self, qs, name, value):
        return qs.filter(selections.host_school()) if value == "true" else qs.exclude(selections.host_school())


# The operator keys are generated (one per field and operator) and added as declared filters,
# so the FilterSet's metaclass treats them as any other.
ApplicationFilter = type(
    "ApplicationFilter",
    (BaseApplicationFilter,),
    {**_operator_filters(), "__module__": __name__, "__doc__": __doc__.split("\n\n")[0]},
)
FILTER_KEYS: tuple[str, ...] = tuple(ApplicationFilter.base_filters)
LIST_KEYS = tuple(key for key in FILTER_KEYS if key.endswith(("__in", "__ne")))


def validated(filterset: django_filters.FilterSet):
    """The FilterSet's queryset, or a 400 naming every invalid filter."""
    if not filterset.is_valid():
        errors = {key: [str(message) for message in messages] for key, messages in filterset.errors.items()}
        key = next(iter(errors))
        what = "sort" if key == "sort" else f"filter '{key}'"
        raise ApplicationError(f"Invalid {what}: {errors[key][0]}", errors=errors)
    return filterset.qs


def check_keys(data: Mapping, *, allowed: tuple[str, ...] = FILTER_KEYS) -> None:
    unknown = sorted(str(key) for key in data if key not in allowed)
    if unknown:
        raise ApplicationError(
            f"Unknown filter: {', '.join(unknown)}. Filters are {', '.join(allowed)}.",
            errors={key: ["Unknown filter."] for key in unknown},
        )


def select(cycle, data: Mapping, *, queryset=None):
    """The applications of `cycle` (or of `queryset`) that the filters `data` pick, or a 400."""
    base = queryset if queryset is not None else Application.objects.filter(cycle=cycle)
    return validated(ApplicationFilter(data=data, queryset=base))


class Filters:
    """Filters checked once (a 400 up front, before a streamed answer starts) and applied later."""

    def __init__(self, data: Mapping | None = None) -> None:
        data = dict(data or {})
        check_keys(data)
        validated(ApplicationFilter(data=data, queryset=Application.objects.none()))
        self.data = data

    def apply(self, queryset):
        return select(None, self.data, queryset=queryset)

    def __repr__(self) -> str:
        return f"Filters({self.data!r})"
