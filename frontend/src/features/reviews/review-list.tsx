// /admin/reviewapps: the applications assigned to the signed-in organizer or reviewer, in order.
import { useQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { organizerApi, type Assigned } from "../../api/organizer";
import { reviewsApi, type AssignedItems } from "../../api/reviews";
import { BLIND_NOTE } from "./scoring-panel";
import { Alert } from "../../components/alert";
import { queryKeys } from "../../lib/query-keys";
import { PageHeader } from "../../components/page-header";
import { type Choice } from "../../components/field";
import { DataTable, RowLink, type DataColumn } from "../../components/data-table";
import { t } from "../../lib/i18n";

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
  /** Decisions were released: reviews can be read but no longer scored. */
  closed?: boolean;
}

export const CLOSED_NOTE = t.noop(
  "Reviews are closed: decisions were released. You can read the applications and your reviews, but scores can no longer change.",
);

type Item = AssignedItems["assigned"][number];

/** Who the row is: the name and address, or in blind mode only the application's number. */
export function whoLabel(item: Pick<Item, "name" | "email" | "application_id">): string {
  if (item.name && item.email) return `${item.name} (${item.email})`;
  return item.email || item.name || t("Application #{number}", { number: item.application_id });
}

const OUTCOME: Record<string, string> = { scored: t.noop("Scored"), skipped: t.noop("Skipped") };

/** A row of the list: the assignment, and (for a reviewer's own list) its id, name and outcome. */
interface ListRow {
  key: string;
  index: number;
  row: Assigned;
  item?: Item;
}

const reviewHref = (index: number) => `/admin/reviewapps/${index}`;

/** The list's columns; the first holds each row's real link (the row opens on click too). */
function listColumns(whoHeader: string, label: (status: string | undefined) => string | undefined): DataColumn<ListRow>[] {
  return [
    {
      id: "who",
      header: whoHeader,
      size: 320,
      className: "org-table__email",
      cell: ({ row, item, index }) => {
        const who = item ? whoLabel(item) : row.email;
        return <RowLink href={reviewHref(index)} text={who} name={t("Review {who}", { who })} />;
      },
    },
    { id: "number", header: "#", size: 50, cell: ({ index }) => index + 1 },
    {
      id: "status",
      header: t("Review Status"),
      size: 200,
      cell: ({ row, item }) => (
        <span className={`badge review review--${row.status}`}>
          {label(row.status)}
          {item?.outcome ? ` · ${t(OUTCOME[item.outcome])}` : ""}
        </span>
      ),
    },
  ];
}

export function ReviewList({
  reviewer,
  reviewStatuses,
  assigned: initial,
  items: initialItems,
  blind = false,
  isOrganizer = true,
  closed = false,
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
  const label = useCallback(
    (status: string | undefined) => reviewStatuses.find((s) => s.value === status)?.label ?? status,
    [reviewStatuses],
  );

  const done = assigned?.filter((a) => a.status === "complete").length ?? 0;
  const rows: ListRow[] = (assigned ?? []).map((row, index) => {
    const item = items?.[index];
    return { key: item ? String(item.application_id) : row.email, index, row, item };
  });
  const columns = useMemo(() => listColumns(items ? t("Applicant") : t("Email Address"), label), [items, label]);
  return (
    <div className="stack org-narrow">
      <PageHeader
        back={isOrganizer ? { href: "/admin", label: t("Admin Panel") } : null}
        title={t("Applications to Review")}
        lead={
          assigned && assigned.length
            ? t("{done} of {count} complete.", { done, count: assigned.length })
            : t("Applications assigned to you.")
        }
      />
      {blind ? (
        <p className="badge rv-blind" role="note">
          {t(BLIND_NOTE)}
        </p>
      ) : null}
      {closed ? <Alert kind="info">{t(CLOSED_NOTE)}</Alert> : null}
      {failed ? <Alert kind="error">{t("Error fetching your assignments.")}</Alert> : null}
      {!failed && assigned === null ? (
        <p className="org-empty" role="status">
          {t("Loading...")}
        </p>
      ) : null}
      {assigned !== null && assigned.length === 0 ? <p className="org-empty card">{t("No Applicants to Review")}</p> : null}
      {assigned !== null && assigned.length > 0 ? (
        <DataTable
          caption={t("Applications assigned to {reviewer}", { reviewer })}
          columns={columns}
          data={rows}
          rowId={(row) => row.key}
          rowHref={(row) => reviewHref(row.index)}
        />
      ) : null}
    </div>
  );
}
