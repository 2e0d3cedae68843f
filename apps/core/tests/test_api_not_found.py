"""Every unknown path under /api/ answers the API's JSON 404, whatever characters it holds."""

from __future__ import annotations

import pytest


@pytest.mark.django_db
@pytest.mark.parametrize(
    "path",
    [
        "/api/no-such-call",
        # A newline (decoded from %0A) once slipped past the API's catch-all, whose `.` does not
        # match it, and fell through to the HTML 404 page (found by schemathesis).
        "/api/applications/application-index/a@b.org/x%0Ay",
        "/api/%0A",
    ],
)
def test_an_unknown_api_path_is_a_json_404(client, path):
    response = client.get(path)
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"message": "No such API endpoint."}
