"""The organizers' applications table: GET /api/applications/all and the /admin/users page.

Three parts, each a standard piece of the DRF / django-filter stack so the API view is a plain
GenericAPIView (table_api.py) and the page renders its first page through the same code:

- `ApplicationTableFilter`: the one filter language of applications (filters.py, which the
  export, mail audiences and the statistics' links take too) plus the sort. The API reads it
  from the contract's `filters` JSON object (`TableFilterBackend`); the page reads the same
  names from its own address (`/admin/users?school=yale&selection=confirmed&sort=-first`).
- `TablePagination`, a DRF pagination class: page numbers on top of keyset (seek) queries, so
  the first, next, previous and last pages each cost one short index walk at any depth, and a
  count that is cached until the applications change.
- `TableRowSerializer`, the shape of a row, shared by the API and the page's props.

The export's `$ne` / `$in` JSON grammar (apps/reports) is an older contract, translated into
the same filters.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import math
import re
import uuid
from collections.abc import Callable, Mapping
from datetime import datetime

import django_filters
from django.core.cache import cache
from django.db import connection, models, transaction
from django.db.models import F, Max, Value, Window
from django.db.models.fields.tuple_lookups import (
    Tuple,
    TupleGreaterThan,
    TupleGreaterThanOrEqual,
    TupleLessThan,
    TupleLessThanOrEqual,
)
from django.db.models.functions import Coalesce, Mod, RowNumber
from django.db.models.signals import post_delete
from django.dispatch import receiver
from django.utils.dateparse import parse_datetime
from django_filters.rest_framework import DjangoFilterBackend
from rest_framework import serializers
from rest_framework.pagination import BasePagination
from rest_framework.response import Response

from apps.core.exceptions import ApplicationError
from apps.core.text import is_storable
from apps.cycles import current
from apps.cycles.models import Cycle

from . import filters
from .models import NO_REVIEW_SCORE, Application, ApplicationStatus, submitted_at_sort_key, teamcode_sort_key

FILTER_KEYS = filters.FILTER_KEYS
# The filters the page's own controls show, and so read from its address; the API takes all.
ADDRESS_KEYS = ("first", "last", "email", "school", "status", "teamcode", "reviews_min", "selection", "host")
# A team code or a number of reviews may come as a JSON number.
NUMBER_FILTERS = ("teamcode", "reviews_min")
DEFAULT_PER_PAGE = 20
MAX_PER_PAGE = 100
# Far past any real table (a page of 1 over 50,000 rows is page 50,000); it keeps any OFFSET
# inside a 64-bit integer whatever number a client sends.
MAX_PAGE = 10_000_000
MAX_FILTER_LENGTH = filters.MAX_FILTER_LENGTH
TABLE_COLUMNS = (
    "email",
    "first",
    "last",
    "school",
    "teamcode",
    "status",
    "submitted_at",
    "review_score",
    "review_count",
)
# Below any combined score: the NULL-free sort key of an application without one.
NO_SCORE = NO_REVIEW_SCORE
# Replaced whenever apps.reviews rewrites scores: the cached seek points of a sort by score
# depend on the scores, which don't move `updated_at`.
SCORES_VERSION_KEY = "table:scores-version"


# The sortable columns. Each sorts by its key, then email, then id, all in one direction, so
# the order is total (no two rows tie) and a page boundary is one tuple. None means the column
# itself; teamcode and submitted_at may be NULL and sort by NULL-free keys (models.py).
def score_sort_key():
    # The copy on the application row (models.py), which the app_table_score index holds.
    return F("review_score_key")


# A column reference, `"table"."column"` or `alias."column"`, in a query's SQL.
_QUALIFIED_COLUMN = re.compile(r'"?(\w+)"?\."\w+"')


def conditions_tables(sql: str) -> set[str]:
    """The tables (or aliases) whose columns the SQL's conditions read. (A one-to-one LEFT JOIN
    that only feeds a selected column, the review score's, doesn't change a count.)"""
    conditions = sql.partition(" WHERE ")[2]
    return set(_QUALIFIED_COLUMN.findall(conditions))


def scores_changed() -> None:
    """Called by apps.reviews after it rewrote combined scores (at commit)."""
    cache.delete(SCORES_VERSION_KEY)


# Replaced when an application row is deleted: the newest `updated_at` dates every insert and
# update of the table, but a deletion leaves it where it was.
ROWS_VERSION_KEY = "table:rows-version"


@receiver(post_delete, sender=Application, dispatch_uid="apps.applications.table.application_deleted")
def _application_deleted(sender, **kwargs) -> None:
    cache.delete(ROWS_VERSION_KEY)
    transaction.on_commit(lambda: cache.delete(ROWS_VERSION_KEY))


def _shared_version(key: str) -> str:
    version = cache.get(key)
    if version is None:
        version = uuid.uuid4().hex
        if not cache.add(key, version, None):
            version = cache.get(key) or version
    return version


def versioned_tables() -> dict[str, Callable[[], object]]:
    """The tables besides the applications' whose every change replaces a known version, by
    table name: the review summaries (apps.reviews calls `scores_changed` after each rewrite,
    read by the relation's name since applications may not import reviews) and the cycles
    (their generation, moved by every save and queryset update)."""
    summaries = Application._meta.get_field("review_summary").related_model._meta.db_table
    return {
        summaries: lambda: _shared_version(SCORES_VERSION_KEY),
        Cycle._meta.db_table: current.generation,
    }


SORT_KEYS = {
    "email": None,
    "first": None,
    "last": None,
    "school": None,
    "teamcode": teamcode_sort_key,
    "status": None,
    "submitted_at": submitted_at_sort_key,
    # The combined review score (apps.reviews' ReviewSummary, by its ORM name).
    "score": score_sort_key,
}
DEFAULT_SORT = "email"
SORTS = tuple(sort for column in SORT_KEYS for sort in (column, f"-{column}"))


# --- Filters and sort ------------------------------------------------------------------------


def sort_table(queryset, sort: str):
    """Order the table by `sort` (a column, '-' first for descending), then email and id."""
    column = sort.removeprefix("-")
    sign = "-" if sort.startswith("-") else ""
    make_key = SORT_KEYS[column]
    name = column
    if make_key is not None:
        # Selected, not only ordered by: the boundary row's key becomes the next page's cursor.
        name = f"{column}_key"
        queryset = queryset.annotate(**{name: make_key()})
    return queryset.order_by(*(sign + term for term in dict.fromkeys((name, "email", "id"))))


class SortFilter(django_filters.ChoiceFilter):
    def filter(self, qs, value):
        return sort_table(qs, value) if value else qs


class ApplicationTableFilter(filters.ApplicationFilter):
    """The filters every selection of applications takes (filters.py), and the table's sort."""

    sort = SortFilter(
        choices=[(sort, sort) for sort in SORTS],
        error_messages={"invalid_choice": f"Sort by one of: {', '.join(SORTS)}."},
    )

    class Meta(filters.ApplicationFilter.Meta):
        pass


def table_queryset(cycle: Cycle):
    """Every application of `cycle`, in the default order (email, then id), with its combined
    review score and number of scored reviews (None and 0 before any review)."""
    return (
        Application.objects.filter(cycle=cycle)
        .annotate(
            review_score=F("review_summary__score"),
            review_count=Coalesce("review_summary__reviews", Value(0), output_field=models.IntegerField()),
        )
        .order_by("email", "id")
    )


filtered = filters.validated


def parse_filters_json(raw: str | None) -> dict[str, str | list]:
    """The contract's `filters` parameter: a JSON object of the filters (filters.py), each
    optional.

    Only the JSON is checked here (an object, known keys, string values, a list for an `__in`
    or `__ne` key; a team code may come as a number; null means no filter); the values are the
    FilterSet's to judge.
    """
    if raw is None or raw.strip() == "":
        return {}
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as exc:
        raise ApplicationError("'filters' must be a JSON object.", errors={"filters": ["Malformed JSON."]}) from exc
    if not isinstance(data, dict):
        raise ApplicationError("'filters' must be a JSON object.", errors={"filters": ["Expected a JSON object."]})
    filters.check_keys(data)
    values: dict[str, str | list] = {}
    errors: dict[str, list[str]] = {}
    for key, value in data.items():
        if value is None:
            continue
        if key in NUMBER_FILTERS and isinstance(value, int) and not isinstance(value, bool):
            value = str(value)
        if key in filters.LIST_KEYS and isinstance(value, list):
            values[key] = value  # each item is the FilterSet's to judge
            continue
        if not isinstance(value, str):
            errors[key] = ["Must be a list." if key in filters.LIST_KEYS else "Must be a string."]
            continue
        values[key] = value
    if errors:
        key = next(iter(errors))
        raise ApplicationError(f"Invalid filter '{key}': {errors[key][0]}", errors=errors)
    return values


class TableFilterBackend(DjangoFilterBackend):
    """django-filter's backend, reading the FilterSet's data from the contract's `filters`
    JSON object and the `sort` parameter rather than from one query parameter per filter."""

    def get_filterset_kwargs(self, request, queryset, view):
        data = parse_filters_json(request.query_params.get("filters"))
        data["sort"] = request.query_params.get("sort", "")
        return {"data": data, "queryset": queryset, "request": request}

    def filter_queryset(self, request, queryset, view):
        return filtered(self.get_filterset(request, queryset, view))


# --- Pages -----------------------------------------------------------------------------------


def parse_positive_int(raw, *, name: str, default: int, maximum: int) -> int:
    if raw is None or raw == "":
        return default
    text = str(raw).strip()
    if not text.isascii() or not text.isdigit():
        raise ApplicationError(f"'{name}' must be a whole number.", errors={name: ["Must be a whole number."]})
    value = int(text) if len(text) <= 12 else maximum + 1
    if value < 1 or value > maximum:
        message = f"Must be between 1 and {maximum}."
        raise ApplicationError(f"'{name}' {message[0].lower()}{message[1:]}", errors={name: [message]})
    return value


MAX_CURSOR_LENGTH = 2048


class TablePagination(BasePagination):
    """Page numbers (the contract's `page`, `per_page`, `total`, `pages`) served by keyset.

    OFFSET makes the database walk past every earlier row, so the last of 2,501 pages cost
    ~50 ms where the first cost 0.1 ms. Here each page is read by seeking in the sort's index:

    - page 1: the first `per_page` rows;
    - the last page: the last rows, read backwards from the end (then put back in order);
    - next / previous: the rows after the `after` cursor, or before the `before` cursor. The
      response carries both cursors (`next`, `previous`): the boundary rows' sort keys. With a
      cursor, `page` is the number the client gives the page it asks for;
    - any other page without a cursor (a shared link, a typed number): skipped to from
      whichever end is nearer, reading only the index (see `jump`); at worst half the index
      is read, and only on such a jump.

    Rows added or removed between two requests shift page boundaries as they would with
    OFFSET, but a next/previous never repeats or skips a row relative to the page on screen.

    The queryset's ordering must be field or annotation names, all ascending or all
    descending, ending with the primary key (what `sort_table` makes): the cursor is a tuple
    of those values and the seek is one row comparison, `(key, email, id) > (…)`, which
    PostgreSQL answers from the matching index.

    `total` is counted once per filter set and cached until the model's newest `updated_at`
    changes (see `count`).
    """

    results_key = "applications"
    columns = TABLE_COLUMNS
    default_per_page = DEFAULT_PER_PAGE
    max_per_page = MAX_PER_PAGE
    # Deletions don't move the newest `updated_at`, and a change committed late with an older
    # timestamp may not either: the TTL bounds how long such a count can be off.
    count_ttl = 60

    def paginate_queryset(self, queryset, request, view=None):
        return self.paginate(queryset, request.query_params)

    def get_paginated_response(self, data):
        return Response(self.body(data))

    def body(self, rows) -> dict:
        return {
            self.results_key: rows,
            "total": self.total,
            "pages": self.pages,
            "page": self.page,
            "next": self.next,
            "previous": self.previous,
        }

    # The pagination itself.

    def paginate(self, queryset, params: Mapping) -> list[dict]:
        self.page = parse_positive_int(params.get("page"), name="page", default=1, maximum=MAX_PAGE)
        self.per_page = parse_positive_int(
            params.get("per_page"), name="per_page", default=self.default_per_page, maximum=self.max_per_page
        )
        names, descending = self.ordering(queryset)
        after = self.decode_cursor(params.get("after"), "after", queryset, names, descending)
        before = self.decode_cursor(params.get("before"), "before", queryset, names, descending)
        if after is not None and before is not None:
            raise ApplicationError("Give 'after' or 'before', not both.", errors={"before": ["Give one cursor."]})

        self.total = self.count(queryset)
        self.pages = max(1, math.ceil(self.total / self.per_page))
        selected = queryset.values(*dict.fromkeys((*self.columns, *names)))
        rows = self.rows(selected, names, descending, after, before)
        self.next = self.encode_cursor(rows[-1], names, descending) if rows and self.page < self.pages else None
        self.previous = self.encode_cursor(rows[0], names, descending) if rows and self.page > 1 else None
        return rows

    def rows(self, queryset, names, descending, after, before) -> list[dict]:
        page, per_page, total, pages = self.page, self.per_page, self.total, self.pages
        if total == 0 or page > pages:
            # Past the end (the filters narrowed the table since the client counted): empty.
            return []
        if page == 1:
            return list(queryset[:per_page])
        if page == pages:
            return list(queryset.reverse()[: total - (pages - 1) * per_page])[::-1]
        if after is not None:
            return list(self.seek(queryset, names, after, forward=not descending)[:per_page])
        if before is not None:
            return list(self.seek(queryset, names, before, forward=descending).reverse()[:per_page])[::-1]
        # A jump without a cursor: seek from the page's first row, cached with the count.
        point = self.seek_point(queryset, names, descending)
        if point is not None:
            return list(self.seek(queryset, names, point, forward=not descending, inclusive=True)[:per_page])
        start, end = (page - 1) * per_page, page * per_page
        if start <= total - end:
            return list(self.jump(queryset, names, descending, start, backward=False)[:per_page])
        return list(self.jump(queryset, names, descending, total - end, backward=True)[:per_page])[::-1]

    @staticmethod
    def jump(queryset, names, descending, offset: int, *, backward: bool):
        """The rows from the `offset`-th in order (or in reverse order, `backward`) on.

        On PostgreSQL the skipping happens in a subquery that reads only the sort key, which
        the sort's index holds (an index-only scan, about five times faster than skipping
        whole rows), and the page is then a seek from the row it lands on, in one statement.
        Elsewhere (SQLite in development, which lacks row-value subqueries in Django) it is a
        plain OFFSET.
        """
        ordered = queryset.reverse() if backward else queryset
        if not connection.features.supports_tuple_lookups:
            return ordered[offset:]
        boundary = ordered.values(*names)[offset : offset + 1]
        lookup = TupleGreaterThanOrEqual if descending == backward else TupleLessThanOrEqual
        return ordered.filter(lookup(Tuple(*(F(name) for name in names)), boundary.query))

    @staticmethod
    def seek(queryset, names, values, *, forward: bool, inclusive: bool = False):
        """The rows after (forward) or before the boundary tuple `values`, in index order (from
        it on, `inclusive`)."""
        if inclusive:
            lookup = TupleGreaterThanOrEqual if forward else TupleLessThanOrEqual
        else:
            lookup = TupleGreaterThan if forward else TupleLessThan
        return queryset.filter(lookup(Tuple(*(F(name) for name in names)), tuple(values)))

    # Seek points: where each page starts, per filter set, sort and page size.

    # Beyond this many pages the points are not kept (a page of 1 over a huge table): the jump
    # then skips through the index as below.
    max_seek_points = 20_000

    def seek_point(self, queryset, names, descending) -> list | None:
        """The sort key of the page's first row, from the list of every page's first row.

        Jumping to page n of a filtered table by OFFSET (or the index-only skip of `jump`)
        walks every earlier matching row, on every jump. Instead, the first jump under a filter
        set, sort and page size reads the sort keys of every page's first row in one pass
        (ROW_NUMBER over the filtered rows, every `per_page`-th kept) and caches them under
        the same version as the count; from then on any page is one seek from its first row,
        as cheap as page 1, until the applications change."""
        if self.version is None or self.pages > self.max_seek_points or not connection.features.supports_over_clause:
            return None
        sql, params = queryset.query.sql_with_params()
        digest = hashlib.sha256(repr((sql, params, self.per_page)).encode()).hexdigest()
        key = f"table-seek:{digest}"
        version = self.version
        if "score_key" in names:
            scores = cache.get(SCORES_VERSION_KEY)
            if scores is None:
                scores = uuid.uuid4().hex
                cache.add(SCORES_VERSION_KEY, scores, None)
            version = f"{version}/{scores}"
        cached = cache.get(key)
        if isinstance(cached, tuple) and len(cached) == 2 and cached[0] == version:
            points = cached[1]
        else:
            order = [F(name).desc() if descending else F(name).asc() for name in names]
            numbered = (
                queryset.order_by()
                .annotate(_row=Window(RowNumber(), order_by=order))
                .annotate(_step=Mod(F("_row") - 1, Value(self.per_page)))
                .filter(_step=0)
                .order_by("_row")
                .values_list(*names)
            )
            points = [list(row) for row in numbered]
            cache.set(key, (version, points), self.count_ttl)
        index = self.page - 1
        return points[index] if index < len(points) else None

    @staticmethod
    def ordering(queryset) -> tuple[list[str], bool]:
        terms = [str(term) for term in queryset.query.order_by]
        names = [term.removeprefix("-") for term in terms]
        directions = {term.startswith("-") for term in terms}
        if not names or names[-1] not in ("id", "pk") or len(directions) != 1:
            raise AssertionError(f"Keyset pages need one direction ending with the key, not {terms}")
        return ["id" if name == "pk" else name for name in names], directions.pop()

    # The count.

    def count(self, queryset) -> int:
        """The number of rows the filters select, cached while the table is unchanged.

        Counting 50,000 rows costs a few milliseconds per request, every request, while an
        organizer pages through the same filters; paging changes nothing. So the count is kept
        per filter set (the key is the SQL of the filtered query, which holds the cycle and
        every filter value) under `table_version`: every write to an application (submit,
        edit, decision) sets `updated_at`, a deletion and a rewrite of the scores or of a cycle
        replace their versions, so the first request after a change counts again and reports
        exact totals. Reading the version is one probe of the `app_updated_at` index and a
        cache read or two.
        """
        sql, params = queryset.order_by().values("pk").query.sql_with_params()
        version = self.table_version(sql, queryset.model)
        self.version = version
        if version is None:
            return queryset.order_by().count()
        key = "table-count:" + hashlib.sha256(repr((sql, params)).encode()).hexdigest()
        cached = cache.get(key)
        if isinstance(cached, tuple) and len(cached) == 2 and cached[0] == version:
            return cached[1]
        total = queryset.order_by().count()
        cache.set(key, (version, total), self.count_ttl)
        return total

    @staticmethod
    def table_version(sql: str, model) -> str | None:
        """A version that every change to the rows `sql` selects replaces, or None when its
        conditions read a table with no version: then it is counted every time and no seek
        points are kept. The versions are read before the rows, so a count that raced a change
        is filed under the version the change replaces, and never read."""
        versioned = versioned_tables()
        read = conditions_tables(sql) - {model._meta.db_table}
        if not read <= versioned.keys():
            return None
        # A filter on another table (the reviews of "reviewed", the cycle's status of
        # "released") changes its count without moving any application's `updated_at`: that
        # table's own version is part of the count's.
        parts = [str(versioned[table]()) for table in sorted(read)]
        if "None" in parts:  # the cache can't hold a version: count every time
            return None
        parts.append(_shared_version(ROWS_VERSION_KEY))
        newest = model._default_manager.aggregate(newest=Max("updated_at"))["newest"]
        parts.append(newest.isoformat() if newest else "")
        return "/".join(parts)

    # Cursors: the boundary row's sort key, as base64url JSON `[ordering, [values…]]`.

    @staticmethod
    def signature(names, descending) -> str:
        return ("-" if descending else "") + ",".join(names)

    def encode_cursor(self, row: dict, names, descending) -> str:
        values = [row[name].isoformat() if isinstance(row[name], datetime) else row[name] for name in names]
        payload = json.dumps([self.signature(names, descending), values], separators=(",", ":"))
        return base64.urlsafe_b64encode(payload.encode()).decode().rstrip("=")

    def decode_cursor(self, raw, param: str, queryset, names, descending) -> list | None:
        if raw is None or raw == "":
            return None
        invalid = ApplicationError(
            f"'{param}' is not a cursor of this table and sort.",
            errors={param: ["Not a cursor of this table and sort: ask for the page again."]},
        )
        if len(raw) > MAX_CURSOR_LENGTH:
            raise invalid
        try:
            text = base64.urlsafe_b64decode(raw + "=" * (-len(raw) % 4)).decode()
            signature, values = json.loads(text)
        except (binascii.Error, UnicodeError, ValueError, TypeError, RecursionError) as exc:
            raise invalid from exc
        if signature != self.signature(names, descending) or not isinstance(values, list):
            raise invalid
        if len(values) != len(names):
            raise invalid
        out = []
        for name, value in zip(names, values, strict=True):
            parsed = self.cursor_value(self.output_field(queryset, name), value)
            if parsed is None:
                raise invalid
            out.append(parsed)
        return out

    @staticmethod
    def output_field(queryset, name: str):
        annotation = queryset.query.annotations.get(name)
        return annotation.output_field if annotation is not None else queryset.model._meta.get_field(name)

    @staticmethod
    def cursor_value(field, value):
        """`value` as the type of `field`, or None if it can't be one (never NULL: see models)."""
        if isinstance(field, models.DateTimeField):
            parsed = parse_datetime(value) if isinstance(value, str) else None
            return parsed if parsed is not None and parsed.tzinfo is not None else None
        if isinstance(field, models.FloatField):
            number = isinstance(value, int | float) and not isinstance(value, bool)
            return float(value) if number and math.isfinite(value) else None
        if isinstance(field, models.IntegerField | models.AutoField):
            return value if isinstance(value, int) and not isinstance(value, bool) and 0 < value < 2**63 else None
        if isinstance(field, models.CharField | models.TextField):
            return value if isinstance(value, str) and is_storable(value) else None
        return None


# --- The row and the whole answer ------------------------------------------------------------


class TableRowSerializer(serializers.Serializer):
    email = serializers.CharField()
    first = serializers.CharField(allow_blank=True)
    last = serializers.CharField(allow_blank=True)
    school = serializers.CharField(allow_blank=True)
    teamcode = serializers.CharField(allow_null=True, allow_blank=True)
    status = serializers.ChoiceField(choices=ApplicationStatus.choices)
    submitted_at = serializers.DateTimeField(allow_null=True)
    score = serializers.FloatField(
        source="review_score", allow_null=True, help_text="Combined review score; null before any review"
    )
    reviews = serializers.IntegerField(source="review_count", help_text="Scored reviews")


def application_table(*, cycle: Cycle, filters: Mapping, params: Mapping | None = None) -> dict:
    """One page of the table, as GET /api/applications/all answers it: `filters` is the
    FilterSet's data (the six filters and `sort`), `params` the pagination's (`page`,
    `per_page`, `after`, `before`). What the /admin/users page renders first."""
    queryset = filtered(ApplicationTableFilter(data=filters, queryset=table_queryset(cycle)))
    paginator = TablePagination()
    rows = paginator.paginate(queryset, params or {})
    return paginator.body(TableRowSerializer(rows, many=True).data)
