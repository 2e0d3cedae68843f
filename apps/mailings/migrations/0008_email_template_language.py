from django.db import migrations, models


class Migration(migrations.Migration):
    """Organizers' versions of an automated email per language. Existing versions become the
    default language's (language ""), as they were sent to everybody; the key stays unique per
    language instead of overall."""

    dependencies = [
        ("mailings", "0007_suppression_and_delivery_created_at"),
    ]

    operations = [
        migrations.AddField(
            model_name="emailtemplate",
            name="language",
            field=models.CharField(blank=True, default="", max_length=16),
        ),
        migrations.AlterField(
            model_name="emailtemplate",
            name="key",
            field=models.CharField(max_length=64),
        ),
        migrations.AddConstraint(
            model_name="emailtemplate",
            constraint=models.UniqueConstraint(fields=("key", "language"), name="one_email_template_per_language"),
        ),
    ]
