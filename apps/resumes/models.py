from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from apps.core.models import BaseModel


class Resume(BaseModel):
    """A student's resume: one per account, kept across cycles, stored privately."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="resume")
    # The storage name of the file in the private "resumes" storage; never a public URL.
    path = models.CharField(max_length=500)
    size = models.PositiveIntegerField()
    original_name = models.CharField(max_length=255, blank=True, default="")

    class Meta:
        verbose_name = _("resume")
        verbose_name_plural = _("resumes")

    def __str__(self) -> str:
        return f"resume of {self.user_id}"


class ResumeAccess(models.Model):
    """Who downloaded whose resume, when and how: the organizers' page of an applicant shows it,
    and the applicant's data export says when (apps.privacy). Written by the views that hand a
    resume out, one row per resume, also for each resume of a resume book's zip."""

    class How(models.TextChoices):
        SINGLE = "single", _("Single download")
        BOOK = "book", _("Resume book (zip)")
        SPONSOR_BOOK = "sponsor_book", _("Sponsor resume book (zip)")
        REVIEW = "review", _("Opened by a reviewer")

    # Whose resume (the owner): the rows go with the account.
    # Not indexed on its own: an index or constraint in Meta begins with it (test_indexes.py).
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="resume_accesses", db_index=False
    )
    # The file as it was then (a new upload replaces the file, not the row).
    path = models.CharField(max_length=500)
    accessed_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    # Kept as text too: the log still says who after that organizer's account is gone.
    accessed_by_email = models.EmailField()
    at = models.DateTimeField(db_index=True)
    how = models.CharField(max_length=16, choices=How.choices)

    class Meta:
        verbose_name = _("resume access")
        verbose_name_plural = _("resume accesses")
        ordering = ["-at", "-pk"]
        indexes = [models.Index(fields=["owner", "-at"], name="resume_access_owner_at")]

    def __str__(self) -> str:
        return f"{self.accessed_by_email} → {self.owner_id} ({self.how})"
