import { Fragment } from "react";
import { t } from "../../lib/i18n";
import type { ConfirmationDetails as Details } from "./state";

const TRAVEL = t.noop("We will reimburse your travel up to $100 through a peer-to-peer payment service.");

/** The travel sentence: up to the grant when one stands (the emails say the same), the spec's $100 otherwise. */
function travel(details: Details): string {
  return details.travelAmount
    ? t("We will reimburse your travel up to {amount} through a peer-to-peer payment service.", { amount: details.travelAmount })
    : t(TRAVEL);
}

function HousingOffer({ details }: { details: Details }) {
  // One sentence with the link inside it, so a language orders its words around the link.
  const sentence = t(
    "We are offering you a spot in a shared dormitory. Please fill out the {form} by 11:59 PM on {date}.",
    { date: details.housingDate },
  );
  return (
    <>
      {sentence.split("{form}").map((part, index) => (
        <Fragment key={index}>
          {index ? (
            <a href={details.housingLink} target="_blank" rel="noopener noreferrer">
              {t("Housing Accommodation Form")}
            </a>
          ) : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}

/** Travel and housing for an admitted applicant: four variants, offered or not for each. */
export function ConfirmationDetails({ details }: { details: Details }) {
  let body;
  switch (details.variant) {
    case "travel_and_housing":
      body = (
        <>
          <p>
            <HousingOffer details={details} />
          </p>
          <p>{travel(details)}</p>
        </>
      );
      break;
    case "travel_only":
      body = (
        <>
          <p>{travel(details)}</p>
          <p>{t("Unfortunately, we are unable to provide housing.")}</p>
        </>
      );
      break;
    case "housing_only":
      body = (
        <>
          <p>
            <HousingOffer details={details} />
          </p>
          <p>{t("Unfortunately, we are unable to reimburse travel.")}</p>
        </>
      );
      break;
    default:
      body = <p>{t("Unfortunately, we are unable to provide travel reimbursement or housing.")}</p>;
  }
  return (
    <section className="confirmation-details" aria-labelledby="confirmation-details-title" data-variant={details.variant}>
      <h2 id="confirmation-details-title">{t("Confirmation Details")}</h2>
      {body}
      {details.acknowledge ? (
        <p className="confirmation-details__ack">
          {t("By confirming your acceptance below, you acknowledge the information above.")}
        </p>
      ) : null}
    </section>
  );
}
