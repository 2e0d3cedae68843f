// /apply/blocked, where /apply sends an account that may not apply yet: its address is not a
// university one (a sign-in provider made it from a personal address). It says why and links to
// where the address is added. A page of its own, so the form's bundle carries none of it.
import { Alert } from "../../components/alert";
import { t } from "../../lib/i18n";

export interface ApplyBlockedProps {
  message: string;
  href: string;
  label: string;
}

export function ApplyBlocked({ message, href, label }: ApplyBlockedProps) {
  return (
    <section className="card apply-closed stack">
      <h1>{t("Apply")}</h1>
      <Alert kind="info">{message}</Alert>
      <a className="button" href={href}>
        {label}
      </a>
    </section>
  );
}
