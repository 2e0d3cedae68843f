import datetime

from django.db import migrations, models


def create_current_cycle(apps, schema_editor):
    Cycle = apps.get_model("cycles", "Cycle")
    if not Cycle.objects.filter(is_current=True).exists():
        today = datetime.date.today()
        season = "fall" if today.month >= 7 else "spring"
        Cycle.objects.get_or_create(season=season, year=today.year, defaults={"is_current": True})


class Migration(migrations.Migration):
    initial = True
    dependencies = []

    operations = [
        migrations.CreateModel(
            name="Cycle",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("created_at", models.DateTimeField(auto_now_add=True, db_index=True)),
                ("updated_at", models.DateTimeField(auto_now=True)),
                ("season", models.CharField(choices=[("fall", "Fall"), ("spring", "Spring")], max_length=8)),
                ("year", models.PositiveIntegerField()),
                ("is_current", models.BooleanField(default=False)),
                (
                    "status",
                    models.CharField(
                        choices=[
                            ("not_open", "Not open"),
                            ("open", "Open"),
                            ("closed", "Closed"),
                            ("released", "Released"),
                            ("confirmation_closed", "Confirmation closed"),
                            ("waitlist_closed", "Waitlist closed"),
                            ("second_confirmation_closed", "Second confirmation closed"),
                        ],
                        default="not_open",
                        max_length=32,
                    ),
                ),
                ("start", models.DateField(default=datetime.date(2024, 5, 21))),
                ("end", models.DateField(default=datetime.date(2024, 5, 22))),
                ("housing", models.DateField(default=datetime.date(2024, 5, 22))),
                ("confirmation_first_deadline", models.DateField(default=datetime.date(2024, 5, 22))),
                ("confirmation_second_deadline", models.DateField(default=datetime.date(2024, 5, 22))),
                ("due", models.DateField(default=datetime.date(2024, 5, 20))),
                ("waitlist_deadline", models.DateField(default=datetime.date(2024, 5, 22))),
                ("location", models.CharField(default="Princeton University, Princeton, NJ", max_length=255)),
                ("housing_link", models.URLField(default="https://forms.gle/housing-form", max_length=500)),
            ],
            options={"ordering": ["-year", "season"]},
        ),
        migrations.AddConstraint(
            model_name="cycle",
            constraint=models.UniqueConstraint(fields=("season", "year"), name="unique_cycle_season_year"),
        ),
        migrations.AddConstraint(
            model_name="cycle",
            constraint=models.UniqueConstraint(
                condition=models.Q(("is_current", True)), fields=("is_current",), name="one_current_cycle"
            ),
        ),
        migrations.RunPython(create_current_cycle, migrations.RunPython.noop),
    ]
