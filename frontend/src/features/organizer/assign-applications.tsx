// /admin/assignapps: give pasted applications to a reviewer (an admin), in ONE request.
import { useState, type FormEvent } from "react";
import { organizerApi, type BatchResult } from "../../api/organizer";
import { Alert } from "../../components/alert";
import { Field } from "../../components/field";
import { extractEmails } from "../../lib/emails";
import { useSubmit } from "../../lib/use-submit";
import { EmailResults, PageHeader, TextareaField } from "./common";

export function AssignApplications({ admins }: { admins: string[] }) {
  const [member, setMember] = useState("");
  const [emails, setEmails] = useState("");
  const [memberError, setMemberError] = useState<string | null>(null);
  const [result, setResult] = useState<BatchResult | null>(null);
  const { busy, error, setError, run } = useSubmit();
  const found = extractEmails(emails).length;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const reviewer = member.trim().toLowerCase();
    const memberProblem = reviewer ? null : "Enter the reviewer's email.";
    setMemberError(memberProblem);
    if (memberProblem) return;
    if (!found) {
      setError("Paste at least one email address.");
      return;
    }
    setResult(null);
    await run(async () => setResult(await organizerApi.assign(reviewer, emails)), "Error assigning applications");
  }

  return (
    <div className="stack org-narrow">
      <PageHeader
        title="Assign Applications for Review"
        lead="Each reviewer works through their assignments in the order given here."
      />
      <form className="card stack" onSubmit={submit} noValidate aria-label="Assign applications">
        <Field
          label="Member"
          type="email"
          list="org-admins"
          autoComplete="off"
          value={member}
          onChange={(e) => setMember(e.target.value)}
          error={memberError}
          hint="The email of an admin who will review."
        />
        <datalist id="org-admins">
          {admins.map((email) => (
            <option key={email} value={email} />
          ))}
        </datalist>
        <TextareaField
          label="Emails"
          rows={7}
          value={emails}
          onChange={(e) => setEmails(e.target.value)}
          hint={`Applicants' addresses in any format. ${found} found.`}
          spellCheck={false}
        />
        {error ? <Alert kind="error">{error}</Alert> : null}
        <div>
          <button type="submit" className="button" disabled={busy}>
            {busy ? "Assigning…" : "Submit"}
          </button>
        </div>
      </form>
      {result ? (
        <section className="card">
          <EmailResults approved={result.approved} failed={result.failed} />
        </section>
      ) : null}
    </div>
  );
}
