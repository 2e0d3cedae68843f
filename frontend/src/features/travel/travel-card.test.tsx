// The travel request on the apply form and the grant on the dashboard, against a mocked API.
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../lib/fetch-mock";
import { renderWithQuery } from "../../lib/test-utils";
import { ApplyTravelSection, TravelCard } from "./travel-card";

const NOTHING = { request: null, answered: null, grant: null, receipts_due: null, currency: "USD" };

afterEach(() => vi.unstubAllGlobals());

describe("ApplyTravelSection", () => {
  it("asks to save the application first, and calls nothing", () => {
    const api = mockFetch({});
    renderWithQuery(<ApplyTravelSection hasApplication={false} />);
    expect(screen.getByText(/Save your application first/)).toBeInTheDocument();
    expect(api.apiCalls()).toEqual([]);
  });

  it("sends the request, and shows a refusal at its field", async () => {
    const api = mockFetch({
      "GET /api/travel/mine": { body: NOTHING },
      "PUT /api/travel/request": [
        { status: 400, body: { message: "amount: A valid number is required.", errors: { amount: ["A valid number is required."] } } },
        { body: { amount: "250.00", currency: "EUR", origin: "Lisbon", country: "Portugal" } },
      ],
    });
    renderWithQuery(<ApplyTravelSection hasApplication />);
    await userEvent.type(await screen.findByLabelText("Amount you need"), "lots");
    await userEvent.clear(screen.getByLabelText("Currency"));
    await userEvent.type(screen.getByLabelText("Currency"), "EUR");
    await userEvent.type(screen.getByLabelText("Travelling from (city)"), "Lisbon");
    await userEvent.type(screen.getByLabelText("Country"), "Portugal");
    await userEvent.click(screen.getByRole("button", { name: "Ask for travel support" }));
    expect(await screen.findByText("A valid number is required.")).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText("Amount you need"));
    await userEvent.type(screen.getByLabelText("Amount you need"), "250");
    await userEvent.click(screen.getByRole("button", { name: "Ask for travel support" }));
    expect(await screen.findByText(/Your travel request is saved/)).toBeInTheDocument();
    const puts = api.calls.filter((c) => c.method === "PUT");
    expect(puts[1].body).toEqual({ amount: "250", currency: "EUR", origin: "Lisbon", country: "Portugal" });
  });

  it("starts from where the application said they travel from, and says so until it is changed", async () => {
    const api = mockFetch({
      "GET /api/travel/mine": { body: { ...NOTHING, answered: { origin: "Porto", country: "Portugal" } } },
      "PUT /api/travel/request": { body: { amount: "80.00", currency: "USD", origin: "Braga", country: "Portugal" } },
    });
    renderWithQuery(<ApplyTravelSection hasApplication />);
    const origin = await screen.findByLabelText("Travelling from (city)");
    expect(origin).toHaveValue("Porto");
    expect(screen.getByLabelText("Country")).toHaveValue("Portugal");
    expect(screen.getByLabelText("Country")).toHaveAccessibleDescription("From your application");
    expect(origin).toHaveAccessibleDescription("From your application");
    await userEvent.clear(origin);
    await userEvent.type(origin, "Braga");
    expect(origin).not.toHaveAccessibleDescription("From your application");
    await userEvent.type(screen.getByLabelText("Amount you need"), "80");
    await userEvent.click(screen.getByRole("button", { name: "Ask for travel support" }));
    await screen.findByText(/Your travel request is saved/);
    const put = api.calls.find((c) => c.method === "PUT");
    expect(put?.body).toEqual({ amount: "80", currency: "USD", origin: "Braga", country: "Portugal" });
  });
});

describe("TravelCard", () => {
  it("shows the grant, each receipt's review and the reason of a rejection", async () => {
    mockFetch({
      "GET /api/travel/mine": {
        body: {
          ...NOTHING,
          receipts_due: "2999-06-01T23:59:00Z",
          grant: {
            amount: "300.00",
            status: "granted",
            approved: "120.00",
            receipts: [
              { id: 1, original_name: "train.pdf", content_type: "application/pdf", size: 9, amount: "120.00", uploaded_at: "2026-05-01T00:00:00Z", status: "approved", reason: "", reviewed_at: null },
              { id: 2, original_name: "taxi.png", content_type: "image/png", size: 9, amount: "30.00", uploaded_at: "2026-05-01T00:00:00Z", status: "rejected", reason: "No date on it.", reviewed_at: null },
            ],
          },
        },
      },
    });
    renderWithQuery(<TravelCard status="confirmed" />);
    expect(await screen.findByText(/You have a travel grant of/)).toHaveTextContent("300.00 USD");
    const receipts = screen.getByRole("list", { name: "Your receipts" });
    expect(receipts).toHaveTextContent("train.pdf120.00 USDApproved");
    expect(receipts).toHaveTextContent("Not approvedNo date on it.");
    expect(screen.getByRole("button", { name: "Upload receipt" })).toBeInTheDocument();
  });

  it("says the grant is what is paid once the approved receipts pass it", async () => {
    const approved = (id: number, amount: string) => ({
      id, original_name: `r${id}.pdf`, content_type: "application/pdf", size: 9, amount, uploaded_at: "2026-05-01T00:00:00Z", status: "approved", reason: "", reviewed_at: null,
    });
    mockFetch({
      "GET /api/travel/mine": {
        body: { ...NOTHING, receipts_due: "2999-06-01T23:59:00Z", grant: { amount: "300.00", status: "granted", approved: "300.00", receipts: [approved(1, "180.00"), approved(2, "150.25")] } },
      },
    });
    renderWithQuery(<TravelCard status="confirmed" />);
    expect(await screen.findByText(/Your approved receipts come to 330.25 USD: we reimburse up to your grant, 300.00 USD./)).toBeInTheDocument();
    expect(screen.queryByText(/Approved so far/)).toBeNull();
  });

  it("says so kindly when the grant lapsed, with no upload", async () => {
    mockFetch({ "GET /api/travel/mine": { body: { ...NOTHING, grant: { amount: "300.00", status: "lapsed", approved: "0.00", receipts: [] } } } });
    renderWithQuery(<TravelCard status="confirmed" />);
    await waitFor(() => expect(screen.getByText(/it lapsed/)).toBeInTheDocument());
    expect(screen.queryByRole("button", { name: "Upload receipt" })).toBeNull();
  });
});
