"""The team step: a teammate's code nobody has is flagged as soon as the field is left, at the
field, before any save or submit (and a real teammate's code is not)."""

from __future__ import annotations

import re

from apps.applications.models import Team
from apps.cycles.models import CycleStatus
from apps.cycles.selectors import current_cycle
from apps.cycles.services import cycle_set_status
from e2e.conftest import expect, sign_in
from e2e.test_review_scoring import no_serious_violations

NO_SUCH_TEAM = "No team has this code. Check it with your teammate, or choose Yes to start a new team."


def test_a_wrong_join_code_is_flagged_on_leaving_the_field(new_page, make_student):
    cycle = current_cycle()
    cycle_set_status(cycle=cycle, status=CycleStatus.OPEN)
    Team.objects.create(cycle=cycle, code="24681357")
    student = make_student()
    page = new_page(phone=True)
    sign_in(page, student, next="/apply")
    page.get_by_role("group", name=re.compile(r"Are you starting a new team\?")).get_by_role("radio", name="No").check()
    code = page.get_by_label("Your teammate's team code")
    code.fill("99999999")
    code.press("Tab")
    expect(code).to_have_accessible_description(re.compile(re.escape(NO_SUCH_TEAM)))
    expect(code).to_have_attribute("aria-invalid", "true")
    no_serious_violations(page)

    code.fill("24681357")
    expect(code).not_to_have_attribute("aria-invalid", "true")
    # Leaving the field asks the server about the code: wait for that answer (no problem), and
    # for the frame after it, so a problem the page wrongly shows would be there to fail on.
    with page.expect_response(lambda r: "/teamcode/check" in r.url and r.request.method == "POST") as answer:
        code.press("Tab")
    assert not answer.value.json().get("problem")
    page.evaluate("() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))")
    expect(code).not_to_have_attribute("aria-invalid", "true")
    expect(page.get_by_text(NO_SUCH_TEAM)).to_have_count(0)
