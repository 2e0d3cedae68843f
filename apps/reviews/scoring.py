"""Calibrated ranking of reviewed applications, and agreement between reviewers (pure Python, no Django).

`rank(scores, criteria)` turns every reviewer's criterion scores into one comparable number per
application, with the figures an organizer needs to trust it: how many reviews, how much they
disagree, how each reviewer scores, and Krippendorff's alpha per criterion.

The method, step by step (all on one 0-10 scale, so criteria with different scales mix):

1. Raw review score. Each value is clamped to its criterion's scale (a rubric may have been narrowed
   after scoring) and normalised: u = 10 * (value - scale_min) / (scale_max - scale_min). A review's
   raw score is the weight-weighted mean of its u over the criteria it scored.

2. Reviewer calibration by empirical-Bayes shrinkage. Reviewers differ in leniency (mean) and in how
   much of the scale they use (SD), so a plain z-score per reviewer (raw - mean) / sd is the usual
   fix -- but it breaks exactly where a portal needs it: a reviewer with one review has no SD and a
   z of 0/0, and one with three reviews has a mean and SD that are mostly noise (whoever happened to
   be in their pile). We treat each reviewer's mean and variance as unknowns with a prior centred on
   the pool and `k = prior_strength` pseudo-observations of weight:
       shift = (n * mean_r + k * pooled_mean) / (n + k)                    (normal-normal posterior mean)
       scale^2 = ((n - 1) * var_r + k * pooled_var) / ((n - 1) + k)        (scaled-inverse-chi^2 posterior,
                                                                            the "moderated variance" of limma)
   The data's weight is n / (n + k): a reviewer with 1 review (k = 5) moves 1/6 of the way from the
   pool to their own mean, one with 50 reviews 50/55 of the way -- so reviewers who saw enough
   applicants get a near-exact z-score (adding +2 to all their scores, or doubling their spread, moves
   other scores only by about k/(n+k) of the change: near-ties may swap, nothing else; with k = 0, or a
   shift when every reviewer saw every applicant, the order is exactly unchanged), and the few who saw
   little are neither trusted blindly nor divided by zero.
   pooled_mean is the mean raw score of all reviews. pooled_var is the pooled WITHIN-reviewer variance
   (sum of squared deviations from each reviewer's own mean / sum of (n_r - 1)), i.e. the spread of a
   typical reviewer, not the spread inflated by their differing leniency. With few reviews per reviewer
   that is noise too (one reviewer's two near-equal scores would make every other reviewer's z-scores
   explode), so it gets k pseudo-degrees of freedom of a fixed anchor, 10^2/12 = 8.33 (SD 2.89, a reviewer
   spreading their scores evenly over the scale): (sum_r SS_r + k * 8.33) / (sum_r (n_r - 1) + k). A fixed
   anchor, unlike the variance of all reviews, keeps the pool blind to reviewers' leniency. With thousands
   of reviews it is irrelevant. k = 0 gives the plain z-score; where that is undefined (nobody shows any
   spread) the variance of all reviews, then 1, stand in (then every review equals its reviewer's mean).

3. Calibrated score. A review's standardised score is (raw - shift) / scale. Standardising each
   criterion score by the reviewer's shift/scale and then taking the weighted mean gives the same
   number, so "weighted mean of standardised criterion scores" and "standardised weighted mean" agree.
   An application's score is the mean over its reviews; spread is their sample SD.

Calibration is per reviewer, not per reviewer and criterion: with 2 criteria and a handful of reviews
per reviewer, per-criterion statistics would halve already thin samples. Agreement is per criterion.

4. Agreement: Krippendorff's alpha with the interval metric, per criterion, units = applications,
   values = each reviewer's (clamped, unnormalised) value. alpha = 1 - D_o / D_e where, for the interval
   metric delta^2(c, k) = (c - k)^2, the coincidence-matrix sums reduce to sums over pairable values
   (values of units with at least 2 of them; n of them in all):
       D_o = (2 / n) * sum_u [ sum_{i<j in u} (v_i - v_j)^2 / (m_u - 1) ]
       D_e = (2 / (n * (n - 1))) * sum_{i<j over all pairable values} (v_i - v_j)^2
           = 2 * SS / (n - 1),  SS = sum of squared deviations of the pairable values from their mean
   so alpha = 1 - (n - 1) * W / (n * SS), W = the bracketed sum -- one pass over the units, no matrix.
   alpha is None when undefined: fewer than 2 pairable values, or no variance among them.

The default k = 5 trusts a reviewer's own mean half-way once they have reviewed 5 applicants, and
86-95% at the 30-100 a reviewer of a 2,000-applicant event sees; raise it when reviewers are known
to score alike, lower it when they don't.

Cost: one pass over the scores to group them, then passes over the groups: O(n) time and memory
(0.5 s of CPU for 300,000 scores: 50,000 applications x 3 reviews x 2 criteria, 40 reviewers).
Sums use math.fsum or run in a fixed order and results are built in sorted id order, so the output does
not depend on the order of the input (except which of two values for the same reviewer, application and
criterion is last), and no NaN or infinity can come out (non-finite values are ignored).
"""

from __future__ import annotations

import gc
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

#: Raw scores are reported on 0..SCALE: 0 = every criterion at its minimum, SCALE = at its maximum.
SCALE = 10.0

# A variance on the 0..10 scale below this (an SD under a millionth of a point) is float noise, i.e. zero:
# dividing by its square root would blow z-scores up to meaningless sizes.
_ZERO_VARIANCE = 1e-12
# The variance of scores spread evenly over 0..10: the anchor of the pooled spread when data are few.
_NOMINAL_VARIANCE = SCALE**2 / 12
# Agreement data with an SD under a millionth of the criterion's span have no variance.
_ZERO_RELATIVE_VARIANCE = 1e-12


@dataclass(frozen=True, slots=True)
class CriterionSpec:
    """A rubric criterion as the maths needs it.

    id: the criterion's key (Score.criterion refers to it).
    weight: its weight in the combined score, > 0; only ratios between weights matter.
    scale_min, scale_max: the scale reviewers score on (scale_min < scale_max), e.g. 1..10.
    """

    id: int
    weight: float
    scale_min: int
    scale_max: int


@dataclass(frozen=True, slots=True)
class Score:
    """One reviewer's value for one criterion of one application, on that criterion's scale.

    A review is the set of Scores sharing (reviewer, application). Values outside the criterion's scale
    are clamped to it; non-finite values and unknown criteria are ignored; a repeated
    (reviewer, application, criterion) keeps the last value.
    """

    reviewer: int
    application: int
    criterion: int
    value: float


@dataclass(frozen=True, slots=True)
class ApplicationResult:
    """An application's place in the ranking.

    score: calibrated combined score, in reviewer standard deviations: the mean over its reviews of
        (review's raw score - reviewer's shift) / reviewer's scale. 0 = what its reviewers give a typical
        applicant, +1 = one (shrunk) SD above it. Higher is better; comparable across reviewers.
        None only for an application without reviews, which rank() never lists (see UNREVIEWED).
    raw_score: uncalibrated, on 0..10: the mean over its reviews of the weight-weighted mean of the
        criterion values normalised to their scale (0 = all minimum, 10 = all maximum). None as above.
    reviews: number of reviews with at least one usable score.
    spread: sample SD (n - 1) of its reviews' calibrated scores, in the same units as score: how much its
        reviewers disagreed after calibration. None with fewer than 2 reviews.
    """

    score: float | None
    raw_score: float | None
    reviews: int
    spread: float | None


#: What an application without a scored review looks like, for callers that list every application.
UNREVIEWED = ApplicationResult(score=None, raw_score=None, reviews=0, spread=None)


@dataclass(frozen=True, slots=True)
class ReviewerStats:
    """How one reviewer scores, on the 0..10 raw scale.

    reviews: number of their reviews with at least one usable score (n).
    mean: mean raw score of their reviews.
    sd: sample SD (n - 1) of their reviews' raw scores; None with fewer than 2 reviews.
    shift: the leniency subtracted from their raw scores: their mean shrunk toward the pooled mean,
        (n * mean + k * pooled_mean) / (n + k).
    scale: the spread their scores are divided by, > 0: their SD shrunk toward the pooled SD (Ranking.pooled_sd),
        sqrt(((n - 1) * sd^2 + k * pooled_sd^2) / ((n - 1) + k)) (pooled_sd when that is undefined or 0).
    """

    reviews: int
    mean: float
    sd: float | None
    shift: float
    scale: float


@dataclass(frozen=True, slots=True)
class Agreement:
    """Inter-rater agreement on one criterion.

    alpha: Krippendorff's alpha, interval metric: 1 = perfect agreement, 0 = no better than chance,
        negative = systematic disagreement. None when undefined (fewer than 2 pairable values, or all
        pairable values equal).
    units: applications with at least 2 values for this criterion (only those carry agreement information).
    pairable_values: number of values in those applications (Krippendorff's n).
    """

    alpha: float | None
    units: int
    pairable_values: int


@dataclass(frozen=True)
class Ranking:
    """The result of rank().

    applications: application id -> ApplicationResult, for every application with a usable review.
    reviewers: reviewer id -> ReviewerStats, for every reviewer with a usable review.
    agreement: criterion id -> Agreement, for every criterion given (alpha None when it has no data).
    pooled_mean: mean raw score (0..10) of all reviews, the centre reviewers are shrunk toward; None when
        there are none.
    pooled_sd: the SD reviewers' scales are shrunk toward (see the module docstring); None when no reviews.
    """

    applications: dict[int, ApplicationResult]
    reviewers: dict[int, ReviewerStats]
    agreement: dict[int, Agreement]
    pooled_mean: float | None = None
    pooled_sd: float | None = None

    def order(self) -> list[int]:
        """Application ids best first: by score, then raw score, then id (so ties have a stable order)."""

        def key(item: tuple[int, ApplicationResult]) -> tuple[bool, float, float, int]:
            app, result = item
            return (result.score is None, -(result.score or 0.0), -(result.raw_score or 0.0), app)

        return [app for app, _ in sorted(self.applications.items(), key=key)]


def rank(scores: Iterable[Score], criteria: Sequence[CriterionSpec], *, prior_strength: float = 5.0) -> Ranking:
    """Calibrate, combine and rank; see the module docstring for the method.

    prior_strength (k >= 0): how many reviews' worth of weight the pool has when estimating a reviewer's
    mean and spread; 0 = plain per-reviewer z-scores. Raises ValueError on invalid criteria or k.
    """
    return rank_rows(
        ((s.reviewer, s.application, s.criterion, s.value) for s in scores), criteria, prior_strength=prior_strength
    )


def rank_rows(
    rows: Iterable[tuple[int, int, int, float]], criteria: Sequence[CriterionSpec], *, prior_strength: float = 5.0
) -> Ranking:
    """rank() on (reviewer, application, criterion, value) tuples, as a database cursor returns
    them: the recalibration's 300,000 scores at 50,000 applications skip building a Score each
    (about a sixth of its time in the maths)."""
    k = float(prior_strength)
    if not math.isfinite(k) or k < 0:
        raise ValueError("prior_strength must be a finite number >= 0.")
    specs = _checked(criteria)
    # Hundreds of thousands of small lists, dicts and tuples, none of them in a reference cycle: the
    # cyclic collector would only rescan them again and again (about a quarter of the run time).
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _rank(rows, specs, k)
    finally:
        if collecting:
            gc.enable()


def _rank(
    rows: Iterable[tuple[int, int, int, float]], specs: list[tuple[int, float, float, float, float]], k: float
) -> Ranking:
    """rank_rows() on checked criteria (see _checked) and prior strength."""
    by_id = {spec[0]: spec for spec in specs}

    # The one pass over the input: group values into reviews.
    reviews: dict[tuple[int, int], dict[int, float]] = {}
    isfinite = math.isfinite
    for reviewer, application, criterion, value in rows:
        if criterion not in by_id:
            continue
        value = float(value)
        if not isfinite(value):
            continue
        key = (reviewer, application)
        review = reviews.get(key)
        if review is None:
            reviews[key] = review = {}
        review[criterion] = value

    # Raw score per review (criteria in rubric order, so float sums don't depend on input order), kept
    # per reviewer (for their statistics) and per application with its reviewer (for the z-scores),
    # and each criterion's values per application (for agreement).
    raws_by_reviewer: dict[int, list[float]] = {}
    by_application: dict[int, list[tuple[int, float]]] = {}
    units: list[dict[int, list[float]]] = [{} for _ in specs]
    plan = [(*spec, unit) for spec, unit in zip(specs, units, strict=True)]
    for (reviewer, application), review in reviews.items():
        total = 0.0
        weights = 0.0
        for criterion, weight, low, high, factor, unit in plan:
            value = review.get(criterion)
            if value is None:
                continue
            if value < low:
                value = low
            elif value > high:
                value = high
            total += (value - low) * factor
            weights += weight
            values = unit.get(application)
            if values is None:
                unit[application] = [value]
            else:
                values.append(value)
        raw = total / weights
        if raw > SCALE:  # rounding may overshoot by an ulp
            raw = SCALE
        raws = raws_by_reviewer.get(reviewer)
        if raws is None:
            raws_by_reviewer[reviewer] = [raw]
        else:
            raws.append(raw)
        entries = by_application.get(application)
        if entries is None:
            by_application[application] = [(reviewer, raw)]
        else:
            entries.append((reviewer, raw))

    agreement = {spec[0]: _alpha(units[index], spec[2], spec[3]) for index, spec in enumerate(specs)}
    if not raws_by_reviewer:
        return Ranking(applications={}, reviewers={}, agreement=agreement)

    # Each reviewer's own mean and squared deviations, then the pool's.
    own: dict[int, tuple[int, float, float]] = {}
    all_raw: list[float] = []
    within: list[float] = []
    within_df = 0
    for reviewer in sorted(raws_by_reviewer):
        values = raws_by_reviewer[reviewer]
        n = len(values)
        mean = math.fsum(values) / n
        squares = math.fsum([(v - mean) ** 2 for v in values]) if n > 1 else 0.0
        own[reviewer] = (n, mean, squares)
        all_raw.extend(values)
        within.append(squares)
        within_df += n - 1
    pooled_mean = math.fsum(all_raw) / len(all_raw)
    # With few within-reviewer degrees of freedom (say one reviewer's two near-equal scores) the pooled
    # within variance is itself noise, and dividing by it would turn everyone's scores into huge z-values.
    pooled_var = (math.fsum(within) + k * _NOMINAL_VARIANCE) / (within_df + k) if within_df + k > 0 else 0.0
    if pooled_var <= _ZERO_VARIANCE and len(all_raw) > 1:  # only with k = 0
        pooled_var = math.fsum([(v - pooled_mean) ** 2 for v in all_raw]) / (len(all_raw) - 1)
    if pooled_var <= _ZERO_VARIANCE:
        pooled_var = 1.0

    reviewers: dict[int, ReviewerStats] = {}
    shifts: dict[int, float] = {}
    scales: dict[int, float] = {}
    for reviewer, (n, mean, squares) in own.items():
        shift = (n * mean + k * pooled_mean) / (n + k)
        df = (n - 1) + k
        variance = (squares + k * pooled_var) / df if df > 0 else 0.0
        if variance <= _ZERO_VARIANCE:
            variance = pooled_var
        scale = math.sqrt(variance)
        shifts[reviewer] = shift
        scales[reviewer] = scale
        reviewers[reviewer] = ReviewerStats(
            reviews=n,
            mean=mean,
            sd=math.sqrt(squares / (n - 1)) if n > 1 else None,
            shift=shift,
            scale=scale,
        )

    applications: dict[int, ApplicationResult] = {}
    fsum = math.fsum  # exactly rounded, so the order of an application's reviews can't change its sums
    for application in sorted(by_application):
        entries = by_application[application]
        m = len(entries)
        if m == 1:
            reviewer, raw = entries[0]
            applications[application] = ApplicationResult((raw - shifts[reviewer]) / scales[reviewer], raw, 1, None)
            continue
        zs = [(raw - shifts[reviewer]) / scales[reviewer] for reviewer, raw in entries]
        score = fsum(zs) / m
        applications[application] = ApplicationResult(
            score=score,
            raw_score=fsum([raw for _, raw in entries]) / m,
            reviews=m,
            spread=math.sqrt(fsum([(z - score) ** 2 for z in zs]) / (m - 1)),
        )
    return Ranking(
        applications=applications,
        reviewers=reviewers,
        agreement=agreement,
        pooled_mean=pooled_mean,
        pooled_sd=math.sqrt(pooled_var),
    )


def _checked(criteria: Sequence[CriterionSpec]) -> list[tuple[int, float, float, float, float]]:
    """(id, weight, low, high, factor) per criterion, factor = weight * SCALE / span; refuses bad rubrics."""
    specs = []
    seen = set()
    for spec in criteria:
        weight = float(spec.weight)
        low, high = float(spec.scale_min), float(spec.scale_max)
        if spec.id in seen:
            raise ValueError(f"Criterion {spec.id} is given twice.")
        if not (math.isfinite(weight) and weight > 0):
            raise ValueError(f"Criterion {spec.id}: the weight must be a positive number.")
        span = high - low
        if not (math.isfinite(low) and math.isfinite(span) and span > 0):
            raise ValueError(f"Criterion {spec.id}: scale_min must be below scale_max.")
        seen.add(spec.id)
        specs.append((spec.id, weight, low, high, weight * SCALE / span))
    return specs


def _alpha(units: dict[int, list[float]], low: float, high: float) -> Agreement:
    """Krippendorff's interval alpha from one criterion's values per unit (see the module docstring).

    Sums are math.fsum (exactly rounded) over terms that don't depend on the values' order within a unit,
    so neither does the result."""
    disagreement: list[float] = []  # per unit: sum over its pairs of squared differences / (m_u - 1)
    pairable: list[float] = []
    for values in units.values():
        m = len(values)
        if m < 2:
            continue
        if m == 2:
            a, b = values
            disagreement.append((a - b) ** 2)
        elif m == 3:
            a, b, c = values
            disagreement.append(math.fsum(((a - b) ** 2, (a - c) ** 2, (b - c) ** 2)) / 2)
        else:
            disagreement.append(math.fsum([(a - b) ** 2 for a, b in combinations(values, 2)]) / (m - 1))
        pairable.extend(values)
    n = len(pairable)
    if n < 2:
        return Agreement(alpha=None, units=len(disagreement), pairable_values=n)
    mean = math.fsum(pairable) / n
    squares = math.fsum([(v - mean) ** 2 for v in pairable])
    if squares <= n * (high - low) ** 2 * _ZERO_RELATIVE_VARIANCE:
        return Agreement(alpha=None, units=len(disagreement), pairable_values=n)
    alpha = 1.0 - (n - 1) * math.fsum(disagreement) / (n * squares)
    return Agreement(alpha=alpha, units=len(disagreement), pairable_values=n)


def score_application(
    reviews: Iterable[tuple[int, dict[int, float]]],
    criteria: Sequence[CriterionSpec],
    calibration: dict[int, tuple[float, float]],
    *,
    pooled_mean: float | None,
    pooled_sd: float | None,
) -> ApplicationResult:
    """One application's result from its reviews, with the reviewers' shift and scale frozen at
    `calibration` (reviewer id -> (shift, scale), from the last rank()) instead of recomputed.

    What a review's save can afford: it moves this application by what its own scores say, at
    the cost of its few reviews, while rank() recalibrates every reviewer in the background. A
    reviewer the last rank() never saw has no figures yet; they count as the pool's typical
    reviewer (shift = pooled_mean, scale = pooled_sd: what rank() gives a reviewer as their
    reviews tend to none), and before any rank() at all the pool is the scale's centre and the
    nominal spread of the module docstring. Same clamping and normalisation as rank().
    """
    specs = _checked(criteria)
    centre = pooled_mean if pooled_mean is not None and math.isfinite(pooled_mean) else SCALE / 2
    spread = pooled_sd if pooled_sd is not None and math.isfinite(pooled_sd) and pooled_sd > 0 else None
    if spread is None:
        spread = math.sqrt(_NOMINAL_VARIANCE)
    raws: list[float] = []
    zs: list[float] = []
    for reviewer, values in reviews:
        raw = _raw(values, specs)
        if raw is None:
            continue
        shift, scale = calibration.get(reviewer, (centre, spread))
        raws.append(raw)
        zs.append((raw - shift) / scale)
    m = len(zs)
    if m == 0:
        return UNREVIEWED
    score = math.fsum(zs) / m
    spread_of = math.sqrt(math.fsum([(z - score) ** 2 for z in zs]) / (m - 1)) if m > 1 else None
    return ApplicationResult(score=score, raw_score=math.fsum(raws) / m, reviews=m, spread=spread_of)


def _raw(values: dict[int, float], specs: list[tuple[int, float, float, float, float]]) -> float | None:
    """One review's raw score (0..SCALE) from its criterion values, as rank() computes it; None
    when no criterion of the rubric has a usable value."""
    total = 0.0
    weights = 0.0
    for criterion, weight, low, high, factor in specs:
        value = values.get(criterion)
        if value is None:
            continue
        value = float(value)
        if not math.isfinite(value):
            continue
        value = min(max(value, low), high)
        total += (value - low) * factor
        weights += weight
    if not weights:
        return None
    return min(total / weights, SCALE)


def reviewer_figures(
    reviews: Iterable[dict[int, float]], criteria: Sequence[CriterionSpec]
) -> tuple[int, float | None, float | None]:
    """One reviewer's running figures from their reviews' criterion values: how many reviews
    have a usable score, their mean raw score and its sample SD (None below 2 reviews), the
    same numbers rank() reports for them. A review's save keeps these current; the shift and
    scale that calibrate them wait for the next rank()."""
    specs = _checked(criteria)
    raws = [raw for raw in (_raw(values, specs) for values in reviews) if raw is not None]
    n = len(raws)
    if n == 0:
        return 0, None, None
    mean = math.fsum(raws) / n
    sd = math.sqrt(math.fsum([(v - mean) ** 2 for v in raws]) / (n - 1)) if n > 1 else None
    return n, mean, sd
