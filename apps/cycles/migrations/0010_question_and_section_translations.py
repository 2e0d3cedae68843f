from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("cycles", "0009_rsvp_question_set"),
    ]

    operations = [
        migrations.AddField(
            model_name="question",
            name="translations",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name="section",
            name="translations",
            field=models.JSONField(blank=True, default=dict),
        ),
    ]
