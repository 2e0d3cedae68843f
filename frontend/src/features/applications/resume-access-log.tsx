// Who downloaded this applicant's resume, when and how: the resumes app's access log, carried by
// the applicant page's props (apps/applications/organizer_pages.py), newest first.
import { formatWhen } from "../../components/application/applicant-parts";
import { DataTable, type DataColumn } from "../../components/data-table";
import { useState } from "react";
import { t } from "../../lib/i18n";

export interface ResumeAccessEntry {
  at: string;
  by: string;
  how: string;
  how_label: string;
}

// Built as the log renders: the headers are in the page's language.
const accessColumns = (): DataColumn<ResumeAccessEntry>[] => [
  { id: "at", header: t("When"), size: 180, cell: (entry) => formatWhen(entry.at) },
  { id: "by", header: t("Who"), size: 240, className: "org-break", cell: (entry) => entry.by },
  { id: "how", header: t("How"), size: 200, cell: (entry) => entry.how_label },
];

export function ResumeAccessLog({ entries }: { entries: ResumeAccessEntry[] }) {
  const [columns] = useState(accessColumns);
  return (
    <section className="card stack" aria-labelledby="resume-access-title">
      <h2 id="resume-access-title">{t("Resume downloads")}</h2>
      {entries.length ? (
        <DataTable
          caption={t("Who downloaded this applicant's resume, newest first")}
          columns={columns}
          data={entries}
          rowId={(entry, i) => `${entry.at}-${i}`}
          className="org-history"
        />
      ) : (
        <p className="muted">{t("No one has downloaded this resume.")}</p>
      )}
    </section>
  );
}
