import { t } from "../lib/i18n";

export function Spinner({ size = 48, label = t("Loading…") }: { size?: number; label?: string }) {
  const large = size >= 100;
  return (
    <span role="status" className="spinner-wrap">
      <span
        className={`spinner${large ? " spinner--large" : ""}`}
        style={{ width: size, height: size }}
        aria-hidden="true"
      />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
