"""The blind-review masker (apps/reviews/masking.py), table by table: which words name the
applicant, and what free text looks like once they, and any address, URL or handle, are masked."""

from __future__ import annotations

import pytest

from apps.reviews.masking import identity_words, mask_identity

ADA = ("Ada", "Lovelace", "ada.lovelace+hack42@princeton.edu")


@pytest.mark.parametrize(
    ("person", "text", "masked"),
    [
        # Names, whole words, any case.
        (ADA, "I'm Ada Lovelace.", "I'm [name] [name]."),
        (ADA, "ADA wrote this; ada too", "[name] wrote this; [name] too"),
        (ADA, "Ada's project", "[name]'s project"),
        # ...but never inside another word.
        (ADA, "Adaptive systems and Canada", "Adaptive systems and Canada"),
        (ADA, "Lovelaces and lovelacey", "Lovelaces and lovelacey"),
        # The email's local part and its dot / underscore / plus parts (3 characters or more).
        (ADA, "find me as ada.lovelace on chat", "find me as [name] on chat"),
        (ADA, "my handle is lovelace42", "my handle is [name]"),
        (ADA, "I love to hack", "I love to [name]"),
        (("Jo", "Smith", "j_smithers@x.edu"), "j and smithers and Smith", "j and [name] and [name]"),
        # Addresses, URLs and handles, whoever they name.
        (ADA, "Mail ada@gmail.com or a.b@c.co.uk.", "Mail [email] or [email]."),
        (ADA, "See github.com/adalovelace, thanks", "See [link], thanks"),
        (ADA, "linkedin.com/in/someone-else and https://x.dev/p?q=1.", "[link] and [link]."),
        (ADA, "Portfolio: www.example.org/work", "Portfolio: [link]"),
        (ADA, "ping @ada_codes on X", "ping [handle] on X"),
        # Tech words that look like file names are not links.
        (ADA, "Built with Node.js, main.py and README.md", "Built with Node.js, main.py and README.md"),
        # Accents: either way round.
        (("Zoë", "Ng", "zng@x.edu"), "Zoe and ZOË and zoë", "[name] and [name] and [name]"),
        (("Zoe", "Ng", "zng@x.edu"), "Zoë wrote", "[name] wrote"),
        (("José", "Núñez", "jn@x.edu"), "Jose Nunez from Núñez Labs", "[name] [name] from [name] Labs"),
        (("Zoë", "Ng", "zng@x.edu"), "Zoëtrope", "Zoëtrope"),
        # Very short names: two letters are masked (Ng, Li, Wu), one letter never, and two-letter
        # names that are everyday words ("An") are left alone.
        (("Zoë", "Ng", "zng@x.edu"), "Ng's team, an Nginx fan", "[name]'s team, an Nginx fan"),
        (("Li", "Wu", "lw@x.edu"), "Li Wu likes lime", "[name] [name] likes lime"),
        (("A", "B", "ab@x.edu"), "A B a b", "A B a b"),
        (("An", "Tran", "at@x.edu"), "An app by an Tran", "An app by an [name]"),
        # Hyphenated and multi-word names: each part and the whole.
        (("Mary-Jane", "van der Berg", "mj@x.edu"), "Mary-Jane, Jane and Berg", "[name], [name] and [name]"),
        # Nothing to mask.
        (ADA, "", ""),
        (ADA, "A plain essay about robots.", "A plain essay about robots."),
    ],
)
def test_mask_identity(person, text, masked):
    assert mask_identity(text, identity_words(*person)) == masked


@pytest.mark.parametrize(
    ("person", "words"),
    [
        (ADA, ["ada.lovelace+hack42", "ada.lovelace+hack", "ada.lovelace", "lovelace", "hack42", "hack", "ada"]),
        (("Zoë", "Ng", "zng@x.edu"), ["zng", "zoe", "ng"]),
        (("A", "An", "x@y.z"), []),
        (("", "", ""), []),
    ],
)
def test_identity_words(person, words):
    assert identity_words(*person) == words


def test_a_mask_is_never_masked_again():
    # Someone called "Name Link" keeps the masks readable.
    words = identity_words("Name", "Link", "name.link@x.edu")
    assert mask_identity("Name Link, github.com/namelink", words) == "[name] [name], [link]"
