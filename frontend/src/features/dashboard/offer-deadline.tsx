import { useEffect, useState } from "react";
import { t } from "../../lib/i18n";
import { countdown, formatDeadline } from "./state";

/** The open offer's deadline and the time left, counted down every half minute. */
export function OfferDeadline({ deadline }: { deadline: string }) {
  const [left, setLeft] = useState(() => countdown(deadline));
  useEffect(() => {
    setLeft(countdown(deadline));
    const timer = window.setInterval(() => setLeft(countdown(deadline)), 30_000);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return (
    <p className="dashboard__deadline" role="status">
      <strong>{t("Please answer by {deadline}", { deadline: formatDeadline(deadline) })}</strong>
      <span className="dashboard__countdown">{left}</span>
    </p>
  );
}
