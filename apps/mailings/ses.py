"""Bounces and complaints from Amazon SES, delivered by Amazon SNS, onto the suppression list.

Why SES through SNS: it signs every message with a key whose certificate SNS publishes, so the
portal can prove a notification came from Amazon (Postmark's webhooks carry no signature, only
the basic-auth password the operator set), and SES is the usual choice next to S3, which the
portal already speaks for resumes.

Set-up (the README's "Mail a provider trusts"): an SNS topic receives the SES identity's
bounce and complaint notifications; an HTTPS subscription of the topic points at
`/webhooks/ses`; SES_SNS_TOPIC_ARNS lists the topic. The first message SNS
sends is a SubscriptionConfirmation, which the endpoint confirms by opening its SubscribeURL.

Every message is checked before anything is done with it:

1. its topic is one of SES_SNS_TOPIC_ARNS (anything else: 403);
2. its SigningCertURL is an https address of SNS itself (SNS_CERT_URL_PATTERN; 403 otherwise,
   and nothing is fetched);
3. its Signature verifies, with that certificate's public key, over the fields SNS signs
   (SHA-1 for SignatureVersion 1, SHA-256 for 2): 403 otherwise.

Then a permanent bounce adds each bounced address to the list (every mail stops), a complaint
each complaining address (batch mail stops); transient bounces, deliveries and anything else
are acknowledged and left alone. SNS retries a message that didn't get a 2xx, and adding an
address twice changes nothing, so a retry is harmless.
"""

from __future__ import annotations

import base64
import json
import logging
import re
import urllib.request
from email.utils import parseaddr

from django.conf import settings

from . import suppression

logger = logging.getLogger(__name__)

# The fields SNS signs, in the order it signs them (Subject only when the message has one).
SIGNED_FIELDS = {
    "Notification": ("Message", "MessageId", "Subject", "Timestamp", "TopicArn", "Type"),
    "SubscriptionConfirmation": ("Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"),
    "UnsubscribeConfirmation": ("Message", "MessageId", "SubscribeURL", "Timestamp", "Token", "TopicArn", "Type"),
}
OPTIONAL_FIELDS = {"Subject"}
MAX_CERTIFICATE_BYTES = 64 * 1024
FETCH_TIMEOUT = 5


class Refused(Exception):
    """A message that is not from the configured topic, or not signed by SNS: `status` says how
    to answer (400 malformed, 403 not trusted)."""

    def __init__(self, message: str, status: int = 403) -> None:
        super().__init__(message)
        self.status = status


def _fetch(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=FETCH_TIMEOUT) as response:  # noqa: S310 - the URL is checked first
        return response.read(MAX_CERTIFICATE_BYTES)


# Certificates by URL: SNS rotates them rarely, and one fetch per process is enough.
_certificates: dict[str, object] = {}


def _certificate(url: str):
    from cryptography import x509

    if url not in _certificates:
        try:
            _certificates[url] = x509.load_pem_x509_certificate(_fetch(url))
        except Exception as error:  # noqa: BLE001 - unreachable or not a certificate: not trusted
            raise Refused(f"The signing certificate could not be loaded ({type(error).__name__}).") from error
    return _certificates[url]


def string_to_sign(message: dict) -> bytes:
    kind = message.get("Type")
    if kind not in SIGNED_FIELDS:
        raise Refused("Not an SNS message type this endpoint handles.", status=400)
    lines = []
    for field in SIGNED_FIELDS[kind]:
        value = message.get(field)
        if value is None:
            if field in OPTIONAL_FIELDS:
                continue
            raise Refused(f"The message has no {field}.", status=400)
        if not isinstance(value, str):
            raise Refused(f"The message's {field} is not text.", status=400)
        lines.append(f"{field}\n{value}\n")
    return "".join(lines).encode("utf-8")


def verify(message: dict) -> None:
    """Raise Refused unless the message is from a configured topic and signed by SNS."""
    from cryptography.exceptions import InvalidSignature
    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import padding

    if message.get("TopicArn") not in settings.SES_SNS_TOPIC_ARNS:
        raise Refused("Notifications from this topic are not accepted.")
    algorithm = {"1": hashes.SHA1(), "2": hashes.SHA256()}.get(str(message.get("SignatureVersion")))  # noqa: S303 - SNS's version 1
    if algorithm is None:
        raise Refused("Unknown SignatureVersion.", status=400)
    url = message.get("SigningCertURL")
    if not isinstance(url, str) or not re.fullmatch(settings.SNS_CERT_URL_PATTERN, url):
        raise Refused("The signing certificate is not SNS's.")
    data = string_to_sign(message)
    try:
        signature = base64.b64decode(message.get("Signature") or "", validate=True)
    except ValueError as error:
        raise Refused("The signature is not base64.", status=400) from error
    try:
        _certificate(url).public_key().verify(signature, data, padding.PKCS1v15(), algorithm)
    except InvalidSignature as error:
        raise Refused("The signature does not match.") from error


def _addresses(recipients) -> list[str]:
    found = []
    for recipient in recipients if isinstance(recipients, list) else []:
        address = parseaddr(str((recipient or {}).get("emailAddress") or ""))[1]
        if "@" in address:
            found.append(address)
    return found


def record(notification: dict) -> str:
    """Add what an SES notification reports to the suppression list; what was done, in words."""
    kind = notification.get("notificationType") or notification.get("eventType")
    mail_id = str((notification.get("mail") or {}).get("messageId") or "")[:100]
    if kind == "Bounce":
        bounce = notification.get("bounce") or {}
        if bounce.get("bounceType") != "Permanent":
            return f"A {bounce.get('bounceType') or 'non-permanent'} bounce: nothing to do."
        addresses = _addresses(bounce.get("bouncedRecipients"))
        detail = f"SES permanent bounce ({bounce.get('bounceSubType') or 'General'}), message {mail_id}"
        added = sum(suppression.suppress(a, suppression.Reason.BOUNCED, detail) for a in addresses)
        return f"Bounce: {added} address(es) added, {len(addresses) - added} already on the list."
    if kind == "Complaint":
        complaint = notification.get("complaint") or {}
        if complaint.get("complaintFeedbackType") == "not-spam":
            return "A not-spam report: nothing to do."
        addresses = _addresses(complaint.get("complainedRecipients"))
        detail = f"SES complaint ({complaint.get('complaintFeedbackType') or 'unspecified'}), message {mail_id}"
        added = sum(suppression.suppress(a, suppression.Reason.COMPLAINED, detail) for a in addresses)
        return f"Complaint: {added} address(es) added, {len(addresses) - added} already on the list."
    return f"{kind or 'An unknown'} notification: nothing to do."


def handle(message: dict) -> str:
    """Act on a verified SNS message; what was done, in words."""
    kind = message["Type"]
    if kind == "SubscriptionConfirmation":
        url = message.get("SubscribeURL") or ""
        if not re.fullmatch(settings.SNS_SUBSCRIBE_URL_PATTERN, url):
            raise Refused("The SubscribeURL is not SNS's.")
        _fetch(url)
        logger.info("Confirmed the SNS subscription to %s", message.get("TopicArn"))
        return "Subscription confirmed."
    if kind == "UnsubscribeConfirmation":
        logger.warning("SNS says the subscription to %s was removed", message.get("TopicArn"))
        return "Noted."
    try:
        notification = json.loads(message.get("Message") or "")
    except ValueError as error:
        raise Refused("The notification is not JSON.", status=400) from error
    if not isinstance(notification, dict):
        raise Refused("The notification is not a JSON object.", status=400)
    return record(notification)
