// /admin/users/<email>: one application, its decision, resume, team, its answers (a read-only
// summary first, the editable form behind Edit) and history.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { ApplicationAnswers } from "../../components/application/answers";
import { organizerApi, type Application, type HistoryEntry, type QuestionSection } from "../../api/organizer";
import { ApiError } from "../../lib/api";
import { queryKeys } from "../../lib/query-keys";
import { Alert } from "../../components/alert";
import { CenteredSpinner } from "../../components/centered-spinner";
import { ApplicantSummary, DecisionAndFiles, HistoryTable } from "../../components/application/applicant-parts";
import { ApplicationEditor } from "./application-editor";
import { PageHeader } from "../../components/page-header";
import { type Choice } from "../../components/field";
import { ResumeAccessLog, type ResumeAccessEntry } from "./resume-access-log";
import { RsvpAnswers, type RsvpAnswerRow } from "./rsvp-answers";
import { t } from "../../lib/i18n";
import { fromPage } from "../../lib/query";

interface Props {
  email: string;
  decisions: Choice[];
  /** Rendered by the server: the application (null when there is none), questions and history. */
  application?: Application | null;
  sections?: QuestionSection[];
  history?: HistoryEntry[];
  /** Who downloaded the resume (the server's access log). */
  resumeAccess?: ResumeAccessEntry[];
  /** What they answered when confirming (null: not yet); absent when the server didn't say. */
  rsvp?: RsvpAnswerRow[] | null;
}

/** The school and country suggestions only help the editor; without them it still works. */
function useSuggestions(key: readonly string[], load: () => Promise<string[]>): string[] {
  const query = useQuery({ queryKey: key, queryFn: load });
  return query.data ?? [];
}

export function ApplicantDetail({
  email,
  decisions,
  application: initialApplication,
  sections: initialSections,
  history: initialHistory,
  resumeAccess,
  rsvp,
}: Props) {
  const queryClient = useQueryClient();
  // What the server rendered with the page is fresh: no second request for it on arrival.
  const applicationQuery = useQuery({
    queryKey: queryKeys.applications.one(email),
    queryFn: () => organizerApi.application(email),
    ...fromPage(initialApplication ?? undefined),
    // The server said there is none: nothing to ask.
    enabled: initialApplication !== null,
  });
  const sectionsQuery = useQuery({
    queryKey: queryKeys.questions,
    queryFn: organizerApi.questions,
    ...fromPage(initialSections),
    enabled: initialApplication !== null,
  });
  const historyQuery = useQuery({
    queryKey: queryKeys.applications.history(email),
    queryFn: () => organizerApi.history(email),
    ...fromPage(initialHistory),
    enabled: initialApplication !== null,
  });
  const schools = useSuggestions(queryKeys.schools, organizerApi.schools);
  // The answers read as a summary; Edit opens the form in their place.
  const [editing, setEditing] = useState(false);
  const [savedNote, setSavedNote] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const countries = useSuggestions(queryKeys.countries, organizerApi.countries);

  const header = <PageHeader title={t("Application")} back={{ href: "/admin/users", label: t("Applications") }} />;

  const missing =
    initialApplication === null ||
    (applicationQuery.error instanceof ApiError && applicationQuery.error.status === 404);
  if (missing || applicationQuery.isError || sectionsQuery.isError) {
    return (
      <div className="stack">
        {header}
        <Alert kind="error">
          {missing
            ? t("No application for {email} in the current cycle.", { email })
            : t("Error fetching the application. Please reload the page.")}
        </Alert>
      </div>
    );
  }
  const application = applicationQuery.data;
  const sections = sectionsQuery.data;
  if (application === undefined || sections === undefined) {
    return (
      <div className="stack">
        {header}
        <CenteredSpinner label={t("Loading the application…")} />
      </div>
    );
  }
  const history = historyQuery.data ?? null;
  const historyFailed = historyQuery.isError;

  return (
    <div className="stack">
      {header}
      <ApplicantSummary application={application} />
      <DecisionAndFiles application={application} decisions={decisions} />
      {rsvp !== undefined ? <RsvpAnswers rows={rsvp} /> : null}
      <section className="card stack" aria-labelledby="application-title">
        <div className="org-answers-head">
          <h2 id="application-title">{editing ? t("Edit the application") : t("Answers")}</h2>
          <button
            ref={editButton}
            type="button"
            className="button button--secondary"
            aria-expanded={editing}
            onClick={() => {
              setEditing((open) => !open);
              setSavedNote(false);
            }}
          >
            {editing ? t("Close the editor") : t("Edit")}
          </button>
        </div>
        {savedNote && !editing ? <Alert kind="success">{t("Application saved.")}</Alert> : null}
        {editing ? (
          <ApplicationEditor
            application={application}
            sections={sections}
            schools={schools}
            countries={countries}
            onSaved={(saved) => {
              queryClient.setQueryData<Application>(queryKeys.applications.one(email), (current) =>
                current ? { ...current, ...saved } : current,
              );
              void queryClient.invalidateQueries({ queryKey: queryKeys.applications.history(email) });
              // Back to the summary, which now reads the saved answers.
              setEditing(false);
              setSavedNote(true);
              editButton.current?.focus();
            }}
          />
        ) : (
          <ApplicationAnswers application={application} sections={sections} />
        )}
      </section>
      <section className="card stack" aria-labelledby="history-title">
        <h2 id="history-title">{t("History")}</h2>
        {historyFailed ? <Alert kind="error">{t("Error fetching the history.")}</Alert> : null}
        {history === null && !historyFailed ? <p className="muted">{t("Loading the history…")}</p> : null}
        {history !== null ? <HistoryTable entries={history} /> : null}
      </section>
      {resumeAccess ? <ResumeAccessLog entries={resumeAccess} /> : null}
    </div>
  );
}
