// Who downloaded this applicant's resume, when and how: the resumes app's access log, carried by
// the applicant page's props (apps/applications/organizer_pages.py), newest first.
import { formatWhen } from "../../components/application/applicant-parts";

export interface ResumeAccessEntry {
  at: string;
  by: string;
  how: string;
  how_label: string;
}

export function ResumeAccessLog({ entries }: { entries: ResumeAccessEntry[] }) {
  return (
    <section className="card stack" aria-labelledby="resume-access-title">
      <h2 id="resume-access-title">Resume downloads</h2>
      {entries.length ? (
        <div className="table-wrap">
          <table className="table org-table org-history">
            <caption className="visually-hidden">Who downloaded this applicant's resume, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">How</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry, i) => (
                <tr key={`${entry.at}-${i}`}>
                  <td data-label="When">{formatWhen(entry.at)}</td>
                  <td data-label="Who" className="org-break">
                    {entry.by}
                  </td>
                  <td data-label="How">{entry.how_label}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">No one has downloaded this resume.</p>
      )}
    </section>
  );
}
