// /admin/reviewapps: the applications assigned to the signed-in organizer or reviewer, in order.
import { useQuery } from "@tanstack/react-query";
import { organizerApi, type Assigned } from "../../api/organizer";
import { reviewsApi, type AssignedItems } from "../../api/reviews";
import { BLIND_NOTE } from "./scoring-panel";
import { Alert } from "../../components/alert";
import { queryKeys } from "../../lib/query-keys";
import { PageHeader } from "../../components/page-header";
import { type Choice } from "../../components/field";

interface Props {
  reviewer: string;
  reviewStatuses: Choice[];
  /** Rendered by the server; when absent the list is fetched. */
  assigned?: Assigned[];
  /** The same list with ids, names and outcomes (blind-aware: no name or email in blind mode). */
  items?: AssignedItems["assigned"];
  blind?: boolean;
  /** Organizers get the way back to the admin panel; a reviewer has no such page. */
  isOrganizer?: boolean;
}

type Item = AssignedItems["assigned"][number];

/** Who the row is: the name and address, or in blind mode only the application's number. */
export function whoLabel(item: Pick<Item, "name" | "email" | "application_id">): string {
  if (item.name && item.email) return `${item.name} (${item.email})`;
  return item.email || item.name || `Application #${item.application_id}`;
}

const OUTCOME: Record<string, string> = { scored: "Scored", skipped: "Skipped" };

export function ReviewList({
  reviewer,
  reviewStatuses,
  assigned: initial,
  items: initialItems,
  blind = false,
  isOrganizer = true,
}: Props) {
  // Server-rendered props usually make the request unnecessary; without them the list is fetched:
  // an organizer's by the organizers' email route, a reviewer's by their own id-only list (the
  // email routes answer reviewers 403, so an address can't be tested against assignments).
  const query = useQuery({
    queryKey: queryKeys.reviews.assigned(reviewer),
    queryFn: async (): Promise<{ assigned: Assigned[]; items?: Item[] }> => {
      if (isOrganizer) return { assigned: (await organizerApi.assigned(reviewer)).assigned };
      const mine = (await reviewsApi.assigned()).assigned;
      return { assigned: mine.map((item) => ({ email: item.email ?? "", status: item.status })), items: mine };
    },
    enabled: !initial,
  });
  const assigned: Assigned[] | null = initial ?? query.data?.assigned ?? null;
  const items = initialItems ?? query.data?.items;
  const failed = !initial && query.isError;
  const label = (status: string | undefined) => reviewStatuses.find((s) => s.value === status)?.label ?? status;

  const done = assigned?.filter((a) => a.status === "complete").length ?? 0;
  return (
    <div className="stack org-narrow">
      <PageHeader
        back={isOrganizer ? undefined : null}
        title="Applications to Review"
        lead={assigned && assigned.length ? `${done} of ${assigned.length} complete.` : "Applications assigned to you."}
      />
      {blind ? (
        <p className="badge rv-blind" role="note">
          {BLIND_NOTE}
        </p>
      ) : null}
      {failed ? <Alert kind="error">Error fetching your assignments.</Alert> : null}
      {!failed && assigned === null ? (
        <p className="org-empty" role="status">
          Loading...
        </p>
      ) : null}
      {assigned !== null && assigned.length === 0 ? <p className="org-empty card">No Applicants to Review</p> : null}
      {assigned !== null && assigned.length > 0 ? (
        <div className="table-wrap">
          <table className="table org-table">
            <caption className="visually-hidden">Applications assigned to {reviewer}</caption>
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{items ? "Applicant" : "Email Address"}</th>
                <th scope="col">Review Status</th>
                <th scope="col">
                  <span className="visually-hidden">Open</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {assigned.map((row, index) => {
                const item = items?.[index];
                const who = item ? whoLabel(item) : row.email;
                return (
                  <tr key={item ? item.application_id : row.email}>
                    <td data-label="#">{index + 1}</td>
                    <td data-label={items ? "Applicant" : "Email Address"} className="org-table__email">
                      {who}
                    </td>
                    <td data-label="Review Status">
                      <span className={`badge review review--${row.status}`}>
                        {label(row.status)}
                        {item?.outcome ? ` · ${OUTCOME[item.outcome]}` : ""}
                      </span>
                    </td>
                    <td className="org-table__action">
                      <a href={`/admin/reviewapps/${index}`} aria-label={`Review ${row.email || who}`}>
                        Review
                      </a>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
