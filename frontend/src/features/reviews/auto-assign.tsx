// The assign page's "Auto-assign": every submitted application that still needs reviewers gets N
// of the chosen ones, least-loaded first, in one request. Running it again only adds.
import { useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { reviewsApi, type AutoAssignResult } from "../../api/reviews";
import { Alert } from "../../components/alert";
import { DataTable, Truncated, type DataColumn } from "../../components/data-table";
import { Field, CheckboxField } from "../../components/field";
import { useSubmit } from "../../lib/use-submit";
import { queryKeys } from "../../lib/query-keys";
import { t } from "../../lib/i18n";

export interface Reviewer {
  email: string;
  /** "admin" (organizer) or "reviewer". */
  role: string;
}

/** What is wrong with the choice, or null. */
// A reviewer and their open assignments; sorted by either column in the browser. Built at
// render, so the headers are in the page's language.
const loadColumns = (): DataColumn<[string, number]>[] => [
  {
    id: "reviewer",
    header: t("Reviewer"),
    size: 300,
    className: "org-table__email",
    sortValue: ([email]) => email,
    cell: ([email]) => <Truncated text={email} />,
  },
  { id: "open", header: t("Open assignments"), size: 150, sortValue: ([, n]) => n, descFirst: true, cell: ([, n]) => n },
];

export function autoAssignProblem(chosen: string[], perApplication: string): string | null {
  const n = perApplication.trim();
  if (!/^\d+$/.test(n) || Number(n) < 1 || Number(n) > 10) return t("Reviewers per application: a whole number from 1 to 10.");
  if (chosen.length === 0) return t("Choose at least one reviewer.");
  if (chosen.length < Number(n)) return t("Choose at least {count} reviewers: each application needs {count} different ones.", { count: n });
  return null;
}

export function AutoAssign({ reviewers }: { reviewers: Reviewer[] }) {
  const [chosen, setChosen] = useState<string[]>(() => reviewers.filter((r) => r.role === "reviewer").map((r) => r.email));
  const [perApplication, setPerApplication] = useState("2");
  const [avoidSchool, setAvoidSchool] = useState(true);
  const [result, setResult] = useState<AutoAssignResult | null>(null);
  const { busy, error, setError, run } = useSubmit();
  const queryClient = useQueryClient();

  function toggle(email: string, on: boolean) {
    setChosen((list) => (on ? [...list, email] : list.filter((e) => e !== email)));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = autoAssignProblem(chosen, perApplication);
    if (problem) {
      setError(problem);
      return;
    }
    setResult(null);
    await run(async () => {
      setResult(
        await reviewsApi.autoAssign({
          reviewers: chosen,
          per_application: Number(perApplication),
          avoid_own_school: avoidSchool,
        }),
      );
      // Whatever shows reviewers' loads or who still needs one (this page's count of
      // applications without a reviewer, the capacity, the ranking) is stale now.
      await queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all });
    }, t("Error assigning applications."));
  }

  const loads = result ? Object.entries(result.loads).sort(([a], [b]) => a.localeCompare(b)) : [];
  return (
    <section className="card stack" aria-labelledby="rv-auto-title">
      <h2 id="rv-auto-title">{t("Auto-assign")}</h2>
      <p className="muted">
        {t(
          "Give every submitted application that still needs reviews to N of the chosen reviewers, the least busy first. Nobody reviews their own application. Running it again later only adds the new submissions.",
        )}
      </p>
      <form className="stack" onSubmit={submit} noValidate aria-label={t("Auto-assign")}>
        <fieldset className="rv-reviewers">
          <legend>{t("Reviewers")}</legend>
          {reviewers.length === 0 ? (
            <p className="muted">{t("No organizers or reviewers yet: add them on the Admin Users page.")}</p>
          ) : (
            <ul className="rv-reviewers__list">
              {reviewers.map((r) => (
                <li key={r.email}>
                  <CheckboxField
                    label={r.role === "admin" ? t("{email} (organizer)", { email: r.email }) : r.email}
                    checked={chosen.includes(r.email)}
                    onChange={(on) => toggle(r.email, on)}
                  />
                </li>
              ))}
            </ul>
          )}
        </fieldset>
        <div className="rv-inline">
          <Field
            label={t("Reviewers per application")}
            type="number"
            inputMode="numeric"
            min={1}
            max={10}
            value={perApplication}
            onChange={(e) => setPerApplication(e.target.value)}
          />
        </div>
        <CheckboxField
          label={t("Avoid their own school")}
          hint={t("No reviewer gets an applicant from the school of their own application.")}
          checked={avoidSchool}
          onChange={setAvoidSchool}
        />
        {error ? <Alert kind="error">{error}</Alert> : null}
        <div>
          <button type="submit" className="button" disabled={busy}>
            {busy ? t("Assigning…") : t.plural(chosen.length, { one: "Assign to {count} reviewer", other: "Assign to {count} reviewers" })}
          </button>
        </div>
      </form>
      {result ? (
        <div className="stack" role="status">
          <Alert kind="success">
            {result.assigned
              ? `${t.plural(result.assigned, { one: "{count} assignment added", other: "{count} assignments added" })} ${t.plural(result.applications, { one: "across {count} application.", other: "across {count} applications." })}`
              : t("Nothing to add: every submitted application already has its reviewers.")}
          </Alert>
          {loads.length ? (
            <DataTable
              caption={t("Open assignments per reviewer")}
              columns={loadColumns()}
              data={loads}
              rowId={([email]) => email}
            />
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
