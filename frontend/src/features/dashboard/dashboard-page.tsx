import type { ReactNode } from "react";
import { dashboardApi, type Rsvp } from "../../api/dashboard";
import { Alert } from "../../components/alert";
import { PrivacyPanel } from "./privacy-panel";
import { ChoiceForm, type Confirmation } from "./choice-form";
import { Confetti } from "./confetti";
import { ConfirmationDetails } from "./confirmation-details";
import { GiveUpSpot } from "./give-up-spot";
import { OfferDeadline } from "./offer-deadline";
import { ProgressTracker } from "./progress-tracker";
import { AttendanceForm, RsvpEditor } from "./rsvp-form";
import { asksRsvp } from "./rsvp-state";
import { TicketCard, hasTicket } from "./ticket-card";
import { dashboardView, statusLabel, type ApplicationStatus, type CycleConfig, type CycleStatus } from "./state";

/** Declining is final from the portal: the applicant confirms it first. */
export const DECLINE_PLACE: Confirmation = {
  title: "Give up your place?",
  body: "Your place will be offered to someone else. Only the organizers can undo this.",
  confirmLabel: "Yes, decline my place",
  cancelLabel: "Keep my place",
};
export const DECLINE_WAITLIST: Confirmation = {
  title: "Leave the waitlist?",
  body: "You will not be offered a place if one opens up. Only the organizers can undo this.",
  confirmLabel: "Yes, leave the waitlist",
  cancelLabel: "Stay on the waitlist",
};

/** The page's initial props (apps/applications/pages.py): all the first paint needs. */
export interface DashboardProps {
  email: string;
  status: ApplicationStatus;
  travelReimbursement: boolean;
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
          Dashboard
        </h2>
        <dl className="dashboard__facts">
          <div>
            <dt>Your Info</dt>
            <dd className="dashboard__email">{email}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>
              <span className={`badge dashboard__status dashboard__status--${status}`}>{statusLabel(status)}</span>
            </dd>
          </div>
          {teamcode ? (
            <div>
              <dt>Team Code</dt>
              <dd className="dashboard__teamcode">{teamcode}</dd>
            </div>
          ) : null}
        </dl>
      </aside>

      <section className="card dashboard__main" aria-labelledby="dashboard-headline">
        <h1 id="dashboard-headline" className="dashboard__headline">
          {view.headline}
        </h1>
        <p className="dashboard__message">{view.message}</p>
        {props.universityEmailNeeded ? (
          <Alert kind="info">
            {props.universityEmailNeeded}{" "}
            <a href="/account/sign-in">Add your university email</a>
          </Alert>
        ) : null}
        {view.confirmation ? <ConfirmationDetails details={view.confirmation} /> : null}
        {hasTicket(status) ? <TicketCard /> : null}

        <ProgressTracker steps={view.tracker} />

        {hasActions ? (
          <div className="dashboard__actions">
            {view.link ? (
              <a className="button" href={view.link.href}>
                {view.link.label}
              </a>
            ) : null}
            {view.waitlistForm ? (
              <ChoiceForm
                legend="Would you like to join the waitlist?"
                onDone={onAnswered}
                choices={[
                  {
                    value: "waitlist_confirmed",
                    label: "Yes, I would like to be on the waitlist.",
                    submit: dashboardApi.confirmWaitlist,
                  },
                  {
                    value: "declined",
                    label: "No, I would not like to be on the waitlist.",
                    submit: dashboardApi.decline,
                    confirm: DECLINE_WAITLIST,
                  },
                ]}
              />
            ) : null}
            {view.deadline ? <OfferDeadline deadline={view.deadline} /> : null}
            {view.attendanceForm && rsvpAsked ? (
              <AttendanceForm
                sections={rsvp.sections}
                stored={rsvp.answers}
                confirm={dashboardApi.confirm}
                decline={dashboardApi.decline}
                declineConfirmation={DECLINE_PLACE}
                onDone={onAnswered}
              />
            ) : null}
            {view.attendanceForm && !rsvpAsked ? (
              <ChoiceForm
                legend="Will you attend?"
                onDone={onAnswered}
                choices={[
                  { value: "confirmed", label: "Yes, I'm looking forward to it!", submit: () => dashboardApi.confirm() },
                  {
                    value: "declined",
                    label: "No, unfortunately I can no longer attend.",
                    submit: dashboardApi.decline,
                    confirm: DECLINE_PLACE,
                  },
                ]}
              />
            ) : null}
            {rsvpEditable ? (
              <RsvpEditor
                sections={rsvp.sections}
                stored={rsvp.answers}
                editUntil={rsvp.edit_until}
                save={dashboardApi.editRsvp}
              />
            ) : null}
            {view.giveUp ? (
              <GiveUpSpot submit={dashboardApi.decline} start={props.config.dates.start} onDone={onAnswered} />
            ) : null}
          </div>
        ) : null}
      </section>
      {props.extra}
      <PrivacyPanel email={email} status={status} shareResumeWithSponsors={Boolean(props.shareResumeWithSponsors)} />
      {view.confetti ? <Confetti /> : null}
    </div>
  );
}
