"""The portal's routes plus the floor the benchmarks compare with: a bare DRF view behind the
same session authentication and middleware, which does nothing else."""

from django.urls import path
from rest_framework.response import Response
from rest_framework.views import APIView

from config.urls import urlpatterns as portal_urlpatterns


class BareApi(APIView):
    """Session authentication (the session and the user: two queries), then nothing."""

    def get(self, request):
        return Response({"ok": True})


urlpatterns = [path("bench/bare", BareApi.as_view()), *portal_urlpatterns]
