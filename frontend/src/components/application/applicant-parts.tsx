// Pieces of an applicant's page shared by /admin/users/<email> and the review detail.
import { useQuery } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { organizerApi, saveResume, type Application, type HistoryEntry } from "../../api/organizer";
import { Alert } from "../alert";
import { DataTable, type DataColumn } from "../data-table";
import { queryKeys } from "../../lib/query-keys";
import { useSubmit } from "../../lib/use-submit";
import { statusWord, yesNo } from "../../lib/text";
import { type Choice } from "../field";
import { DecisionForm } from "./decision-form";
import { formatDate, t } from "../../lib/i18n";

/** Name, email, current status, travel and housing. */
export function ApplicantSummary({ application }: { application: Application }) {
  const name = `${application.first} ${application.last}`.trim() || t("No name given");
  return (
    <section className="card org-summary" aria-labelledby="applicant-name">
      <h2 id="applicant-name" className="org-summary__name">
        {name}
      </h2>
      <dl className="org-facts">
        <div>
          <dt>{t("Email")}</dt>
          <dd className="org-break">{application.email}</dd>
        </div>
        <div>
          <dt>{t("Current status")}</dt>
          <dd>
            <span className={`badge status status--${application.status}`}>{statusWord(application.status)}</span>
          </dd>
        </div>
        <div>
          <dt>{t("Travel reimbursement")}</dt>
          <dd>{yesNo(application.travel_reimbursement)}</dd>
        </div>
        <div>
          <dt>{t("Housing accommodations")}</dt>
          <dd>{yesNo(application.housing_accommodations)}</dd>
        </div>
      </dl>
    </section>
  );
}

/** Download Resume: saved as <email>.pdf, with the spec's two messages. */
export const RESUME_MISSING = t.noop("No resume could be downloaded for this email address.");

export function ResumeDownload({ email, label }: { email: string; label?: string }) {
  const { busy, error, run } = useSubmit();
  const [done, setDone] = useState(false);

  async function download() {
    setDone(false);
    // One plain sentence for any failure: the organizer's next step is the same whatever the cause.
    setDone(await run(() => saveResume(email), () => t(RESUME_MISSING)));
  }

  return (
    <div className="stack org-resume">
      <div>
        <button type="button" className="button button--secondary" onClick={download} disabled={busy}>
          {busy ? t("Downloading…") : (label ?? t("Download Resume"))}
        </button>
      </div>
      {done ? <Alert kind="success">{t("Resume downloaded successfully")}</Alert> : null}
      {error ? <Alert kind="error">{error}</Alert> : null}
    </div>
  );
}

/** The team code and links to each teammate's page. */
export function Teammates({ teamcode, self }: { teamcode: string | null; self: string }) {
  const query = useQuery({
    queryKey: queryKeys.applications.teammates(teamcode ?? ""),
    queryFn: () => organizerApi.teammates(teamcode ?? ""),
    enabled: Boolean(teamcode),
  });
  const emails = query.data ?? null;
  const failed = query.isError;

  if (!teamcode) {
    return (
      <div className="org-team">
        <h3>{t("Team")}</h3>
        <p className="muted">{t("No team code.")}</p>
      </div>
    );
  }
  const others = (emails ?? []).filter((e) => e.toLowerCase() !== self.toLowerCase());
  return (
    <div className="org-team">
      <h3>
        {t("Team code")} <span className="org-code">{teamcode}</span>
      </h3>
      {failed ? <p className="field__error">{t("Teammates could not be loaded.")}</p> : null}
      {!failed && emails === null ? <p className="muted">{t("Loading teammates…")}</p> : null}
      {emails !== null && others.length === 0 ? <p className="muted">{t("No teammates have joined yet.")}</p> : null}
      {others.length ? (
        <ul className="org-list" aria-label={t("Teammates")}>
          {others.map((email) => (
            <li key={email}>
              <a href={`/admin/users/${encodeURIComponent(email)}`}>{email}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function show(field: string, value: string | null): string {
  // A field set for the first time has no `from` (null), one cleared has an empty `to`.
  if (value === "" || value === null) return "—";
  if (field === "status") return statusWord(value);
  if (value === "True" || value === "true") return t("Yes");
  if (value === "False" || value === "false") return t("No");
  return value;
}

export function formatWhen(at: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  return formatDate(date, { dateStyle: "medium", timeStyle: "short" });
}

// Built as the table renders: the headers are in the page's language.
const historyColumns = (): DataColumn<HistoryEntry>[] => [
  { id: "at", header: t("When"), size: 170, cell: (entry) => formatWhen(entry.at) },
  { id: "actor", header: t("Who"), size: 200, className: "org-break", cell: (entry) => entry.actor || entry.by || t("System") },
  // The server names the field (an answer by its question's text): the question set, where
  // those texts live, is on its side.
  { id: "field", header: t("Field"), size: 200, cell: (entry) => entry.label },
  { id: "from", header: t("From"), size: 180, className: "org-break", cell: (entry) => show(entry.field, entry.from) },
  { id: "to", header: t("To"), size: 180, className: "org-break", cell: (entry) => show(entry.field, entry.to) },
];

/** Every decision and organizer edit, newest first. */
export function HistoryTable({ entries }: { entries: HistoryEntry[] }) {
  const [columns] = useState(historyColumns);
  if (!entries.length) return <p className="muted">{t("No changes recorded yet.")}</p>;
  return (
    <DataTable
      caption={t("History of this application, newest first")}
      columns={columns}
      data={entries}
      rowId={(entry, i) => `${entry.at}-${entry.field}-${i}`}
      className="org-history"
    />
  );
}

/** The two cards both applicant pages share: the decision form, and the resume and team. */
export function DecisionAndFiles({
  application,
  decisions,
  statusLabel,
  onSaved,
  decisionHint,
  children,
}: {
  application: Application;
  decisions: Choice[];
  statusLabel?: string;
  /** After the decision is saved (the review page marks the review Complete); reloads by default. */
  onSaved?: () => void | Promise<void>;
  /** A line under the decision heading (the review page: saving also completes the review). */
  decisionHint?: string;
  /** Extra lines under the team (the review page links to the full application page). */
  children?: ReactNode;
}) {
  return (
    <div className="org-columns">
      <section className="card stack" aria-labelledby="decision-title">
        <h2 id="decision-title">{t("Record a decision")}</h2>
        {decisionHint ? <p className="field__hint">{decisionHint}</p> : null}
        <DecisionForm
          email={application.email}
          decisions={decisions}
          statusLabel={statusLabel}
          onSaved={onSaved}
          initial={{
            status: application.status,
            travel_reimbursement: application.travel_reimbursement,
            housing_accommodations: application.housing_accommodations,
          }}
        />
      </section>
      <section className="card stack" aria-labelledby="files-title">
        <h2 id="files-title">{t("Resume and team")}</h2>
        <ResumeDownload email={application.email} />
        <Teammates teamcode={application.teamcode} self={application.email} />
        {children}
      </section>
    </div>
  );
}
