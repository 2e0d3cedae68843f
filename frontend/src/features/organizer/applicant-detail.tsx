// /admin/users/<email>: one application, its decision, resume, team, editable answers and history.
import { useCallback, useEffect, useState } from "react";
import { organizerApi, type Application, type HistoryEntry, type QuestionSection } from "../../api/organizer";
import { ApiError } from "../../lib/api";
import { Alert } from "../../components/alert";
import { Spinner } from "../../components/spinner";
import { ApplicantSummary, DecisionAndFiles, HistoryTable } from "./applicant-parts";
import { ApplicationEditor } from "./application-editor";
import { PageHeader, type Choice } from "./common";
import { ResumeAccessLog, type ResumeAccessEntry } from "./resume-access-log";

interface Props {
  email: string;
  decisions: Choice[];
  /** Rendered by the server: the application (null when there is none), questions and history. */
  application?: Application | null;
  sections?: QuestionSection[];
  history?: HistoryEntry[];
  /** Who downloaded the resume (the server's access log). */
  resumeAccess?: ResumeAccessEntry[];
}

interface Loaded {
  application: Application;
  sections: QuestionSection[];
}

type State = { state: "loading" } | { state: "missing" } | { state: "error" } | ({ state: "done" } & Loaded);

function initialState(application: Application | null | undefined, sections: QuestionSection[] | undefined): State {
  if (application === null) return { state: "missing" };
  if (application && sections) return { state: "done", application, sections };
  return { state: "loading" };
}

export function ApplicantDetail({
  email,
  decisions,
  application: initialApplication,
  sections,
  history: initialHistory,
  resumeAccess,
}: Props) {
  const [load, setLoad] = useState<State>(() => initialState(initialApplication, sections));
  const [history, setHistory] = useState<HistoryEntry[] | null>(initialHistory ?? null);
  const [historyFailed, setHistoryFailed] = useState(false);
  const [lists, setLists] = useState<{ schools: string[]; countries: string[] }>({ schools: [], countries: [] });

  const loadHistory = useCallback(() => {
    organizerApi
      .history(email)
      .then((entries) => {
        setHistory(entries);
        setHistoryFailed(false);
      })
      .catch(() => setHistoryFailed(true));
  }, [email]);

  useEffect(() => {
    let live = true;
    // The school and country suggestions only help the editor; without them it still works.
    Promise.all([organizerApi.schools().catch(() => []), organizerApi.countries().catch(() => [])]).then(
      ([schools, countries]) => live && setLists({ schools, countries }),
    );
    if (load.state === "loading") {
      Promise.all([organizerApi.application(email), organizerApi.questions()])
        .then(([application, loadedSections]) => {
          if (live) setLoad({ state: "done", application, sections: loadedSections });
        })
        .catch((e: unknown) => {
          if (live) setLoad({ state: e instanceof ApiError && e.status === 404 ? "missing" : "error" });
        });
      loadHistory();
    }
    return () => {
      live = false;
    };
    // Runs once per applicant: later changes come from this page's own saves.
  }, [email]);

  const header = <PageHeader title="Application" back={{ href: "/admin/users", label: "Applications" }} />;

  if (load.state === "loading") {
    return (
      <div className="stack">
        {header}
        <div className="org-center">
          <Spinner label="Loading the application…" />
        </div>
      </div>
    );
  }
  if (load.state === "missing" || load.state === "error") {
    return (
      <div className="stack">
        {header}
        <Alert kind="error">
          {load.state === "missing"
            ? `No application for ${email} in the current cycle.`
            : "Error fetching the application. Please reload the page."}
        </Alert>
      </div>
    );
  }

  const { application } = load;
  return (
    <div className="stack">
      {header}
      <ApplicantSummary application={application} />
      <DecisionAndFiles application={application} decisions={decisions} />
      <section className="card stack" aria-labelledby="application-title">
        <h2 id="application-title">Edit the application</h2>
        <ApplicationEditor
          application={application}
          sections={load.sections}
          schools={lists.schools}
          countries={lists.countries}
          onSaved={(saved) => {
            setLoad({ ...load, application: { ...application, ...saved } });
            loadHistory();
          }}
        />
      </section>
      <section className="card stack" aria-labelledby="history-title">
        <h2 id="history-title">History</h2>
        {historyFailed ? <Alert kind="error">Error fetching the history.</Alert> : null}
        {history === null && !historyFailed ? <p className="muted">Loading the history…</p> : null}
        {history !== null ? <HistoryTable entries={history} /> : null}
      </section>
      {resumeAccess ? <ResumeAccessLog entries={resumeAccess} /> : null}
    </div>
  );
}
