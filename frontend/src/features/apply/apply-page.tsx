import { useQuery } from "@tanstack/react-query";
import { applicationsApi, type Application, type QuestionSection } from "../../api/applications";
import { resumesApi } from "../../api/resumes";
import { Alert } from "../../components/alert";
import { Spinner } from "../../components/spinner";
import { getConfig } from "../../lib/config";
import { t } from "../../lib/i18n";
import { queryKeys } from "../../lib/query-keys";
import { ApplyForm } from "./apply-form";
import type { ConsentText } from "./code-of-conduct";
import { MESSAGES } from "../../components/application/form-model";

/** The page's initial props (apps/applications/apply_pages.py). Absent data is fetched. */
export interface ApplyPageProps {
  cycleStatus: string;
  questions?: QuestionSection[] | null;
  application?: Application | null;
  resumeSubmitted?: boolean | null;
  hostSchool?: string;
  /** (alias, school) pairs: short names that find their school ("UCLA"). */
  schoolAliases?: [string, string][];
  /** The school the applicant's email domain names, when the application has none yet. */
  schoolFromEmail?: string | null;
  /** The consents asked and their texts (apps/applications/consents.py), and the sponsors' one's state. */
  consents?: ConsentText[];
  shareResumeWithSponsors?: boolean;
  /** Tests inject a navigation spy. */
  navigate?: (to: string) => void;
}

interface Loaded {
  questions: QuestionSection[];
  application: Application | null;
  resumeSubmitted: boolean;
}

function eventConfig() {
  try {
    return getConfig().event;
  } catch {
    return null; // Tests render without a page config.
  }
}

/** The school and country lists, fetched once (the server marks them cacheable). */
function useLists(enabled: boolean) {
  const schools = useQuery({ queryKey: queryKeys.schools, queryFn: applicationsApi.schools, enabled, staleTime: Infinity });
  const countries = useQuery({
    queryKey: queryKeys.countries,
    queryFn: applicationsApi.countries,
    enabled,
    staleTime: Infinity,
  });
  return { schools: schools.data ?? null, countries: countries.data ?? null, failed: schools.isError || countries.isError };
}

async function loadForm(): Promise<Loaded> {
  const [questions, application, resume] = await Promise.all([
    applicationsApi.questions(),
    applicationsApi.application(),
    resumesApi.submitted(),
  ]);
  return { questions, application, resumeSubmitted: Boolean(resume?.submitted) };
}

export function ApplyPage({
  cycleStatus,
  questions,
  application,
  resumeSubmitted,
  hostSchool,
  schoolAliases,
  schoolFromEmail,
  consents,
  shareResumeWithSponsors,
  navigate,
}: ApplyPageProps) {
  const open = cycleStatus === "open";
  const complete = Array.isArray(questions) && application !== undefined && typeof resumeSubmitted === "boolean";
  // What the page was rendered with, else asked once: from then on the form owns the answers.
  const form = useQuery({
    queryKey: queryKeys.applyForm,
    queryFn: loadForm,
    initialData: complete
      ? { questions: questions!, application: application ?? null, resumeSubmitted: resumeSubmitted! }
      : undefined,
    enabled: open,
    staleTime: Infinity,
  });
  const loaded = form.data ?? null;
  const loadError = form.isError;
  const lists = useLists(open);

  if (!open) {
    return (
      <section className="card apply-closed stack">
        <h1>{t("Apply")}</h1>
        <Alert kind="info">{t(MESSAGES.closed)}</Alert>
        <p className="muted">{t("Your dashboard shows where your application stands and when applications open.")}</p>
        <a className="button" href="/dashboard">
          {t("Go to your dashboard")}
        </a>
      </section>
    );
  }
  if (loadError) {
    return (
      <section className="card apply-closed stack">
        <h1>{t("Apply")}</h1>
        <Alert kind="error">{t("We couldn't load the application form. Please reload the page to try again.")}</Alert>
      </section>
    );
  }
  if (!loaded) {
    return (
      <div className="apply-loading">
        <Spinner size={150} label={t("Loading your application…")} />
      </div>
    );
  }
  const event = eventConfig();
  return (
    <>
      {lists.failed ? (
        <Alert kind="error">{t("We couldn't load the school and country lists. Please reload the page to try again.")}</Alert>
      ) : null}
      <ApplyForm
        sections={loaded.questions}
        application={loaded.application}
        resumeSubmitted={loaded.resumeSubmitted}
        schools={lists.schools}
        countries={lists.countries}
        schoolAliases={schoolAliases}
        schoolFromEmail={schoolFromEmail ?? null}
        hostSchool={hostSchool ?? event?.hostSchool ?? t("the host university")}
        consents={consents ?? []}
        shareResumeWithSponsors={shareResumeWithSponsors}
        navigate={navigate}
      />
    </>
  );
}
