"""Every environment variable the configuration reads is in the README's configuration table,
and every variable the table lists is read by something.

The settings (config/settings/*.py) and gunicorn's configuration (config/gunicorn.py) are read
with `ast`: each call `env(...)`, `env.<type>(...)`, `_env(...)`, `_required(...)`,
`os.environ.get(...)`, `os.environ.setdefault(...)`, `os.getenv(...)` or `os.environ[...]`
whose first argument is a string names a variable.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
SOURCES = [*sorted((ROOT / "config" / "settings").glob("*.py")), ROOT / "config" / "gunicorn.py"]
READERS = {"env", "_env", "_required", "getenv"}
# In the table but read by a library, not by our settings; each says who reads it.
READ_ELSEWHERE = {
    "DJANGO_SETTINGS_MODULE": "Django, manage.py and config/wsgi.py",
    "AWS_ACCESS_KEY_ID": "boto3 (django-storages' S3 client)",
    "AWS_SECRET_ACCESS_KEY": "boto3 (django-storages' S3 client)",
    "AWS_SESSION_TOKEN": "boto3 (django-storages' S3 client)",
}
# Read but deliberately not in the table, each with the reason.
UNDOCUMENTED = {
    "PYTEST_XDIST_WORKER": "set by pytest-xdist for the test settings; nobody sets it by hand",
}


def _name(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def variables_read() -> dict[str, set[str]]:
    """Variable → the files that read it."""
    found: dict[str, set[str]] = {}
    for path in SOURCES:
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            name = None
            if isinstance(node, ast.Call) and node.args:
                func = node.func
                if isinstance(func, ast.Name) and func.id in READERS:
                    name = _name(node.args[0])
                elif isinstance(func, ast.Attribute):
                    owner = ast.unparse(func.value)
                    if owner in {"env", "_env"}:  # env.bool(...), env.db(...)
                        name = _name(node.args[0])
                    elif (owner, func.attr) in {("os.environ", "get"), ("os.environ", "setdefault"), ("os", "getenv")}:
                        name = _name(node.args[0])
            elif isinstance(node, ast.Subscript) and ast.unparse(node.value) == "os.environ":
                name = _name(node.slice)
            if name:
                found.setdefault(name, set()).add(path.relative_to(ROOT).as_posix())
    return found


def variables_documented() -> set[str]:
    """The names in backticks in the first column of the README's configuration table."""
    text = (ROOT / "README.md").read_text()
    section = text.split("\n## Configuration", 1)[1].split("\n## ", 1)[0]
    names = set()
    for line in section.splitlines():
        if line.startswith("|") and not line.startswith("|---"):
            first_cell = line.split("|")[1]
            names |= set(re.findall(r"`([A-Z][A-Z0-9_]+)`", first_cell))
    return names


def test_the_scan_finds_what_the_settings_read():
    """A sanity check of the scanner itself on variables known to be read each way."""
    read = variables_read()
    assert {"DJANGO_SECRET_KEY", "DATABASE_URL", "EMAIL_USE_SSL", "VAR_DIR", "WEB_CONCURRENCY"} <= set(read)
    assert "config/settings/production.py" in read["DJANGO_ALLOW_PLAIN_HTTP"]
    assert len(read) > 70


def test_every_variable_the_settings_read_is_in_the_readme_table():
    read, documented = variables_read(), variables_documented()
    missing = {name: sorted(files) for name, files in read.items() if name not in documented | set(UNDOCUMENTED)}
    assert missing == {}, f"add these to the README's configuration table: {missing}"


def test_every_variable_in_the_readme_table_is_read():
    read, documented = variables_read(), variables_documented()
    stale = documented - set(read) - set(READ_ELSEWHERE)
    assert stale == set(), f"the README documents variables nothing reads: {sorted(stale)}"
