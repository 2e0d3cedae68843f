import { Spinner } from "./spinner";

// Its own module, not spinner.tsx's: the applicant pages share spinner.tsx's chunk and never
// draw this organizer-page block, and every byte of theirs counts against their budget.
/** A spinner alone in the middle of a page's body: what an organizer page shows while its data loads. */
export function CenteredSpinner({ label }: { label: string }) {
  return (
    <div className="org-center">
      <Spinner label={label} />
    </div>
  );
}
