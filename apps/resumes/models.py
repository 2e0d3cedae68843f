from django.conf import settings
from django.db import models

from apps.core.models import BaseModel


class Resume(BaseModel):
    """A student's resume: one per account, kept across cycles, stored privately."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="resume")
    # The storage name of the file in the private "resumes" storage; never a public URL.
    path = models.CharField(max_length=500)
    size = models.PositiveIntegerField()
    original_name = models.CharField(max_length=255, blank=True, default="")

    def __str__(self) -> str:
        return f"resume of {self.user_id}"
