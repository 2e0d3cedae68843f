// /admin/reviewapps/<index>: the reviewer's index-th assignment, with Previous / Next, the
// application and the scoring panel. Organizers also get the review status and the decision form;
// a reviewer (role reviewer) only reads and scores. In blind mode the identity is left out.
import { useQuery } from "@tanstack/react-query";
import { useCallback, useState, type MouseEvent } from "react";
import { organizerApi, type Application, type QuestionSection, type ReviewStatus } from "../../api/organizer";
import type { OwnReview } from "../../api/reviews";
import { Alert } from "../../components/alert";
import { BackLink } from "../../components/back-link";
import { CenteredSpinner } from "../../components/centered-spinner";
import { queryKeys } from "../../lib/query-keys";
import { useSubmit } from "../../lib/use-submit";
import { reviewsApi } from "../../api/reviews";
import { saveFile } from "../../lib/save-file";
import { BLIND_NOTE, ScoringPanel, type MoveKind } from "./scoring-panel";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { indexAfterMove } from "./state";
import { ApplicantSummary, DecisionAndFiles } from "../../components/application/applicant-parts";
import { ApplicationAnswers } from "../../components/application/answers";
import { SelectField, type Choice } from "../../components/field";
import { serverMessage } from "../../lib/api";
import { t } from "../../lib/i18n";

export const NO_MORE = t.noop("No More to Review");
export const NOT_MARKED = t.noop("The decision is saved, but the review could not be marked Complete: set the review status above.");

interface Props {
  reviewer: string;
  index: number;
  reviewStatuses: Choice[];
  decisions: Choice[];
  /** Rendered by the server: the index-th assignment, its application and the questions. */
  item?: { email: string; status?: string; application_id?: number };
  application?: Application | null;
  sections?: QuestionSection[];
  /** The caller's own review of this application (null before the first score). */
  review?: OwnReview | null;
  /** The cycle reviews blind: the server left out name, email, school, team and demographics. */
  blind?: boolean;
  /** Organizers also decide and set the review status; reviewers only score. Defaults to true
   * (the page's original audience). */
  isOrganizer?: boolean;
  /** After a decision is saved and the review marked Complete; reloads the page by default. */
  onDecided?: () => void;
  /** Opens another page (Previous, Next, the list, the next application after a skip); the
   *  browser's own navigation by default. */
  navigate?: (href: string) => void;
}

export const UNSAVED_TITLE = t.noop("Leave without saving your review?");

// What a skip or a conflict said, carried to the next application's page (which the page then
// opens): read once there and forgotten.
const MOVED_NOTICE_KEY = "review-moved-notice";

function takeMovedNotice(): string | null {
  try {
    const text = window.sessionStorage.getItem(MOVED_NOTICE_KEY);
    window.sessionStorage.removeItem(MOVED_NOTICE_KEY);
    return text;
  } catch {
    return null; // storage refused (private mode): the next page simply opens
  }
}

type State =
  | { state: "loading" }
  | { state: "end" }
  | { state: "error" }
  | {
      state: "done";
      email: string;
      application: Application;
      sections: QuestionSection[];
      applicationId?: number;
      status?: string;
    };

/** The resume for reviewers (and organizers in blind mode): fetched by application id, so no
 *  address is needed or shown. Organizers otherwise have it with the decision form. */
function ReviewerResume({ applicationId }: { applicationId: number }) {
  const { busy, error, run } = useSubmit();
  return (
    <section className="card stack" aria-labelledby="resume-title">
      <h2 id="resume-title">{t("Resume")}</h2>
      <div>
        <button
          type="button"
          className="button button--secondary"
          disabled={busy}
          onClick={() => run(async () => saveFile(await reviewsApi.resume(applicationId)), t("Could not download the resume."))}
        >
          {busy ? t("Downloading…") : t("Download Resume")}
        </button>
      </div>
      {error ? <Alert kind="error">{error}</Alert> : null}
    </section>
  );
}

/** The way back to the list of one's own assignments: the words of a reviewer's page, with no
 *  mention of the organizers' user pages, which a reviewer can't open. */
export const BACK_TO_REVIEWS = t.noop("Back to my reviews");

function Navigation({
  index,
  next,
  bottom = false,
  onLeave,
}: {
  index: number;
  next: boolean;
  bottom?: boolean;
  /** Called with the link's address before the browser follows it; preventDefault holds it back. */
  onLeave: (event: MouseEvent<HTMLAnchorElement>, href: string) => void;
}) {
  // The bar repeats at the foot of a long application: a landmark name of its own tells the two apart.
  const link = (href: string) => ({ href, onClick: (event: MouseEvent<HTMLAnchorElement>) => onLeave(event, href) });
  return (
    <nav className="org-review-nav" aria-label={bottom ? t("Review navigation, end of page") : t("Review navigation")}>
      <BackLink href="/admin/reviewapps" label={t(BACK_TO_REVIEWS)} />
      <span className="org-review-nav__steps">
        {index > 0 ? (
          <a className="button button--secondary" {...link(`/admin/reviewapps/${index - 1}`)}>
            {t("Previous")}
          </a>
        ) : null}
        {next ? (
          <a className="button" {...link(`/admin/reviewapps/${index + 1}`)}>
            {t("Next")}
          </a>
        ) : null}
      </span>
    </nav>
  );
}

function initialState(item: Props["item"], application: Props["application"], sections: Props["sections"]): State {
  if (!item) return { state: "loading" };
  if (item.email === "dne") return { state: "end" };
  if (application && sections)
    return { state: "done", email: item.email, application, sections, applicationId: item.application_id };
  return { state: "loading" };
}

export function ReviewDetail({
  reviewer,
  index,
  reviewStatuses,
  decisions,
  onDecided,
  review,
  blind = false,
  isOrganizer = true,
  navigate = (href: string) => window.location.assign(href),
  ...initial
}: Props) {
  // A picked score not yet saved: Previous and Next ask before dropping it.
  const [unsaved, setUnsaved] = useState(false);
  const [leaving, setLeaving] = useState<string | null>(null);
  const onUnsavedChange = useCallback((value: boolean) => setUnsaved(value), []);
  function onLeave(event: MouseEvent<HTMLAnchorElement>, href: string) {
    // A modified click (new tab, new window) leaves this page and its scores as they are.
    if (!unsaved || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setLeaving(href);
  }
  const leaveDialog = (
    <ConfirmDialog
      open={leaving !== null}
      title={t(UNSAVED_TITLE)}
      confirmLabel={t("Leave without saving")}
      cancelLabel={t("Stay and save")}
      onConfirm={() => {
        const href = leaving;
        setLeaving(null);
        if (href) navigate(href);
      }}
      onCancel={() => setLeaving(null)}
    >
      <p>{t("You picked scores or wrote a comment that are not saved. Leaving drops them.")}</p>
    </ConfirmDialog>
  );
  const [movedNotice] = useState(takeMovedNotice);
  const onMoved = useCallback(
    (kind: MoveKind, notice: string) => {
      try {
        window.sessionStorage.setItem(MOVED_NOTICE_KEY, notice);
      } catch {
        // Without storage the next page opens without the notice.
      }
      navigate(`/admin/reviewapps/${indexAfterMove(kind, index)}`);
    },
    [navigate, index],
  );
  const movedAlert = movedNotice ? <Alert kind="success">{movedNotice}</Alert> : null;
  const fromProps = initialState(initial.item, initial.application, initial.sections);
  // Without the server-rendered props (they are usually there), an organizer's page looks the
  // position up by the organizers' email routes. A reviewer has no such route (they address
  // applications by id only, and the server renders their application), so theirs says reload.
  const lookUp = isOrganizer && !blind;
  const query = useQuery({
    queryKey: queryKeys.reviews.position(reviewer, index),
    enabled: fromProps.state === "loading" && lookUp,
    queryFn: async (): Promise<State> => {
      const item = await organizerApi.applicationIndex(reviewer, index);
      if (item.email === "dne") return { state: "end" };
      const [application, sections] = await Promise.all([organizerApi.application(item.email), organizerApi.questions()]);
      return { state: "done", email: item.email, application, sections, status: item.status };
    },
  });
  const load: State =
    fromProps.state !== "loading"
      ? fromProps
      : !lookUp || query.isError
        ? { state: "error" }
        : (query.data ?? { state: "loading" });
  const [statusChoice, setReviewStatus] = useState<string | null>(null);
  const reviewStatus = statusChoice ?? initial.item?.status ?? (load.state === "done" ? load.status : undefined) ?? "to_review";
  const [statusMessage, setStatusMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function changeReviewStatus(value: string) {
    if (load.state !== "done") return;
    const previous = reviewStatus;
    setReviewStatus(value);
    setStatusMessage(null);
    try {
      await organizerApi.changeReviewStatus(reviewer, load.email, value as ReviewStatus);
      setStatusMessage({ ok: true, text: t("Review status saved.") });
    } catch (e) {
      setReviewStatus(previous);
      setStatusMessage({ ok: false, text: serverMessage(e, t("Error saving the review status.")) });
    }
  }

  /** Deciding is reviewing: a saved decision marks this review Complete, then the page reloads. */
  async function decisionSaved() {
    if (load.state !== "done") return;
    try {
      await organizerApi.changeReviewStatus(reviewer, load.email, "complete");
    } catch {
      throw new Error(t(NOT_MARKED)); // the decision form shows it beside the Save button
    }
    (onDecided ?? (() => window.location.reload()))();
  }

  // Blind, the list names each row by its application's number (review-list.tsx), not by a name
  // or address: the page is headed the same, so a row and its page don't read as two numbers.
  const title = (
    <h1>
      {blind && initial.item?.application_id
        ? t("Application #{number}", { number: initial.item.application_id })
        : t("Review {number}", { number: index + 1 })}
    </h1>
  );
  if (load.state === "loading") {
    return (
      <div className="stack">
        {title}
        <CenteredSpinner label={t("Loading the application…")} />
      </div>
    );
  }
  if (load.state === "end") {
    return (
      <div className="stack">
        <Navigation index={index} next={false} onLeave={onLeave} />
        {movedAlert}
        <section className="card org-done">
          <h1>{t(NO_MORE)}</h1>
          <p className="muted">{t("You have reached the end of the applications assigned to you.")}</p>
        </section>
      </div>
    );
  }
  if (load.state === "error") {
    return (
      <div className="stack">
        <Navigation index={index} next={false} onLeave={onLeave} />
        {title}
        <Alert kind="error">{t("Error fetching this application. Please reload the page.")}</Alert>
      </div>
    );
  }

  const { application, sections, applicationId } = load;
  return (
    <div className="stack">
      <Navigation index={index} next onLeave={onLeave} />
      {movedAlert}
      <div className="org-review-head">
        {title}
        {/* The review status is set by address (an organizers' route); in blind mode the page has no
            address, and scoring marks the review complete anyway. */}
        {isOrganizer && !blind ? (
          <div className="org-review-status">
            <SelectField
              label={t("Review status")}
              choices={reviewStatuses}
              value={reviewStatus}
              onChange={(e) => changeReviewStatus(e.target.value)}
            />
          </div>
        ) : null}
      </div>
      {statusMessage ? <Alert kind={statusMessage.ok ? "success" : "error"}>{statusMessage.text}</Alert> : null}
      {blind ? (
        <p className="badge rv-blind" role="note">
          {t(BLIND_NOTE)}
        </p>
      ) : (
        <ApplicantSummary application={application} />
      )}
      {/* The application on the left, the score form beside it (sticky on a wide screen, so it
          stays in view while the reviewer reads); on a narrow screen the form follows the answers. */}
      <div className="rv-layout">
        <div className="stack rv-layout__main">
          <section className="card stack" aria-labelledby="answers-title">
            <h2 id="answers-title">{t("Application details")}</h2>
            <ApplicationAnswers application={application} sections={sections} blind={blind} />
          </section>
          {applicationId !== undefined && !(isOrganizer && !blind) ? <ReviewerResume applicationId={applicationId} /> : null}
          {isOrganizer && !blind ? (
            <DecisionAndFiles
              application={application}
              decisions={decisions}
              statusLabel={t("Accept / Reject Hacker")}
              onSaved={decisionSaved}
              decisionHint={t("Saving a decision marks this review Complete.")}
            >
              <p>
                <a href={`/admin/users/${encodeURIComponent(application.email)}`}>{t("Open the full application page")}</a>
              </p>
            </DecisionAndFiles>
          ) : null}
        </div>
        {applicationId !== undefined ? (
          <div className="rv-layout__side">
            <ScoringPanel
              applicationId={applicationId}
              initial={review ?? undefined}
              onMoved={onMoved}
              onUnsavedChange={onUnsavedChange}
            />
          </div>
        ) : null}
      </div>
      <Navigation index={index} next bottom onLeave={onLeave} />
      {leaveDialog}
    </div>
  );
}
