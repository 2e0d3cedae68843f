from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("mailings", "0008_email_template_language"),
    ]

    operations = [
        migrations.AddField(
            model_name="mailing",
            name="translations",
            field=models.JSONField(blank=True, default=dict),
        ),
    ]
