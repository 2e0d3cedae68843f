// Who downloaded this applicant's resume, when and how: the resumes app's access log, carried by
// the applicant page's props (apps/applications/organizer_pages.py), newest first.
import { formatWhen } from "../../components/application/applicant-parts";
import { DataTable, type DataColumn } from "../../components/data-table";

export interface ResumeAccessEntry {
  at: string;
  by: string;
  how: string;
  how_label: string;
}

const ACCESS_COLUMNS: DataColumn<ResumeAccessEntry>[] = [
  { id: "at", header: "When", size: 180, cell: (entry) => formatWhen(entry.at) },
  { id: "by", header: "Who", size: 240, className: "org-break", cell: (entry) => entry.by },
  { id: "how", header: "How", size: 200, cell: (entry) => entry.how_label },
];

export function ResumeAccessLog({ entries }: { entries: ResumeAccessEntry[] }) {
  return (
    <section className="card stack" aria-labelledby="resume-access-title">
      <h2 id="resume-access-title">Resume downloads</h2>
      {entries.length ? (
        <DataTable
          caption="Who downloaded this applicant's resume, newest first"
          columns={ACCESS_COLUMNS}
          data={entries}
          rowId={(entry, i) => `${entry.at}-${i}`}
          className="org-history"
        />
      ) : (
        <p className="muted">No one has downloaded this resume.</p>
      )}
    </section>
  );
}
