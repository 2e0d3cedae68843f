import { t } from "../lib/i18n";
/**
 * The one way back on the organizers' pages: a small "← Admin Panel" link above the page's
 * title (PageHeader places it; pages with their own header put it first). The arrow is
 * decoration, so the link's name is its words.
 */
export function BackLink({ href = "/admin", label }: { href?: string; label?: string }) {
  return (
    <a className="back-link" href={href}>
      <span aria-hidden="true">←</span> {label ?? t("Admin Panel")}
    </a>
  );
}
