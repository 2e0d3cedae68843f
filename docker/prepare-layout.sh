#!/bin/sh
# The image's user and the folders the portal writes, owned by that user. The Dockerfile runs
# this as root; apps/core/tests/test_image_layout.py runs it into a scratch root (ROOT=/tmp/x)
# and checks the result, since a test can't build the image without a Docker engine.
#
# Why it matters: compose mounts named volumes at /app/var/private and /app/var/celery. Docker
# fills a new named volume from the image's folder at that path, ownership included; a folder
# the image doesn't have becomes a root-owned volume, and the portal (not root) then can't
# store a single resume.
set -eu

ROOT="${ROOT:-}"
APP_USER=portal
APP_UID=10001
APP="${ROOT}/app"

if ! grep -q "^${APP_USER}:" "${ROOT}/etc/passwd" 2>/dev/null; then
    if [ -n "${ROOT}" ]; then
        useradd --prefix "${ROOT}" --uid "${APP_UID}" --user-group --create-home --shell /usr/sbin/nologin "${APP_USER}"
    else
        useradd --uid "${APP_UID}" --user-group --create-home --shell /usr/sbin/nologin "${APP_USER}"
    fi
fi

# Everything the portal writes at run time, and nothing else: the code and the collected static
# files stay root's, read-only to the portal.
for folder in var var/private var/mail var/cache var/celery var/celery/queue var/celery/processed var/celery/control; do
    mkdir -p "${APP}/${folder}"
    chown "${APP_UID}:${APP_UID}" "${APP}/${folder}"
done
# Resumes: the portal's alone.
chmod 700 "${APP}/var/private"
