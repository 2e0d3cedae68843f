"""docker-compose.yml and the Dockerfile, checked without Docker: the file against the Compose
Specification's JSON Schema (docker/compose-spec.json, docs/DATA-SOURCES.md), then the rules an
operator relies on, and the image's folder layout built by its own script into a scratch root."""

from __future__ import annotations

import copy
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft201909Validator

ROOT = Path(__file__).resolve().parents[3]
COMPOSE = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
SCHEMA = json.loads((ROOT / "docker" / "compose-spec.json").read_text())
DOCKERFILE = (ROOT / "Dockerfile").read_text()
SERVICES = COMPOSE["services"]
PORTAL = ("web", "worker", "beat")  # the image, run for good
ONE_SHOT = ("migrate",)  # the image, run once before them
APP_UID = 10001


def schema_errors(document: dict) -> list[str]:
    validator = Draft201909Validator(SCHEMA)
    return sorted(f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(document))


def test_the_compose_file_passes_the_compose_specifications_schema():
    assert schema_errors(COMPOSE) == []


def test_the_schema_check_catches_a_mistake():
    """A misspelt key, a wrong condition and a wrong type each fail: the check is not vacuous."""
    broken = copy.deepcopy(COMPOSE)
    broken["services"]["web"]["healthchek"] = broken["services"]["web"].pop("healthcheck")
    broken["services"]["worker"]["depends_on"]["migrate"]["condition"] = "service_finished"
    broken["services"]["redis"]["restart"] = ["always"]
    errors = "\n".join(schema_errors(broken))
    assert "services/web" in errors and "healthchek" in errors
    assert "services/worker/depends_on" in errors
    assert "services/redis/restart" in errors


def test_every_long_running_service_has_a_healthcheck_and_a_restart_policy():
    for name, service in SERVICES.items():
        if name in ONE_SHOT:
            assert service["restart"] == "no", name
            # The image's HEALTHCHECK (the web server's) must not apply to a one-shot.
            assert service["healthcheck"] == {"disable": True}, name
            continue
        assert service.get("restart") in ("unless-stopped", "always"), name
        check = service.get("healthcheck") or {}
        assert not check.get("disable") and check.get("test"), f"{name} has no healthcheck"


def test_every_image_is_pinned_and_the_portals_own_is_built_here():
    for name, service in SERVICES.items():
        if "build" in service:
            assert service["image"] == "hackportal:local", name
            continue
        image = service["image"]
        repository, _, tag = image.rpartition(":")
        assert repository and tag and tag != "latest" and re.search(r"\d", tag), f"{name}: {image} is not pinned"
    for line in re.findall(r"^FROM (\S+)", DOCKERFILE, re.M):
        assert re.search(r":\d+\.\d+", line), f"Dockerfile: {line} is not pinned to a version"


def test_migrations_run_once_before_the_web_server_worker_and_beat():
    migrate = SERVICES["migrate"]
    assert "manage.py migrate" in " ".join(migrate["command"])
    assert "manage.py ensure_bucket" in " ".join(migrate["command"])
    assert migrate["depends_on"]["postgres"] == {"condition": "service_healthy"}
    assert migrate["depends_on"]["minio"] == {"condition": "service_healthy"}
    for name in PORTAL:
        service = SERVICES[name]
        assert service["depends_on"]["migrate"] == {"condition": "service_completed_successfully"}, name
        assert "migrate" not in " ".join(service["command"]), name  # two web replicas never race it
        assert service["image"] == migrate["image"]


def test_the_checks_probe_what_each_process_does():
    web, worker, beat = (SERVICES[name]["healthcheck"]["test"] for name in PORTAL)
    assert web[-1] == "http://127.0.0.1:8000/readyz" and "docker/healthcheck.py" in web
    assert "inspect ping" in " ".join(worker)
    schedule = SERVICES["beat"]["command"][SERVICES["beat"]["command"].index("--schedule") + 1]
    assert beat[3:5] == ["fresh", f"{schedule}.alive"]  # what apps.core.beat touches each tick
    assert (ROOT / "docker" / "healthcheck.py").exists()


def test_the_host_port_comes_from_the_environment_and_redis_keeps_its_data():
    assert SERVICES["web"]["ports"] == ["${PORTAL_PORT:-8000}:8000"]
    assert SERVICES["mailpit"]["ports"] == ["${MAILPIT_PORT:-8025}:8025"]
    assert "minio" not in [p for s in SERVICES.values() for p in s.get("ports", [])]
    redis = SERVICES["redis"]
    assert "redisdata:/data" in redis["volumes"] and "--appendonly" in redis["command"]
    assert set(COMPOSE["volumes"]) >= {"pgdata", "redisdata", "miniodata", "private"}


def test_resumes_go_to_minio_by_default():
    environment = SERVICES["web"]["environment"]
    assert environment["AWS_S3_ENDPOINT_URL"] == "${AWS_S3_ENDPOINT_URL-http://minio:9000}"
    assert environment["AWS_S3_ADDRESSING_STYLE"] == "${AWS_S3_ADDRESSING_STYLE:-path}"
    assert environment["AWS_STORAGE_BUCKET_NAME"].startswith("${AWS_STORAGE_BUCKET_NAME:-")
    assert SERVICES["minio"]["environment"]["MINIO_ROOT_USER"] == environment["AWS_ACCESS_KEY_ID"]
    assert SERVICES["minio"]["environment"]["MINIO_ROOT_PASSWORD"] == environment["AWS_SECRET_ACCESS_KEY"]


# --- The image --------------------------------------------------------------------------


def test_the_image_installs_the_runtime_lock_prepares_its_folders_and_runs_as_its_user():
    assert re.search(r"pip install .*--require-hashes .*-r requirements\.txt", DOCKERFILE)
    steps = [line for line in DOCKERFILE.splitlines() if line.startswith(("RUN", "USER", "CMD", "HEALTHCHECK"))]
    prepare = next(i for i, line in enumerate(steps) if "docker/prepare-layout.sh" in line)
    assert steps[prepare + 1] == "USER portal"
    assert "/readyz" in DOCKERFILE.split("HEALTHCHECK", 1)[1]
    assert '"config/gunicorn.py"' in DOCKERFILE.split("\nCMD", 1)[1]


def test_honcho_is_a_development_tool_only():
    runtime = (ROOT / "requirements.txt").read_text()
    assert not re.search(r"^honcho==", runtime, re.M)
    assert re.search(r"^honcho==", (ROOT / "requirements-dev.txt").read_text(), re.M)


@pytest.mark.skipif(os.geteuid() != 0 or not shutil.which("useradd"), reason="creates a user: needs root")
def test_the_images_folder_layout_gives_the_portal_its_writable_folders(tmp_path):
    """The Dockerfile's own script, run into a scratch root: the user exists and owns every
    folder the portal writes, the volumes' mount points included."""
    etc = tmp_path / "etc"
    etc.mkdir()
    (etc / "passwd").write_text("root:x:0:0:root:/root:/bin/bash\n")
    (etc / "group").write_text("root:x:0:\n")
    (etc / "shadow").write_text("root:*:19000:0:99999:7:::\n")
    (etc / "gshadow").write_text("root:*::\n")
    (tmp_path / "home").mkdir()
    script = ROOT / "docker" / "prepare-layout.sh"
    for _ in range(2):  # a rebuild on a layer that has the user already
        result = subprocess.run(["sh", str(script)], env={**os.environ, "ROOT": str(tmp_path)}, capture_output=True)
        assert result.returncode == 0, result.stderr.decode()
    assert f"portal:x:{APP_UID}:{APP_UID}:" in (etc / "passwd").read_text()
    assert (tmp_path / "home" / "portal").stat().st_uid == APP_UID  # gunicorn's control socket lives there
    mounts = [
        volume.split(":", 1)[1]
        for name in (*PORTAL, *ONE_SHOT)
        for volume in SERVICES[name].get("volumes", [])
        if volume.split(":", 1)[1].startswith("/app/")
    ]
    assert "/app/var/private" in mounts
    for folder in {*mounts, "/app/var", "/app/var/celery", "/app/var/mail", "/app/var/cache"}:
        path = tmp_path / folder.lstrip("/")
        assert path.is_dir(), folder
        assert (path.stat().st_uid, path.stat().st_gid) == (APP_UID, APP_UID), folder
    assert (tmp_path / "app" / "var" / "private").stat().st_mode & 0o077 == 0  # resumes: the portal's alone
