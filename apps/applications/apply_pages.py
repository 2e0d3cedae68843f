"""The /apply page: the application form's island with what its first paint needs."""

from django.shortcuts import redirect
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from apps.accounts.services import ADD_UNIVERSITY_EMAIL_PAGE, apply_blocker
from apps.accounts.social import PREFILL_QUESTIONS, prefill_of
from apps.core.pages import island, signed_in
from apps.cycles.models import CycleStatus
from apps.cycles.selectors import current_cycle, question_set
from apps.cycles.translations import localized
from apps.resumes.selectors import has_resume

from . import consents, selectors
from .school_domains import school_for_email

CAN_APPLY = _("%(email)s is a university address: nothing stands between you and applying.")
ADD_UNIVERSITY_EMAIL = _("Add your university email")


def _prefilled(payload: dict, sections: list[dict], prefill: dict) -> dict:
    """A new application's form with what the sign-in provider said (apps.accounts.social):
    the name and school, and the answers to the questions it knows, a choice only when it is one
    of the question's options. Only shown: nothing is saved until the applicant saves."""
    payload = {**payload, **{k: prefill[k] for k in ("first", "last", "school") if prefill.get(k)}}
    answered = []
    for section in sections:
        answers = []
        for question in section["questions"]:
            value = prefill.get(question["question_id"]) if question["question_id"] in PREFILL_QUESTIONS else None
            if not value:
                continue
            options = {o.lower(): o for o in question.get("options") or []}
            if options:
                value = options.get(value.lower())
                if value is None:
                    continue
            answers.append({"question_id": question["question_id"], "answer": value})
        answered.append({"section_name": section["section_name"], "answers": answers})
    payload["sections"] = answered
    return payload


def apply_props(user, prefill: dict | None = None) -> dict:
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
    # An account whose address is not a university one sees why and where to add one, no form.
    blocker = apply_blocker(user)
    if blocker:
        props["universityEmailNeeded"] = {
            "message": str(blocker),
            "href": ADD_UNIVERSITY_EMAIL_PAGE,
            "label": str(ADD_UNIVERSITY_EMAIL),
        }
        return props
    sections = question_set(cycle)
    application = selectors.own_application(user=user, cycle=cycle)
    # In the applicant's language where the organizers gave one; the answers (below, and
    # what the form sends back) keep the option keys.
    props["questions"] = localized(sections)
    props["application"] = selectors.application_payload(application, cycle=cycle, email=user.email, sections=sections)
    if application is None and prefill:
        props["application"] = _prefilled(props["application"], sections, prefill)
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
    props = apply_props(request.user, prefill_of(request))
    if props.get("universityEmailNeeded"):
        # Why this account may not apply yet is a page of its own: no form to load.
        return redirect("/apply/blocked")
    return island(request, "apply", props, title=_("Apply"))


@require_safe
@signed_in
def apply_blocked_page(request):
    """What stands between this account and applying: an address that is not a university one,
    with the way to add one; or, once it has one, the way back to the form."""
    blocker = apply_blocker(request.user)
    if blocker:
        props = {"message": str(blocker), "href": ADD_UNIVERSITY_EMAIL_PAGE, "label": str(ADD_UNIVERSITY_EMAIL)}
    else:
        props = {
            "message": CAN_APPLY % {"email": request.user.email},
            "href": "/apply",
            "label": str(_("Go to your application")),
        }
    return island(request, "apply-blocked", props, title=_("Apply"))
