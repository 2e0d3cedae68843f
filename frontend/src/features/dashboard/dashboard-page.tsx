import { lazy, Suspense, type ReactNode } from "react";
import { dashboardApi, type Rsvp } from "../../api/dashboard";
import { Alert } from "../../components/alert";
import { Spinner } from "../../components/spinner";
import { t } from "../../lib/i18n";
import { ChoiceForm, type Confirmation } from "./choice-form";
import { Confetti } from "./confetti";
import { ConfirmationDetails } from "./confirmation-details";
import { GiveUpSpot } from "./give-up-spot";
import { OfferDeadline } from "./offer-deadline";
import { ProgressTracker } from "./progress-tracker";
import {
  asksRsvp,
  dashboardView,
  hasTicket,
  statusLabel,
  type ApplicationStatus,
  type CycleConfig,
  type CycleStatus,
  type TravelGrant,
} from "./state";

// Parts that only some applicants see, or that sit below the status card, load apart from the
// page (lib/js-budget.test.ts: the page's first download carries the headline and the answers
// it asks for): the RSVP form with the application form's field components, the ticket with
// its calendar feed, the "Your data" card. Each shows a spinner in its place until it is there.
const AttendanceForm = lazy(() => import("./rsvp-form").then((module) => ({ default: module.AttendanceForm })));
const RsvpEditor = lazy(() => import("./rsvp-form").then((module) => ({ default: module.RsvpEditor })));
const TicketCard = lazy(() => import("./ticket-card").then((module) => ({ default: module.TicketCard })));
const PrivacyPanel = lazy(() => import("./privacy-panel").then((module) => ({ default: module.PrivacyPanel })));

/** Declining is final from the portal: the applicant confirms it first. English: shown through t(). */
export const DECLINE_PLACE: Confirmation = {
  title: t.noop("Give up your place?"),
  body: t.noop("Your place will be offered to someone else. Only the organizers can undo this."),
  confirmLabel: t.noop("Yes, decline my place"),
  cancelLabel: t.noop("Keep my place"),
};
export const DECLINE_WAITLIST: Confirmation = {
  title: t.noop("Leave the waitlist?"),
  body: t.noop("You will not be offered a place if one opens up. Only the organizers can undo this."),
  confirmLabel: t.noop("Yes, leave the waitlist"),
  cancelLabel: t.noop("Stay on the waitlist"),
};

/** The "Dashboard" card's words beside the status (English: shown through t()). The server draws
 *  the same card at first paint from them (DASHBOARD_FIRST_PAINT in first-paint.test.ts). */
export const INFO_LABELS = {
  title: t.noop("Dashboard"),
  email: t.noop("Your Info"),
  status: t.noop("Status"),
  teamcode: t.noop("Team Code"),
};

/** A card's place while its code loads: its title, so the page doesn't jump, and a spinner. */
export function CardLoading({ className, title, label }: { className: string; title: string; label: string }) {
  return (
    <section className={className} aria-busy="true">
      <h2 className={`${className.split(" ").pop()}__title`}>{title}</h2>
      <Spinner label={label} />
    </section>
  );
}

/** The page's initial props (apps/applications/pages.py): all the first paint needs. */
export interface DashboardProps {
  email: string;
  status: ApplicationStatus;
  travelReimbursement: boolean;
  /** The standing travel grant, what the reimbursement is up to; null without one. */
  travelGrant?: TravelGrant | null;
  housingAccommodations: boolean;
  teamcode: string | null;
  cycleStatus: CycleStatus;
  config: CycleConfig;
  /** When the open offer lapses (ISO, UTC); null without one. */
  offerDeadline?: string | null;
  /** Whether the applicant shares their resume with sponsors (the "Your data" card's switch). */
  shareResumeWithSponsors?: boolean;
  /** The RSVP form and the answers given (with an offer or a confirmed place); null otherwise. */
  rsvp?: Rsvp | null;
  /** What happens after an answer succeeds; the page reloads by default, so every card shows the new status. */
  onAnswered?: () => void;
  /** Why this account may not apply yet (its address is not a university one), or null. */
  universityEmailNeeded?: string | null;
  /** More cards below the main one, put in by the page's composition (travel support). */
  extra?: ReactNode;
}

function reload() {
  window.location.reload();
}

export function DashboardPage(props: DashboardProps) {
  const { email, status, teamcode, onAnswered = reload } = props;
  const view = dashboardView({
    status,
    cycleStatus: props.cycleStatus,
    travelReimbursement: props.travelReimbursement,
    travelGrant: props.travelGrant,
    housingAccommodations: props.housingAccommodations,
    config: props.config,
    offerDeadline: props.offerDeadline,
  });
  const rsvp = props.rsvp ?? null;
  const rsvpAsked = rsvp !== null && asksRsvp(rsvp.sections);
  const rsvpEditable = rsvpAsked && status === "confirmed" && rsvp.editable;
  const hasActions = Boolean(view.link || view.waitlistForm || view.attendanceForm || view.giveUp || rsvpEditable);

  return (
    <div className="dashboard">
      <aside className="card dashboard__info" aria-labelledby="dashboard-info-title">
        <h2 id="dashboard-info-title" className="dashboard__info-title">
          {t(INFO_LABELS.title)}
        </h2>
        <dl className="dashboard__facts">
          <div>
            <dt>{t(INFO_LABELS.email)}</dt>
            <dd className="dashboard__email">{email}</dd>
          </div>
          <div>
            <dt>{t(INFO_LABELS.status)}</dt>
            <dd>
              <span className={`badge dashboard__status dashboard__status--${status}`}>{statusLabel(status)}</span>
            </dd>
          </div>
          {teamcode ? (
            <div>
              <dt>{t(INFO_LABELS.teamcode)}</dt>
              <dd className="dashboard__teamcode">{teamcode}</dd>
            </div>
          ) : null}
        </dl>
      </aside>

      <section className="card dashboard__main" aria-labelledby="dashboard-headline">
        <h1 id="dashboard-headline" className="dashboard__headline">
          {t(view.headline)}
        </h1>
        <p className="dashboard__message">{view.message}</p>
        {props.universityEmailNeeded ? (
          <Alert kind="info">
            {props.universityEmailNeeded}{" "}
            <a href="/account/sign-in">{t("Add your university email")}</a>
          </Alert>
        ) : null}
        {view.confirmation ? <ConfirmationDetails details={view.confirmation} /> : null}
        {hasTicket(status) ? (
          <Suspense fallback={<CardLoading className="ticket" title={t("Your ticket")} label={t("Loading your ticket…")} />}>
            <TicketCard />
          </Suspense>
        ) : null}

        <ProgressTracker steps={view.tracker} />

        {hasActions ? (
          <div className="dashboard__actions">
            {view.link ? (
              <a className="button" href={view.link.href}>
                {t(view.link.label)}
              </a>
            ) : null}
            {view.waitlistForm ? (
              <ChoiceForm
                legend={t("Would you like to join the waitlist?")}
                onDone={onAnswered}
                choices={[
                  {
                    value: "waitlist_confirmed",
                    label: t("Yes, I would like to be on the waitlist."),
                    submit: dashboardApi.confirmWaitlist,
                  },
                  {
                    value: "declined",
                    label: t("No, I would not like to be on the waitlist."),
                    submit: dashboardApi.decline,
                    confirm: DECLINE_WAITLIST,
                  },
                ]}
              />
            ) : null}
            {view.deadline ? <OfferDeadline deadline={view.deadline} /> : null}
            {view.attendanceForm && rsvpAsked ? (
              <Suspense fallback={<Spinner label={t("Loading the form…")} />}>
                <AttendanceForm
                  sections={rsvp.sections}
                  stored={rsvp.answers}
                  confirm={dashboardApi.confirm}
                  decline={dashboardApi.decline}
                  declineConfirmation={DECLINE_PLACE}
                  onDone={onAnswered}
                />
              </Suspense>
            ) : null}
            {view.attendanceForm && !rsvpAsked ? (
              <ChoiceForm
                legend={t("Will you attend?")}
                onDone={onAnswered}
                choices={[
                  { value: "confirmed", label: t("Yes, I'm looking forward to it!"), submit: () => dashboardApi.confirm() },
                  {
                    value: "declined",
                    label: t("No, unfortunately I can no longer attend."),
                    submit: dashboardApi.decline,
                    confirm: DECLINE_PLACE,
                  },
                ]}
              />
            ) : null}
            {rsvpEditable ? (
              <Suspense fallback={<Spinner label={t("Loading the form…")} />}>
                <RsvpEditor
                  sections={rsvp.sections}
                  stored={rsvp.answers}
                  editUntil={rsvp.edit_until}
                  save={dashboardApi.editRsvp}
                />
              </Suspense>
            ) : null}
            {view.giveUp ? (
              <GiveUpSpot submit={dashboardApi.decline} start={props.config.dates.start} onDone={onAnswered} />
            ) : null}
          </div>
        ) : null}
      </section>
      {props.extra}
      <Suspense fallback={<CardLoading className="card privacy-panel" title={t("Your data")} label={t("Loading…")} />}>
        <PrivacyPanel email={email} status={status} shareResumeWithSponsors={Boolean(props.shareResumeWithSponsors)} />
      </Suspense>
      {view.confetti ? <Confetti /> : null}
    </div>
  );
}
