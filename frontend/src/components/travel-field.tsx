// The decision forms' Travel Reimbursement select (the applicant and review pages, the batch
// update): a Yes only with an offer of a place, and why beside it. Apart from field.tsx, which
// every page loads, so that the applicants' pages don't carry it.
import { t } from "../lib/i18n";
import { TRAVEL_WITH, travelHint, travelSent } from "../lib/overwrite";
import { YesNoField } from "./field";

export function TravelReimbursementField({
  status,
  travel,
  onChange,
}: {
  status: string;
  travel: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <YesNoField
      label={t("Travel Reimbursement")}
      value={travelSent(status, travel)}
      onChange={onChange}
      disabled={!TRAVEL_WITH.has(status)}
      hint={travelHint(status)}
    />
  );
}
