# One image for the web server, the Celery worker and Celery beat.
FROM node:20-bookworm-slim AS frontend
WORKDIR /app/frontend
COPY frontend/package.json frontend/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY frontend/ ./
RUN npm run build

FROM python:3.11-slim-bookworm
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 DJANGO_SETTINGS_MODULE=config.settings.production
WORKDIR /app
COPY requirements.txt ./
RUN pip install --no-cache-dir -r requirements.txt
COPY . .
COPY --from=frontend /app/frontend/dist /app/frontend/dist
# collectstatic reads the production settings, which refuse to load without their required
# variables; it touches neither database, broker nor mail, so throwaway values serve for this
# one command and none of them stays in the image's environment.
RUN DJANGO_SECRET_KEY=collectstatic-only DATABASE_URL=sqlite:////tmp/unused.sqlite3 \
    REDIS_URL=redis://unused:6379/0 SITE_URL=https://build.invalid \
    python manage.py collectstatic --noinput -v0
RUN useradd --create-home portal && mkdir -p /app/var && chown -R portal /app/var
USER portal
EXPOSE 8000
CMD ["gunicorn", "config.wsgi:application", "--bind", "0.0.0.0:8000", "--workers", "3"]
