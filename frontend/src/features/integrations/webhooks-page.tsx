// /admin/integrations: the organizers' webhook endpoints. Each event is POSTed to the
// endpoint, signed (Standard Webhooks); failed deliveries are listed with a re-send button.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type Dispatch, type FormEvent, type SetStateAction } from "react";
import {
  integrationsApi,
  type ChatChannel,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
  type WebhookEvent,
} from "../../api/integrations";
import { Alert } from "../../components/alert";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { Field, SelectField } from "../../components/field";
import { PageHeader } from "../../components/page-header";
import { t } from "../../lib/i18n";
import { queryKeys } from "../../lib/query-keys";
import { useSubmit, type Submit } from "../../lib/use-submit";
import { countsLine, deliveryLine, formErrors, toggleEvent, type EventChoice } from "./state";

export interface WebhooksPageProps {
  endpoints: WebhookEndpoint[];
  channels: ChatChannel[];
  events: EventChoice[];
  require_https: boolean;
}

export function WebhooksPage({ endpoints: initial, channels, events, require_https: requireHttps }: WebhooksPageProps) {
  const client = useQueryClient();
  const list = useQuery({ queryKey: queryKeys.integrations.endpoints, queryFn: integrationsApi.endpoints, initialData: initial });
  const [created, setCreated] = useState<WebhookEndpointCreated | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.integrations.all });

  return (
    <div className="stack org-narrow">
      <PageHeader
        title={t("Integrations")}
        lead={t(
          "Tell your other systems when someone applies, hears back, confirms or checks in. Each event is sent to your endpoint as a signed POST (Standard Webhooks headers), retried with backoff while it is down.",
        )}
      />
      <AddEndpoint
        events={events}
        requireHttps={requireHttps}
        onCreated={(endpoint) => {
          setCreated(endpoint);
          void refresh();
        }}
      />
      {created ? (
        <Alert kind="success" title={t("Endpoint added.")}>
          {t("Its signing secret, shown this once:")} <code className="org-break">{created.secret}</code>
        </Alert>
      ) : null}
      <section className="card stack" aria-labelledby="wh-list-title">
        <h2 id="wh-list-title">
          {t("Endpoints")} <span className="badge">{list.data.length}</span>
        </h2>
        {list.isError ? <Alert kind="error">{t("Error fetching the endpoints.")}</Alert> : null}
        {list.data.length === 0 ? <p className="muted">{t("No endpoints yet.")}</p> : null}
        <ul className="org-rows" aria-label={t("Endpoints")}>
          {list.data.map((endpoint) => (
            <EndpointRow key={endpoint.id} endpoint={endpoint} events={events} onChange={refresh} />
          ))}
        </ul>
      </section>
      <ChatChannels initial={channels} events={events} requireHttps={requireHttps} />
    </div>
  );
}

// Brand names, the same in every language.
const KINDS = [
  { value: "slack", label: "Slack" },
  { value: "discord", label: "Discord" },
];
const serviceName = (kind: string) => KINDS.find((k) => k.value === kind)?.label ?? kind;

function ChatChannels({ initial, events, requireHttps }: { initial: ChatChannel[]; events: EventChoice[]; requireHttps: boolean }) {
  const client = useQueryClient();
  const list = useQuery({ queryKey: queryKeys.integrations.channels, queryFn: integrationsApi.channels, initialData: initial });
  const [kind, setKind] = useState<"slack" | "discord">("slack");
  const [url, setUrl] = useState("");
  const [chosen, setChosen] = useState<WebhookEvent[]>([]);
  const [includeNames, setIncludeNames] = useState(false);
  const [local, setLocal] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  const submit = useSubmit();
  const removal = useSubmit();
  const errors = { ...submit.fieldErrors, ...local };
  const labels = Object.fromEntries(events.map((e) => [e.value, e.label]));
  const refresh = () => client.invalidateQueries({ queryKey: queryKeys.integrations.channels });

  async function add(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    const found = formErrors(url, chosen);
    setLocal(found);
    if (Object.keys(found).length) return;
    const ok = await submit.run(
      () => integrationsApi.addChannel({ kind, url: url.trim(), events: chosen, include_names: includeNames }),
      t("Error adding the channel."),
    );
    if (ok) {
      setUrl("");
      setChosen([]);
      setIncludeNames(false);
      setDone(t("Channel added: its first notice comes within a minute of the next event."));
      void refresh();
    }
  }

  async function remove(channel: ChatChannel) {
    setDone(null);
    const ok = await removal.run(() => integrationsApi.removeChannel(channel.id), t("Error removing the channel."));
    if (ok) void refresh();
  }

  return (
    <section className="card stack" aria-labelledby="chat-title">
      <h2 id="chat-title">{t("Slack and Discord notices")}</h2>
      <p className="muted">
        {t(
          "A one-line notice of counts, such as “42 confirmed · 3 checked in”, at most once a minute. Names are listed only if you tick it.",
        )}
      </p>
      <form className="stack" onSubmit={add} noValidate aria-label={t("Add a channel")}>
        <SelectField label={t("Service")} choices={KINDS} value={kind} onChange={(e) => setKind(e.target.value as "slack" | "discord")} />
        <Field
          label={t("Incoming-webhook URL")}
          type="url"
          autoComplete="off"
          spellCheck={false}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          error={errors.url && t(errors.url)}
          hint={requireHttps ? t("The https:// address the service gave you for the channel.") : t("The address the service gave you for the channel.")}
        />
        <EventsFieldset legend={t("Count these events")} events={events} chosen={chosen} setChosen={setChosen} error={errors.events} />
        <OptIn
          label={t("List the names of the people counted")}
          hint={t("Off, a notice carries counts and nothing personal.")}
          checked={includeNames}
          onChange={setIncludeNames}
        />
        <AddButton submit={submit} label={t("Add Channel")} />
      </form>
      {done ? <Alert kind="success">{done}</Alert> : null}
      {removal.error ? <Alert kind="error">{removal.error}</Alert> : null}
      {list.data.length === 0 ? <p className="muted">{t("No channels yet.")}</p> : null}
      <ul className="org-rows" aria-label={t("Channels")}>
        {list.data.map((channel) => (
          <li key={channel.id} className="org-row wh-endpoint">
            <div className="stack wh-endpoint__main">
              <span className="org-row__main">
                <span className="badge">{serviceName(channel.kind)}</span>
                <code className="org-break">{channel.url}</code>
              </span>
              <EventBadges events={channel.events} labels={labels} personal={channel.include_names ? t("with names") : null} />
              {channel.last_error ? (
                <span className="muted org-break">{t("Last notice failed: {error}", { error: channel.last_error })}</span>
              ) : null}
            </div>
            <button
              type="button"
              className="button button--secondary button--small"
              onClick={() => void remove(channel)}
              disabled={removal.busy}
              aria-label={t("Remove the {service} channel {url}", { service: serviceName(channel.kind), url: channel.url })}
            >
              {t("Remove")}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function AddEndpoint({
  events,
  requireHttps,
  onCreated,
}: {
  events: EventChoice[];
  requireHttps: boolean;
  onCreated: (endpoint: WebhookEndpointCreated) => void;
}) {
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [secret, setSecret] = useState("");
  const [chosen, setChosen] = useState<WebhookEvent[]>([]);
  const [includeEmail, setIncludeEmail] = useState(false);
  const [local, setLocal] = useState<Record<string, string>>({});
  const submit = useSubmit();
  const errors = { ...submit.fieldErrors, ...local };
  const eventsError = errors.events ?? Object.entries(errors).find(([k]) => k.startsWith("events."))?.[1];

  async function add(event: FormEvent) {
    event.preventDefault();
    const found = formErrors(url, chosen);
    setLocal(found);
    if (Object.keys(found).length) return;
    const ok = await submit.run(async () => {
      const endpoint = await integrationsApi.create({
        url: url.trim(),
        events: chosen,
        secret,
        description,
        include_email: includeEmail,
      });
      onCreated(endpoint);
    }, t("Error adding the endpoint."));
    if (ok) {
      setUrl("");
      setDescription("");
      setSecret("");
      setChosen([]);
      setIncludeEmail(false);
    }
  }

  return (
    <form className="card stack" onSubmit={add} noValidate aria-labelledby="wh-add-title">
      <h2 id="wh-add-title">{t("Add an endpoint")}</h2>
      <Field
        label={t("Endpoint URL")}
        type="url"
        autoComplete="off"
        spellCheck={false}
        value={url}
        onChange={(e) => setUrl(e.target.value)}
        error={errors.url && t(errors.url)}
        hint={requireHttps ? t("An https:// address on the public internet.") : t("An http:// or https:// address on the public internet.")}
      />
      <Field label={t("Description (optional)")} value={description} onChange={(e) => setDescription(e.target.value)}
        error={errors.description && t(errors.description)}
      />
      <EventsFieldset legend={t("Events")} events={events} chosen={chosen} setChosen={setChosen} error={eventsError} />
      <Field
        label={t("Signing secret (optional)")}
        autoComplete="off"
        spellCheck={false}
        value={secret}
        onChange={(e) => setSecret(e.target.value)}
        error={errors.secret && t(errors.secret)}
        hint={t("Leave empty to have one made; it is shown once.")}
      />
      <OptIn
        label={t("Include the applicant's email")}
        hint={t("Off, a payload carries ids and statuses only.")}
        checked={includeEmail}
        onChange={setIncludeEmail}
      />
      <AddButton submit={submit} label={t("Add Endpoint")} />
    </form>
  );
}

/** The events a channel or an endpoint is told of, one checkbox each; both forms pick them alike. */
function EventsFieldset({
  legend,
  events,
  chosen,
  setChosen,
  error,
}: {
  legend: string;
  events: EventChoice[];
  chosen: WebhookEvent[];
  setChosen: Dispatch<SetStateAction<WebhookEvent[]>>;
  error: string | undefined;
}) {
  const legendId = useId();
  return (
    <fieldset className="org-section" aria-describedby={error ? `${legendId}-error` : undefined}>
      <legend id={legendId}>{legend}</legend>
      {events.map((choice) => (
        <CheckRow
          key={choice.value}
          label={choice.label}
          hint={choice.value}
          checked={chosen.includes(choice.value)}
          onChange={(on) => setChosen((list) => toggleEvent(list, choice.value, on, events))}
        />
      ))}
      {error ? (
        <p id={`${legendId}-error`} className="field__error" role="alert">
          {t(error)}
        </p>
      ) : null}
    </fieldset>
  );
}

/** An opt-in to sending something personal, off by default, with what "off" means beside it. */
function OptIn({ label, hint, checked, onChange }: { label: string; hint: string; checked: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <div className="org-check">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <label htmlFor={id}>{label}</label>
      <span className="muted org-check__hint">{hint}</span>
    </div>
  );
}

/** The end of both add forms: the request's error when no field holds it, and the button. */
function AddButton({ submit, label }: { submit: Submit; label: string }) {
  return (
    <>
      {submit.error && !Object.keys(submit.fieldErrors).length ? <Alert kind="error">{submit.error}</Alert> : null}
      <div>
        <button type="submit" className="button" disabled={submit.busy}>
          {submit.busy ? t("Adding…") : label}
        </button>
      </div>
    </>
  );
}

/** What a channel or an endpoint is told of, a badge an event, and what personal data it carries. */
function EventBadges({ events, labels, personal }: { events: WebhookEvent[]; labels: Record<string, string>; personal: string | null }) {
  return (
    <span className="org-row__main">
      {events.map((e) => (
        <span key={e} className="badge">
          {labels[e] ?? e}
        </span>
      ))}
      {personal ? <span className="badge">{personal}</span> : null}
    </span>
  );
}

function CheckRow({ label, hint, checked, onChange }: { label: string; hint: string; checked: boolean; onChange: (on: boolean) => void }) {
  const id = useId();
  return (
    <div className="org-check">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={`${id}-hint`} />
      <label htmlFor={id}>{label}</label>
      <code id={`${id}-hint`} className="muted org-check__hint">
        {hint}
      </code>
    </div>
  );
}

function EndpointRow({ endpoint, events, onChange }: { endpoint: WebhookEndpoint; events: EventChoice[]; onChange: () => void }) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const removal = useSubmit();
  const labels = Object.fromEntries(events.map((e) => [e.value, e.label]));
  const name = endpoint.description || endpoint.url;

  async function remove() {
    const ok = await removal.run(() => integrationsApi.remove(endpoint.id), t("Error removing the endpoint."));
    setConfirming(false);
    if (ok) onChange();
  }

  return (
    <li className="org-row wh-endpoint">
      <div className="stack wh-endpoint__main">
        <span className="org-row__main">
          <code className="org-break">{endpoint.url}</code>
          {endpoint.description ? <span className="muted">{endpoint.description}</span> : null}
        </span>
        <EventBadges events={endpoint.events} labels={labels} personal={endpoint.include_email ? t("with email") : null} />
        <span className="muted">
          {t("{counts} · secret {hint}", { counts: countsLine(endpoint), hint: endpoint.secret_hint })}
        </span>
        {removal.error ? <Alert kind="error">{removal.error}</Alert> : null}
        {open ? <FailedDeliveries endpoint={endpoint} onChange={onChange} /> : null}
      </div>
      <div className="wh-endpoint__actions">
        <button type="button" className="button button--secondary button--small" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
          {open ? t("Hide failures") : t("Failures ({n})", { n: endpoint.failed })}
        </button>
        <button
          type="button"
          className="button button--secondary button--small"
          onClick={() => setConfirming(true)}
          disabled={removal.busy}
          aria-label={t("Remove {name}", { name })}
        >
          {t("Remove")}
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title={t("Remove this endpoint?")}
        confirmLabel={t("Remove endpoint")}
        busyLabel={t("Removing…")}
        busy={removal.busy}
        danger
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      >
        <p>
          {t.plural(endpoint.pending, {
            one: "{url} gets no more events, and its {count} waiting delivery is dropped.",
            other: "{url} gets no more events, and its {count} waiting deliveries are dropped.",
          }, { url: endpoint.url })}
        </p>
      </ConfirmDialog>
    </li>
  );
}

function FailedDeliveries({ endpoint, onChange }: { endpoint: WebhookEndpoint; onChange: () => void }) {
  const query = useQuery({
    queryKey: queryKeys.integrations.deliveries(endpoint.id, "failed"),
    queryFn: () => integrationsApi.deliveries(endpoint.id, "failed"),
  });
  const resend = useSubmit();
  const [done, setDone] = useState<string | null>(null);

  async function again(id: number, webhookId: string) {
    setDone(null);
    const ok = await resend.run(() => integrationsApi.resend(id), t("Error sending it again."));
    if (ok) {
      setDone(t("{id} is queued again.", { id: webhookId }));
      onChange();
    }
  }

  if (query.isPending) return <p className="muted" aria-busy="true">{t("Loading the failed deliveries…")}</p>;
  if (query.isError) return <Alert kind="error">{t("Error fetching the failed deliveries.")}</Alert>;
  return (
    <div className="stack wh-failures">
      {done ? <Alert kind="success">{done}</Alert> : null}
      {resend.error ? <Alert kind="error">{resend.error}</Alert> : null}
      {query.data.length === 0 ? <p className="muted">{t("No failed deliveries.")}</p> : null}
      <ul className="org-rows" aria-label={t("Failed deliveries to {url}", { url: endpoint.url })}>
        {query.data.map((d) => (
          <li key={d.id} className="org-row">
            <div className="stack wh-failure">
              <p>
                <code>{d.webhook_id}</code> {deliveryLine(d)}
              </p>
              {d.last_error ? <p className="muted org-break">{d.last_error}</p> : null}
            </div>
            <button
              type="button"
              className="button button--small"
              onClick={() => void again(d.id, d.webhook_id)}
              disabled={resend.busy}
              aria-label={t("Re-send {id}", { id: d.webhook_id })}
            >
              {t("Re-send")}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
