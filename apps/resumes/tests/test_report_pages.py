"""The resume book page (/admin/resumebook): admin-only on the server."""


def test_anonymous_visitor_is_sent_to_login(client, db):
    r = client.get("/admin/resumebook")
    assert r.status_code == 302
    assert r["Location"] == "/login?next=%2Fadmin%2Fresumebook"


def test_student_is_sent_to_dashboard(student_client):
    r = student_client.get("/admin/resumebook")
    assert r.status_code == 302
    assert r["Location"] == "/dashboard"


def test_admin_gets_the_resume_book_island(admin_client):
    r = admin_client.get("/admin/resumebook")
    assert r.status_code == 200
    html = r.content.decode()
    assert 'id="admin-resumebook-root"' in html
    assert 'id="admin-resumebook-props"' in html
    assert "<title>Resume Book" in html
