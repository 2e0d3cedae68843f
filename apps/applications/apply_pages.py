"""The /apply page: the application form's island with what its first paint needs."""

from django.views.decorators.http import require_safe

from apps.core.pages import island, signed_in
from apps.cycles.models import CycleStatus
from apps.cycles.selectors import current_cycle, question_set
from apps.resumes.selectors import has_resume

from . import consents, selectors
from .school_domains import school_for_email


def apply_props(user) -> dict:
    """Cycle status and, while applications are open, the question set, the applicant's saved
    application (draft or submitted, decisions hidden as the API hides them), whether a
    resume is on file, the school aliases, and the consents asked (their texts, from
    apps/applications/consents.py, and whether the sponsors' one is given). The school and
    country lists are fetched by the page from their
    cacheable endpoints instead, so that the browser keeps them between visits."""
    cycle = current_cycle()
    props: dict = {"cycleStatus": cycle.status}
    if cycle.status != CycleStatus.OPEN:
        return props
    sections = question_set(cycle)
    application = selectors.own_application(user=user, cycle=cycle)
    props["questions"] = sections
    props["application"] = selectors.application_payload(application, cycle=cycle, email=user.email, sections=sections)
    props["resumeSubmitted"] = has_resume(user)
    # A hundred short names ("UCLA", "MIT") that find their school in the picker: small, so
    # they come with the page rather than by a call of their own.
    props["schoolAliases"] = [list(pair) for pair in selectors.school_aliases()]
    # The school the address's domain names, offered as the answer while none is saved.
    saved_school = props["application"].get("school")
    props["schoolFromEmail"] = None if saved_school else school_for_email(user.email)
    props["consents"] = consents.consent_props()
    props["shareResumeWithSponsors"] = consents.is_given(application, consents.SHARE_RESUME)
    return props


@require_safe
@signed_in
def apply_page(request):
    return island(request, "apply", apply_props(request.user), title="Apply")
