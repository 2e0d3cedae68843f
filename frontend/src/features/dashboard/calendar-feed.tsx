// The ticket's private calendar feed: an address a calendar app subscribes to, which follows
// any change of the event's dates (the .ics download is a copy of the dates of the moment).
import { useState } from "react";
import { integrationsApi } from "../../api/integrations";
import { Alert } from "../../components/alert";
import { Field } from "../../components/field";
import { t } from "../../lib/i18n";
import { useSubmit } from "../../lib/use-submit";

export function CalendarFeed() {
  const [url, setUrl] = useState<string | null>(null);
  const [renewed, setRenewed] = useState(false);
  const submit = useSubmit();

  async function show() {
    await submit.run(async () => setUrl((await integrationsApi.calendarFeed()).url), t("Error fetching your calendar feed."));
  }

  async function renew() {
    setRenewed(false);
    const ok = await submit.run(
      async () => setUrl((await integrationsApi.renewCalendarFeed()).url),
      t("Error making a new calendar feed address."),
    );
    setRenewed(ok);
  }

  return (
    <div className="stack--tight calendar-feed">
      {url ? (
        <>
          <Field
            label={t("Your private calendar feed")}
            value={url}
            readOnly
            onFocus={(e) => e.currentTarget.select()}
            hint={t(
              "Subscribe to this address in your calendar app: it follows any change of the event's dates. Anyone with it sees them, so keep it to yourself.",
            )}
          />
          <div>
            <button type="button" className="button button--secondary button--small" onClick={() => void renew()} disabled={submit.busy}>
              {submit.busy ? t("Making…") : t("Make a new address")}
            </button>
          </div>
          {renewed ? <Alert kind="success">{t("A new address is above; the old one no longer works.")}</Alert> : null}
        </>
      ) : (
        <button type="button" className="button button--secondary" onClick={() => void show()} disabled={submit.busy}>
          {submit.busy ? t("Loading…") : t("Subscribe in your calendar")}
        </button>
      )}
      {submit.error ? <Alert kind="error">{submit.error}</Alert> : null}
    </div>
  );
}
