// A download under way: the zip and the CSV exports are built while they stream, so their size
// is unknown until the end. The bar is indeterminate then and the count says how much has
// arrived; when the server sends a size, the bar fills.
import { useState } from "react";
import { bytesText } from "../lib/progress";
import { ProgressBar } from "./progress-bar";
import { t } from "../lib/i18n";

export interface Received {
  received: number;
  total: number | null;
}

/** The state a page keeps while a download runs: pass `track` as the download's onProgress. */
export function useDownloadProgress() {
  const [progress, setProgress] = useState<Received | null>(null);
  return {
    progress,
    track: (received: number, total: number | null) => setProgress({ received, total }),
    reset: () => setProgress(null),
  };
}

export function downloadText({ received, total }: Received): string {
  if (total) return t("{received} of {total}", { received: bytesText(received), total: bytesText(total) });
  return received ? t("{received} received", { received: bytesText(received) }) : t("Waiting for the server…");
}

export function DownloadProgress({ label, progress }: { label: string; progress: Received | null }) {
  if (!progress) return null;
  return (
    <ProgressBar
      label={label}
      text={downloadText(progress)}
      value={progress.total ? progress.received : undefined}
      max={progress.total ?? undefined}
    />
  );
}
