# Load Celery with Django so that @shared_task binds to the portal's app.
from .celery_app import app as celery_app

__all__ = ("celery_app",)
