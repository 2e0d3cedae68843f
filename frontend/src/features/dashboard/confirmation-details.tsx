import type { ConfirmationDetails as Details } from "./state";

const TRAVEL = "We will reimburse your travel up to $100 through a peer-to-peer payment service.";

function HousingOffer({ details }: { details: Details }) {
  return (
    <>
      We are offering you a spot in a shared dormitory. Please fill out the{" "}
      <a href={details.housingLink} target="_blank" rel="noopener noreferrer">
        Housing Accommodation Form
      </a>{" "}
      by 11:59 PM on {details.housingDate}.
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
          <p>{TRAVEL}</p>
        </>
      );
      break;
    case "travel_only":
      body = (
        <>
          <p>{TRAVEL}</p>
          <p>Unfortunately, we are unable to provide housing.</p>
        </>
      );
      break;
    case "housing_only":
      body = (
        <>
          <p>
            <HousingOffer details={details} />
          </p>
          <p>Unfortunately, we are unable to reimburse travel.</p>
        </>
      );
      break;
    default:
      body = <p>Unfortunately, we are unable to provide travel reimbursement or housing.</p>;
  }
  return (
    <section className="confirmation-details" aria-labelledby="confirmation-details-title" data-variant={details.variant}>
      <h2 id="confirmation-details-title">Confirmation Details</h2>
      {body}
      {details.acknowledge ? (
        <p className="confirmation-details__ack">
          By confirming your acceptance below, you acknowledge the information above.
        </p>
      ) : null}
    </section>
  );
}
