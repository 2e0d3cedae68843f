import { useId } from "react";

/**
 * A labelled progress bar: determinate with `value` of `max` (a share filled), indeterminate
 * without (work under way whose end isn't known, such as a download of unknown size). `text`
 * is the count beside the label ("12 of 40 emails sent · about 1 min left"). The role and the
 * aria values let a screen reader ask how far it is; the count is also plain text.
 */
export function ProgressBar({
  label,
  text,
  value,
  max,
  failed = 0,
}: {
  label: string;
  text: string;
  value?: number;
  max?: number;
  /** Given up on: shown as a red end of the bar. */
  failed?: number;
}) {
  const id = useId();
  const determinate = value !== undefined && max !== undefined && max > 0;
  const share = determinate ? Math.min(1, Math.max(0, value / max)) : 0;
  const failedShare = determinate ? Math.min(1 - share, failed / max) : 0;
  return (
    <div className={`progress-bar${determinate ? "" : " progress-bar--indeterminate"}`}>
      <div className="progress-bar__head">
        <span id={`${id}-label`} className="progress-bar__label">
          {label}
        </span>
        <span className="progress-bar__text">{text}</span>
      </div>
      <div
        className="progress-bar__track"
        role="progressbar"
        aria-labelledby={`${id}-label`}
        aria-valuemin={determinate ? 0 : undefined}
        aria-valuemax={determinate ? max : undefined}
        aria-valuenow={determinate ? value : undefined}
        aria-valuetext={text}
      >
        <span className="progress-bar__fill" style={determinate ? { width: `${share * 100}%` } : undefined} />
        {failedShare > 0 ? (
          <span
            className="progress-bar__fill progress-bar__fill--failed"
            style={{ left: `${share * 100}%`, width: `${failedShare * 100}%` }}
          />
        ) : null}
      </div>
    </div>
  );
}
