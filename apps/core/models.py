from django.db import models


class BaseModel(models.Model):
    """Creation and update timestamps for every model of the portal."""

    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        abstract = True
