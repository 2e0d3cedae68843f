import { Alert } from "./alert";
import { t } from "../lib/i18n";

/** What a page shows when its data could not be loaded: why, and a way to ask again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="stack">
      <Alert kind="error">{message}</Alert>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {t("Try again")}
      </button>
    </div>
  );
}
