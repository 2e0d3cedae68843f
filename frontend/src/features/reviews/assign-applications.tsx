// /admin/assignapps: give pasted applications to a reviewer (an admin), in ONE request. The
// page also offers the submitted applications that no one reviews yet; drafts can't be
// assigned, so they are never offered (and the server refuses them).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { organizerApi, type BatchResult } from "../../api/organizer";
import { Alert } from "../../components/alert";
import { Field, TextareaField } from "../../components/field";
import { extractEmails } from "../../lib/emails";
import { useSubmit } from "../../lib/use-submit";
import { AutoAssign, type Reviewer } from "./auto-assign";
import { EmailResults } from "../../components/email-results";
import { PageHeader } from "../../components/page-header";
import { reviewsApi } from "../../api/reviews";
import { t } from "../../lib/i18n";
import { queryKeys } from "../../lib/query-keys";

/** The next `count` offered addresses that the list doesn't hold yet. */
export function nextToAdd(offered: string[], text: string, count: number): string[] {
  const listed = new Set(extractEmails(text));
  return offered.filter((email) => !listed.has(email)).slice(0, Math.max(0, count));
}

/** `text` with `emails` added one per line. */
export function withEmails(text: string, emails: string[]): string {
  const kept = text.replace(/\s+$/, "");
  return [kept, ...emails].filter(Boolean).join("\n");
}

export const OFFER_STEP = 25;

interface Props {
  admins: string[];
  /** Organizers and reviewers, for the auto-assign's checkboxes. */
  reviewers?: Reviewer[];
  /** Submitted applications with no reviewer yet, in email order (at most the server's limit). */
  unassigned?: string[];
  /** Whether the server has more than it sent. */
  unassignedMore?: boolean;
}

export function AssignApplications({ admins, reviewers, unassigned = [], unassignedMore = false }: Props) {
  const [member, setMember] = useState("");
  const [emails, setEmails] = useState("");
  // Server-rendered first, then asked again whenever an assignment changes who has a reviewer.
  const queryClient = useQueryClient();
  const unassignedQuery = useQuery({
    queryKey: queryKeys.reviews.unassigned,
    queryFn: reviewsApi.unassigned,
    initialData: { emails: unassigned, more: unassignedMore },
    staleTime: Infinity,
  });
  const offered = unassignedQuery.data.emails;
  const offeredMore = unassignedQuery.data.more;
  const [howMany, setHowMany] = useState(String(Math.min(OFFER_STEP, unassigned.length)));
  const [memberError, setMemberError] = useState<string | null>(null);
  const [result, setResult] = useState<BatchResult | null>(null);
  const { busy, error, setError, run } = useSubmit();
  const found = extractEmails(emails).length;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const reviewer = member.trim().toLowerCase();
    const memberProblem = reviewer ? null : t("Enter the reviewer's email.");
    setMemberError(memberProblem);
    if (memberProblem) return;
    if (!found) {
      setError(t("Paste at least one email address."));
      return;
    }
    setResult(null);
    await run(async () => {
      const outcome = await organizerApi.assign(reviewer, emails);
      setResult(outcome);
      // Assigned now: no longer on offer.
      const done = new Set(outcome.approved);
      queryClient.setQueryData(queryKeys.reviews.unassigned, (data: typeof unassignedQuery.data | undefined) =>
        data ? { ...data, emails: data.emails.filter((email) => !done.has(email)) } : data,
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all });
    }, t("Error assigning applications"));
  }

  const addable = nextToAdd(offered, emails, offered.length).length;
  const count = Math.min(addable, Math.max(0, parseInt(howMany, 10) || 0));

  function addOffered() {
    setEmails((text) => withEmails(text, nextToAdd(offered, text, count)));
  }

  return (
    <div className="stack org-narrow">
      <PageHeader
        back={{ href: "/admin", label: t("Admin Panel") }}
        title={t("Assign Applications for Review")}
        lead={t(
          "Each reviewer works through their assignments in the order given here. Only submitted applications can be assigned: drafts have nothing to review yet.",
        )}
      />
      <AutoAssign reviewers={reviewers ?? admins.map((email) => ({ email, role: "admin" }))} />
      <form className="card stack" onSubmit={submit} noValidate aria-label={t("Assign applications")}>
        <h2>{t("Assign by hand")}</h2>
        <Field
          label={t("Member")}
          type="email"
          list="org-admins"
          autoComplete="off"
          value={member}
          onChange={(e) => setMember(e.target.value)}
          error={memberError}
          hint={t("The email of an organizer or reviewer.")}
        />
        <datalist id="org-admins">
          {admins.map((email) => (
            <option key={email} value={email} />
          ))}
        </datalist>
        <TextareaField
          label={t("Emails")}
          rows={7}
          value={emails}
          onChange={(e) => setEmails(e.target.value)}
          hint={t("Applicants' addresses in any format. {count} found.", { count: found })}
          spellCheck={false}
        />
        <div className="org-offer" role="group" aria-labelledby="org-offer-title">
          <p id="org-offer-title" className="org-offer__title">
            {offered.length
              ? t.plural(
                  offered.length,
                  { one: "{count} submitted application without a reviewer", other: "{count} submitted applications without a reviewer" },
                  { count: `${offered.length}${offeredMore ? "+" : ""}` },
                )
              : t("Every submitted application has a reviewer.")}
          </p>
          {offered.length ? (
            <div className="org-offer__row">
              <Field
                label={t("How many")}
                type="number"
                inputMode="numeric"
                min={1}
                max={addable || 1}
                value={howMany}
                onChange={(e) => setHowMany(e.target.value)}
              />
              <button type="button" className="button button--secondary" onClick={addOffered} disabled={!count}>
                {count ? t("Add {count} to the list", { count }) : t("All are in the list")}
              </button>
            </div>
          ) : null}
        </div>
        {error ? <Alert kind="error">{error}</Alert> : null}
        <div>
          <button type="submit" className="button" disabled={busy}>
            {busy ? t("Assigning…") : t("Submit")}
          </button>
        </div>
      </form>
      {result ? (
        <section className="card">
          <EmailResults doneTitle={t("Assigned")} approved={result.approved} failed={result.failed} />
        </section>
      ) : null}
    </div>
  );
}
