"""Browser journey of a batch email written in the browser: the organizer writes it
in Markdown with the toolbar, a placeholder and the keyboard, sees the server's preview for a
real recipient and how many it goes to, schedules it, is warned when scheduling the same one
again, the mail goes out (the send-due command, as operators run it) with each recipient's own
first name and link, and the delivery list shows each recipient sent.

Screenshots (looked at): e2e/screenshots/mail-batch-*.png (compose, duplicate, deliveries, preview;
desktop and phone).
"""

from __future__ import annotations

import re

from django.conf import settings
from django.core import mail
from django.core.management import call_command

from apps.core.tests.factories import ApplicationFactory
from apps.mailings.models import Delivery, Mailing
from conftest import make_user
from e2e.conftest import element_shot, expect, shot, sign_in

SUBJECT = "See you soon, {{ first_name }}"
PEOPLE = [
    ("ada@princeton.edu", "Ada", "Lovelace"),
    ("grace@yale.edu", "Grace", "Hopper"),
    ("linus@mit.edu", "Linus", "Torvalds"),
]


def no_horizontal_scroll(page):
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page scrolls sideways by {overflow}px"


def section_shot(section, name: str) -> None:
    element_shot(section, name)


def browser_now(page) -> str:
    """The browser's current minute as a datetime-local value (due at once)."""
    return page.evaluate(
        """() => {
          const d = new Date();
          const p = (n) => String(n).padStart(2, "0");
          return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
        }"""
    )


def write_the_mail(page, section):
    """Subject, audience and a Markdown body built with the toolbar, a placeholder and shortcuts."""
    section.get_by_label("Subject").fill(SUBJECT)
    audience = section.get_by_label("Audience")
    expect(audience.locator("option", has_text="Accepted (3)")).to_have_count(1)
    audience.select_option("accepted")
    editor = section.get_by_label("Message in Markdown")
    editor.click()
    editor.press_sequentially("Hi ")
    # The placeholder picker fills from the first preview; first_name is its first choice.
    expect(section.get_by_label("Placeholder", exact=True)).to_have_value("first_name")
    section.get_by_role("button", name="Insert placeholder").click()
    editor.press_sequentially(",\n\nYour place is waiting: ")
    section.get_by_role("group", name="Formatting").get_by_role("button", name="Link").click()
    # The link's address is selected: typing replaces it.
    editor.press_sequentially("{{ dashboard_link }}")
    editor.press("End")
    editor.press_sequentially("\n\nBring a laptop")
    editor.press("Shift+Home")
    editor.press("Control+b")
    expect(editor).to_have_value(
        "Hi {{ first_name }},\n\nYour place is waiting: [link text]({{ dashboard_link }})\n\n**Bring a laptop**"
    )
    # The keyboard reaches the toolbar: Tab order goes through its named buttons.
    section.get_by_role("button", name="Heading").focus()
    page.keyboard.press("Tab")
    expect(section.get_by_label("Placeholder", exact=True)).to_be_focused()
    return editor.input_value()


def test_an_organizer_writes_previews_schedules_and_follows_a_markdown_mail(new_page, make_admin):
    organizer = make_admin()
    for email, first, last in PEOPLE:
        ApplicationFactory(user=make_user(email), first=first, last=last, status="accepted")
    ApplicationFactory(user=make_user("alan@princeton.edu"), first="Alan", status="rejected")
    mail.outbox = []

    page = new_page()
    sign_in(page, organizer, next="/admin/batch")
    section = page.get_by_role("region", name="Batch emails")
    body = write_the_mail(page, section)

    # The server's preview, for the first recipient by address, and whose it is.
    preview = section.get_by_role("region", name="Preview")
    expect(preview.get_by_text("As Ada Lovelace <ada@princeton.edu> will get it (recipient 1 of 3).")).to_be_visible()
    expect(preview.get_by_text("See you soon, Ada", exact=True)).to_be_visible()
    frame = page.frame_locator("iframe.preview-frame")
    expect(frame.get_by_text("Hi Ada,")).to_be_visible()
    expect(frame.get_by_role("link", name="link text")).to_have_attribute("href", f"{settings.SITE_URL}/dashboard")
    expect(frame.locator("strong", has_text="Bring a laptop")).to_be_visible()
    expect(section.get_by_text(re.compile(r"^3 recipients\s+will get this email\.$"))).to_be_visible()
    preview.get_by_role("button", name="Next recipient").click()
    expect(preview.get_by_text(re.compile(r"As Grace Hopper <grace@yale\.edu> will get it"))).to_be_visible()
    expect(frame.get_by_text("Hi Grace,")).to_be_visible()

    section.get_by_label("Send at").fill(browser_now(page))
    element_shot(section, "mail-batch-compose-desktop")
    section.get_by_role("button", name="Schedule").click()
    expect(section.get_by_text(re.compile(r"^Scheduled for .* to 3 recipients\.$"))).to_be_visible()
    assert Mailing.objects.count() == 1

    # The same email again: the server warns, and nothing is scheduled until confirmed.
    section.get_by_label("Subject").fill(SUBJECT)
    section.get_by_label("Audience").select_option("accepted")
    section.get_by_label("Message in Markdown").fill(body)
    section.get_by_label("Send at").fill("2099-01-01T09:00")
    section.get_by_role("button", name="Schedule").click()
    warning = section.get_by_role("alert").filter(has_text="The same email to the 'accepted' audience")
    expect(warning).to_contain_text("is already scheduled for")
    expect(warning).to_contain_text("Confirm to schedule it again.")
    assert Mailing.objects.count() == 1
    section_shot(section, "mail-batch-duplicate-desktop")
    warning.get_by_role("button", name="Schedule it again").click()
    expect(section.get_by_text(re.compile(r"^Scheduled for .* to 3 recipients\.$"))).to_be_visible()
    assert Mailing.objects.count() == 2
    # That one was only to show the confirmation: it is cancelled before it goes out.
    later = Mailing.objects.get(send_at__year=2099)
    section.get_by_role("row").filter(has_text="Jan 1, 2099").get_by_role("button", name=re.compile("^Cancel")).click()
    expect(section.get_by_text(f"Cancelled “{SUBJECT}”.")).to_be_visible()
    later.refresh_from_db()
    assert later.status == "cancelled"

    # The mail goes out as operators send it: each recipient gets their own values.
    call_command("send_due_mailings")
    sent = {message.to[0]: message for message in mail.outbox}
    assert sorted(sent) == ["ada@princeton.edu", "grace@yale.edu", "linus@mit.edu"]
    for email, first, _last in PEOPLE:
        message = sent[email]
        html = message.alternatives[0][0]
        assert message.subject == f"See you soon, {first}"
        assert f"Hi {first}," in html and f"Hi {first}," in message.body
        assert f'href="{settings.SITE_URL}/dashboard"' in html
        assert "{{" not in message.subject + message.body + html
    assert set(Delivery.objects.values_list("state", flat=True).filter(mailing__status="sent")) == {"sent"}

    # The delivery list shows each recipient sent, by itself: the list follows mail going out.
    sent_row = section.get_by_role("row").filter(has_text="Sent").filter(has_text=SUBJECT)
    expect(sent_row.get_by_role("cell", name="3", exact=True).first).to_be_visible()
    sent_row.get_by_role("button", name=f"Deliveries of “{SUBJECT}”").click()
    panel = section.get_by_role("region", name=f"Deliveries of “{SUBJECT}”")
    expect(panel.get_by_role("heading", name=f"Deliveries of “{SUBJECT}”")).to_be_focused()
    filters = panel.get_by_role("group", name="Show recipients")
    expect(filters.get_by_role("button", name="Sent 3")).to_be_visible()
    expect(filters.get_by_role("button", name="Failed 0")).to_be_visible()
    table = panel.get_by_role("table")
    for email, _first, _last in PEOPLE:
        expect(table.get_by_role("row").filter(has_text=email).get_by_text("Sent", exact=True)).to_be_visible()
    filters.get_by_role("button", name="Failed 0").click()
    expect(panel.get_by_text("No recipient is in this state.")).to_be_visible()
    filters.get_by_role("button", name="All 3").click()
    expect(table.get_by_role("row")).to_have_count(4)
    panel.scroll_into_view_if_needed()
    section_shot(panel, "mail-batch-deliveries-desktop")
    assert page.js_errors == []

    # On a phone: the editor, the preview and the delivery list fit the width.
    phone = new_page(phone=True)
    sign_in(phone, organizer, next="/admin/batch")
    phone_section = phone.get_by_role("region", name="Batch emails")
    phone_section.get_by_label("Subject").fill(SUBJECT)
    phone_section.get_by_label("Audience").select_option("accepted")
    phone_section.get_by_label("Message in Markdown").fill(body)
    expect(phone_section.get_by_text(re.compile(r"As Ada Lovelace"))).to_be_visible()
    expect(phone.frame_locator("iframe.preview-frame").get_by_text("Hi Ada,")).to_be_visible()
    no_horizontal_scroll(phone)
    section_shot(phone_section.locator("form"), "mail-batch-compose-phone")
    phone_section.get_by_role("region", name="Preview").scroll_into_view_if_needed()
    shot(phone, "mail-batch-preview-phone", full_page=False)
    phone_row = phone_section.get_by_role("row").filter(has_text="Sent").filter(has_text=SUBJECT)
    phone_row.get_by_role("button", name=f"Deliveries of “{SUBJECT}”").click()
    phone_panel = phone_section.get_by_role("region", name=f"Deliveries of “{SUBJECT}”")
    expect(phone_panel.get_by_text("linus@mit.edu")).to_be_visible()
    no_horizontal_scroll(phone)
    phone_panel.scroll_into_view_if_needed()
    section_shot(phone_panel, "mail-batch-deliveries-phone")
    assert phone.js_errors == []
