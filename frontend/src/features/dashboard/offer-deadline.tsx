import { useEffect, useState } from "react";
import { countdown, formatDeadline } from "./state";

/** The open offer's deadline and the time left, counted down every half minute. */
export function OfferDeadline({ deadline, now }: { deadline: string; now?: () => Date }) {
  const clock = now ?? (() => new Date());
  const [left, setLeft] = useState(() => countdown(deadline, clock()));
  useEffect(() => {
    const timer = window.setInterval(() => setLeft(countdown(deadline, clock())), 30_000);
    return () => window.clearInterval(timer);
    // The clock is a test's seam: its identity changes on every render and must not restart the timer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [deadline]);
  return (
    <p className="dashboard__deadline" role="status">
      <strong>Please answer by {formatDeadline(deadline)}</strong>
      <span className="dashboard__countdown">{left}</span>
    </p>
  );
}
