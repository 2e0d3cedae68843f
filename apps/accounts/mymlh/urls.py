from allauth.socialaccount.providers.oauth2.urls import default_urlpatterns

from .provider import MyMLHProvider

urlpatterns = default_urlpatterns(MyMLHProvider)
