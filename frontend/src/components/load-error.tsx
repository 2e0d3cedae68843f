import { Alert } from "./alert";

/** What a page shows when its data could not be loaded: why, and a way to ask again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="stack">
      <Alert kind="error">{message}</Alert>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
