"""Mail a provider trusts: one-click unsubscribe (RFC 8058) on batch mail, the suppression list
the outbox honours, SES bounces and complaints through signed SNS notifications, the ticket's QR
in multipart/related, and the outbox's metrics."""

from __future__ import annotations

import base64
import datetime
import http.server
import json
import threading
from urllib.parse import parse_qs, urlsplit

import pytest
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa
from cryptography.x509.oid import NameOID
from django.core import mail
from django.test import Client
from django.utils import timezone

from apps.applications.tests.organizer_data import make_application
from apps.checkin import tickets
from apps.checkin.tests.helpers import applicant, ticket_for
from apps.mailings import services, ses, suppression, unsubscribe
from apps.mailings.models import Delivery, Mailing, Suppression

pytestmark = pytest.mark.django_db

ADA = "ada@princeton.edu"


def batch_to(*emails: str, subject: str = "Doors open at 9") -> Mailing:
    mailing = Mailing.objects.create(
        subject=subject, audience="custom", html="<p>Hi {{ first_name }}</p>", send_at=timezone.now()
    )
    Delivery.objects.bulk_create([Delivery(mailing=mailing, email=email) for email in emails])
    return mailing


def sent_to(email: str) -> list:
    return [m for m in mail.outbox if m.to == [email]]


# --- One-click unsubscribe -------------------------------------------------------------------


def test_batch_mail_carries_one_click_unsubscribe_headers_and_a_visible_link():
    batch_to(ADA)
    services.send_due_mailings()
    [message] = sent_to(ADA)
    url = unsubscribe.url_for(ADA)
    assert message.extra_headers["List-Unsubscribe"] == f"<{url}>"
    assert message.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert url in message.body and url in message.alternatives[0][0]
    assert url.startswith("http://testserver/unsubscribe?t=")
    # The token names the address only through the signature: another address has another.
    assert unsubscribe.email_of(parse_qs(urlsplit(url).query)["t"][0]) == ADA
    assert unsubscribe.url_for("grace@yale.edu") != url


def test_transactional_mail_has_no_unsubscribe_header():
    row = Delivery.objects.get(dedupe_key=tickets.dedupe_key(ticket_for(applicant(ADA))))
    mail.outbox.clear()
    tickets.send_one(row.pk)
    [message] = sent_to(ADA)
    assert "List-Unsubscribe" not in message.extra_headers


def test_the_providers_one_click_post_unsubscribes_without_cookie_or_csrf_token():
    url = unsubscribe.url_for(ADA)
    provider = Client(enforce_csrf_checks=True)  # no session, no CSRF cookie: a mail provider
    r = provider.post(url, "List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded")
    assert r.status_code == 200, r.content
    row = Suppression.objects.get(email=ADA)
    assert row.reason == Suppression.Reason.UNSUBSCRIBED and row.detail == "one-click (mail provider)"
    # Twice is the same as once.
    assert (
        provider.post(url, "List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded").status_code
        == 200
    )
    assert Suppression.objects.filter(email=ADA).count() == 1


def test_opening_the_link_asks_first_and_the_button_unsubscribes(client):
    url = unsubscribe.url_for(ADA)
    page = client.get(url)
    assert page.status_code == 200
    html = page.content.decode()
    assert "Unsubscribe from announcements?" in html and "a***@princeton.edu" in html
    assert ADA not in html
    assert not Suppression.objects.exists()  # a mail scanner opening the link changes nothing
    done = client.post(url, {"action": "unsubscribe"})
    assert done.status_code == 200 and "You're unsubscribed" in done.content.decode()
    assert Suppression.objects.filter(email=ADA, reason="unsubscribed").exists()
    # Changed their mind: subscribe again, from the same page.
    again = client.post(url, {"action": "resubscribe"})
    assert again.status_code == 200 and "subscribed again" in again.content.decode()
    assert not Suppression.objects.exists()


@pytest.mark.parametrize("token", ["", "garbage", "ImFkYUBwcmluY2V0b24uZWR1Ig:forged"])
def test_a_broken_or_forged_link_is_a_400_page_and_unsubscribes_nobody(client, token):
    for r in (client.get(f"/unsubscribe?t={token}"), client.post(f"/unsubscribe?t={token}")):
        assert r.status_code == 400
        assert "This link doesn" in r.content.decode()
    assert not Suppression.objects.exists()


def test_an_unsubscribed_address_gets_no_batch_mail_but_keeps_its_transactional_mail():
    make_application(ADA, status="confirmed")
    unsubscribe.unsubscribe(ADA, how="test")
    mailing = batch_to(ADA, "grace@yale.edu")
    row = Delivery.objects.get(dedupe_key=tickets.dedupe_key(ticket_for(applicant("other@princeton.edu"))))
    Delivery.objects.filter(pk=row.pk).update(email=ADA)  # the ticket email goes to Ada
    mail.outbox.clear()

    services.send_due_mailings()
    tickets.send_one(row.pk)

    assert [m.subject for m in sent_to(ADA)] == [mail.outbox[-1].subject]  # the ticket only
    assert mail.outbox[-1].subject.startswith("You're all set")
    assert len(sent_to("grace@yale.edu")) == 1
    skipped = Delivery.objects.get(mailing=mailing, email=ADA)
    assert skipped.state == Delivery.State.FAILED and skipped.attempts == 0
    assert skipped.last_error == "Not sent: the address unsubscribed from batch emails."
    assert Mailing.objects.get(pk=mailing.pk).status == Mailing.Status.SENT  # the mailing still finishes


def test_a_bounced_address_gets_nothing_from_the_outbox():
    suppression.suppress(ADA, Suppression.Reason.BOUNCED, "test")
    row = Delivery.objects.get(dedupe_key=tickets.dedupe_key(ticket_for(applicant(ADA))))
    mail.outbox.clear()
    assert tickets.send_one(row.pk) is None
    row.refresh_from_db()
    assert row.state == Delivery.State.FAILED and row.last_error == "Not sent: the address bounced permanently."
    assert mail.outbox == []


def test_addresses_are_matched_whatever_their_case():
    unsubscribe.unsubscribe("Ada@Princeton.EDU", how="test")
    assert suppression.reason_against(ADA, batch=True) == "unsubscribed"
    assert suppression.reason_against(ADA, batch=False) is None


# --- SES bounces and complaints through SNS ---------------------------------------------------

TOPIC = "arn:aws:sns:us-east-1:123456789012:ses-feedback"


class Signer:
    """A certificate and key standing in for SNS's, the certificate served over local HTTP."""

    def __init__(self):
        self.key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "sns.test")])
        now = datetime.datetime.now(datetime.UTC)
        self.pem = (
            x509.CertificateBuilder()
            .subject_name(name)
            .issuer_name(name)
            .public_key(self.key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - datetime.timedelta(days=1))
            .not_valid_after(now + datetime.timedelta(days=1))
            .sign(self.key, hashes.SHA256())
            .public_bytes(serialization.Encoding.PEM)
        )
        self.requests: list[str] = []
        signer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 - the standard library's name
                signer.requests.append(self.path)
                body = signer.pem if self.path.endswith(".pem") else b"<ConfirmSubscriptionResponse/>"
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def sign(self, message: dict, version: str = "2", key=None) -> dict:
        message = {
            "MessageId": "5f1c3a1e-0000-4000-8000-000000000001",
            "TopicArn": TOPIC,
            "Timestamp": "2026-11-27T10:00:00.000Z",
            "SignatureVersion": version,
            "SigningCertURL": f"{self.base}/SimpleNotificationService-test.pem",
            **message,
        }
        algorithm = hashes.SHA256() if version == "2" else hashes.SHA1()  # noqa: S303 - SNS's version 1
        signature = (key or self.key).sign(ses.string_to_sign(message), padding.PKCS1v15(), algorithm)
        return {**message, "Signature": base64.b64encode(signature).decode()}


@pytest.fixture
def sns(settings):
    signer = Signer()
    settings.SES_SNS_TOPIC_ARNS = [TOPIC]
    # This test's local server stands in for SNS's certificate and subscription addresses.
    settings.SNS_CERT_URL_PATTERN = rf"{signer.base}/SimpleNotificationService-[a-z]+\.pem"
    settings.SNS_SUBSCRIBE_URL_PATTERN = rf"{signer.base}/\?Action=ConfirmSubscription&.*"
    ses._certificates.clear()
    yield signer
    signer.server.shutdown()
    ses._certificates.clear()


def notify(body: dict | str, **extra):
    data = body if isinstance(body, str) else json.dumps(body)
    # SNS posts its JSON as text/plain, without cookies.
    return Client(enforce_csrf_checks=True).post(
        "/webhooks/ses", data, content_type="text/plain; charset=UTF-8", **extra
    )


def ses_notification(kind: str, **fields) -> dict:
    return {
        "Type": "Notification",
        "Message": json.dumps({"notificationType": kind, "mail": {"messageId": "0100-ses-id"}, **fields}),
    }


def bounce(kind: str = "Permanent", *emails: str) -> dict:
    recipients = [{"emailAddress": e, "status": "5.1.1"} for e in emails or (ADA,)]
    return ses_notification(
        "Bounce", bounce={"bounceType": kind, "bounceSubType": "General", "bouncedRecipients": recipients}
    )


@pytest.mark.parametrize("version", ["1", "2"])
def test_a_signed_permanent_bounce_suppresses_every_mail_to_the_address(sns, version):
    r = notify(sns.sign(bounce("Permanent", ADA, "Grace Hopper <grace@yale.edu>"), version=version))
    assert r.status_code == 200, r.json()
    assert r.json() == {"message": "Bounce: 2 address(es) added, 0 already on the list."}
    assert set(Suppression.objects.values_list("email", "reason")) == {(ADA, "bounced"), ("grace@yale.edu", "bounced")}
    assert suppression.reason_against(ADA, batch=False) == "bounced"
    assert "0100-ses-id" in Suppression.objects.get(email=ADA).detail
    # SNS retries what it thinks failed: a second delivery adds nothing.
    assert (
        notify(sns.sign(bounce("Permanent", ADA), version=version))
        .json()["message"]
        .endswith("0 address(es) added, 1 already on the list.")
    )


def test_a_complaint_stops_batch_mail_only(sns):
    body = ses_notification(
        "Complaint", complaint={"complainedRecipients": [{"emailAddress": ADA}], "complaintFeedbackType": "abuse"}
    )
    assert notify(sns.sign(body)).status_code == 200
    assert suppression.reason_against(ADA, batch=True) == "complained"
    assert suppression.reason_against(ADA, batch=False) is None


def test_transient_bounces_and_deliveries_change_nothing(sns):
    assert notify(sns.sign(bounce("Transient"))).json() == {"message": "A Transient bounce: nothing to do."}
    assert notify(sns.sign(ses_notification("Delivery"))).status_code == 200
    assert not Suppression.objects.exists()


def test_a_tampered_or_foreign_message_is_refused_and_changes_nothing(sns):
    signed = sns.sign(bounce("Permanent", ADA))
    tampered = {**signed, "Message": signed["Message"].replace(ADA, "victim@yale.edu")}
    assert notify(tampered).status_code == 403
    other_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    assert notify(sns.sign(bounce("Permanent", ADA), key=other_key)).status_code == 403
    assert notify(sns.sign({**bounce("Permanent", ADA), "TopicArn": TOPIC + "-other"})).status_code == 403
    # A certificate anywhere but SNS's own address is not even fetched.
    fetched = len(sns.requests)
    assert (
        notify({**signed, "SigningCertURL": "https://evil.example/SimpleNotificationService-x.pem"}).status_code == 403
    )
    assert len(sns.requests) == fetched
    assert notify({**signed, "SignatureVersion": "3"}).status_code == 400
    assert notify({**signed, "Signature": "%%%"}).status_code == 400
    assert notify("{not json").status_code == 400
    assert notify("[1, 2]").status_code == 400
    assert not Suppression.objects.exists()


def test_the_subscription_is_confirmed_by_opening_its_url(sns):
    subscribe = f"{sns.base}/?Action=ConfirmSubscription&TopicArn={TOPIC}&Token=abc"
    body = sns.sign(
        {
            "Type": "SubscriptionConfirmation",
            "Message": "You have chosen to subscribe",
            "SubscribeURL": subscribe,
            "Token": "abc",
        }
    )
    r = notify(body)
    assert r.status_code == 200, r.json()
    assert r.json() == {"message": "Subscription confirmed."}
    assert sns.requests[-1] == f"/?Action=ConfirmSubscription&TopicArn={TOPIC}&Token=abc"
    # A SubscribeURL elsewhere is refused, even correctly signed.
    elsewhere = sns.sign(
        {**{k: v for k, v in body.items() if k != "Signature"}, "SubscribeURL": "https://evil.example/?x"}
    )
    assert notify(elsewhere).status_code == 403


def test_the_endpoint_is_off_until_a_topic_is_configured(settings):
    settings.SES_SNS_TOPIC_ARNS = []
    assert notify({"Type": "Notification"}).status_code == 404
    assert Client().get("/webhooks/ses").status_code == 405


# --- The ticket's QR in multipart/related -----------------------------------------------------


def test_the_ticket_mail_keeps_its_qr_beside_the_html_and_its_calendar_file_apart():
    row = Delivery.objects.get(dedupe_key=tickets.dedupe_key(ticket_for(applicant(ADA))))
    mail.outbox.clear()
    tickets.send_one(row.pk)
    [message] = sent_to(ADA)
    root = message.message()

    def tree(part) -> tuple:
        if part.is_multipart():
            return (part.get_content_type(), [tree(child) for child in part.get_payload()])
        return part.get_content_type()

    calendar = tree(root)[1][1]
    assert tree(root) == (
        "multipart/mixed",
        [("multipart/alternative", ["text/plain", ("multipart/related", ["text/html", "image/png"])]), calendar],
    )
    assert calendar == "text/calendar"
    related = root.get_payload()[0].get_payload()[1]
    html, png = related.get_payload()
    assert png["Content-ID"] == "<ticket-qr>" and 'src="cid:ticket-qr"' in html.get_payload(decode=True).decode()
    assert png.get_payload(decode=True).startswith(b"\x89PNG")


# --- The outbox's metrics ---------------------------------------------------------------------


def test_the_outbox_reports_its_oldest_due_email_and_its_failures(settings):
    from apps.core.tests.test_telemetry import _sample, scrape

    mailing = batch_to(ADA, "grace@yale.edu")
    ten_minutes_ago = timezone.now() - datetime.timedelta(minutes=10)  # scheduled then, for then
    Mailing.objects.filter(pk=mailing.pk).update(send_at=ten_minutes_ago)
    Delivery.objects.filter(mailing=mailing).update(created_at=ten_minutes_ago)
    later = batch_to("linus@mit.edu")
    Mailing.objects.filter(pk=later.pk).update(send_at=timezone.now() + datetime.timedelta(days=1))  # not due yet
    Delivery.objects.filter(email="grace@yale.edu").update(state=Delivery.State.FAILED, last_error="550 no such user")
    Delivery.objects.create(
        email="x@y.edu", template_key="decision_accepted", dedupe_key="decision:1:accepted",
        state=Delivery.State.FAILED, last_error=suppression.NOT_SENT_PREFIX + "the address bounced permanently.",
    )  # fmt: skip
    text = scrape(settings)
    age = _sample(text, "portal_outbox_oldest_pending_seconds", kind="mailing")
    assert 590 < age < 900
    assert _sample(text, "portal_outbox_failed", kind="mailing", cause="error") == 1
    assert _sample(text, "portal_outbox_failed", kind="decision_accepted", cause="suppressed") == 1

    services.send_due_mailings()
    assert _sample(scrape(settings), "portal_outbox_oldest_pending_seconds", kind="mailing") == 0
