// The server renders a draft's preview (the same code that sends it), shortly after typing
// stops. Read through TanStack Query, keyed by the draft: a draft seen before shows at once, and
// an answer that arrives after a newer draft can't overwrite it.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ApiError } from "../../lib/api";
import { t } from "../../lib/i18n";
import { queryKeys } from "../../lib/query-keys";
import { useDebounced } from "../../lib/use-debounced";

export const PREVIEW_DELAY_MS = 400;

interface Shown<T> {
  stamp: string;
  preview: T | null;
  error: string | null;
}

/**
 * The preview of `draft` (any JSON-able description of it), rendered by `render` once the draft
 * has stopped changing. A refusal (an unknown placeholder) is shown with the last good preview
 * kept, as before; both stay until the next answer replaces them.
 */
export function useServerPreview<T>(draft: unknown, render: () => Promise<T>, enabled = true) {
  const key = JSON.stringify(draft);
  const settled = useDebounced(key, PREVIEW_DELAY_MS);
  const query = useQuery({
    queryKey: queryKeys.mailings.preview(key),
    queryFn: render,
    enabled: enabled && settled === key,
    placeholderData: keepPreviousData,
  });
  const [shown, setShown] = useState<Shown<T>>({ stamp: "", preview: null, error: null });
  // Only a settled answer for this draft replaces what is on screen (React's "adjust state while
  // rendering": no effect, no flash of an empty preview between two drafts).
  const stamp = `${key}\n${query.dataUpdatedAt}\n${query.errorUpdatedAt}`;
  if (!query.isPlaceholderData && stamp !== shown.stamp) {
    if (query.isSuccess) setShown({ stamp, preview: query.data, error: null });
    else if (query.isError) {
      const error = query.error instanceof ApiError ? query.error.message : t("The preview could not be rendered.");
      setShown({ stamp, preview: shown.preview, error });
    }
  }
  return { preview: shown.preview, error: shown.error };
}
