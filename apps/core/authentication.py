from rest_framework import authentication


class SessionAuthentication(authentication.SessionAuthentication):
    """Django session auth whose failures answer 401, not 403.

    DRF only answers 401 when the first authenticator returns a `WWW-Authenticate` value;
    the plain session class returns none, so anonymous calls would be 403s.
    """

    def authenticate_header(self, request) -> str:
        return 'Session realm="api"'
