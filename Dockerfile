# One image for the web server, the Celery worker and Celery beat (docker-compose.yml runs it
# as each, and as the one-shot `migrate`).
FROM node:20.19-bookworm-slim AS frontend
WORKDIR /app/frontend
COPY frontend/package.json frontend/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY frontend/ ./
RUN npm run build

# The translations compiled (locale/*/LC_MESSAGES/*.mo) with GNU gettext, which the runtime
# image doesn't need otherwise.
FROM python:3.11.11-slim-bookworm AS messages
RUN apt-get update && apt-get install -y --no-install-recommends gettext && rm -rf /var/lib/apt/lists/*
COPY locale/ /locale/
RUN find /locale -name django.po -exec sh -c 'msgfmt --check-format -o "${1%.po}.mo" "$1"' _ {} \;

FROM python:3.11.11-slim-bookworm
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 DJANGO_SETTINGS_MODULE=config.settings.production
WORKDIR /app
# The runtime lock: every package pinned with its hashes, so the image gets exactly the files
# the lock names or the build fails. Development tools (honcho, pytest…) are not in it.
COPY requirements.txt ./
RUN pip install --no-cache-dir --require-hashes --no-deps -r requirements.txt
COPY . .
COPY --from=frontend /app/frontend/dist /app/frontend/dist
COPY --from=messages /locale /app/locale
# collectstatic reads the production settings, which refuse to load without their required
# variables; it touches neither database, broker nor mail, so throwaway values serve for this
# one command and none of them stays in the image's environment.
RUN DJANGO_SECRET_KEY=collectstatic-only DATABASE_URL=sqlite:////tmp/unused.sqlite3 \
    REDIS_URL=redis://unused:6379/0 SITE_URL=https://build.invalid \
    python manage.py collectstatic --noinput -v0
# The portal's user and the folders it writes, owned by it (volumes mounted there inherit that).
RUN sh docker/prepare-layout.sh
USER portal
EXPOSE 8000
# The web server's readiness (/readyz: database, migrations, cache, broker). Compose gives the
# worker and beat their own checks.
HEALTHCHECK --interval=30s --timeout=10s --start-period=30s --retries=3 \
    CMD ["python", "docker/healthcheck.py", "http", "http://127.0.0.1:8000/readyz"]
# gunicorn's settings (workers, JSON access log, metrics folder): config/gunicorn.py.
CMD ["gunicorn", "-c", "config/gunicorn.py", "config.wsgi:application"]
