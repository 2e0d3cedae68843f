// The applicant's islands in Spanish, with the Spanish catalogs they load: every text a person
// reads or hears comes from the catalog, none is left in English (englishLeft: a text that is
// one of the catalog's English strings). The organizers' content (questions, the event's name
// and place) and the consents' texts come from the server in the applicant's language and are
// not the island's to translate: the apply page gets the Spanish consent texts the server
// sends (consent-texts.es.json, checked against the server's), and none of the English ones.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { QuestionSection } from "../api/applications";
import type { Ticket } from "../api/checkin";
import { ApplyBlocked } from "../features/apply/apply-blocked";
import ENGLISH_CONSENT_TEXTS from "../features/apply/consent-texts.json";
import CONSENT_TEXTS from "../features/apply/consent-texts.es.json";
import { SignInMethods } from "../features/accounts/sign-in-methods";
import type { DashboardProps } from "../features/dashboard/dashboard-page";
import type { CycleConfig } from "../features/dashboard/state";
import { setCatalog, type Catalog } from "../lib/i18n";
import { mockFetch, type Route } from "../lib/fetch-mock";
import { englishLeft, renderWithQuery } from "../lib/test-utils";
import accounts from "../locales/es/accounts.json";
import apply from "../locales/es/apply.json";
import dashboard from "../locales/es/dashboard.json";
import { ApplyWithTravel } from "./apply-with-travel";
import { DashboardWithTravel } from "./dashboard-with-travel";

const NO_TRAVEL = { request: null, grant: null, receipts_due: null, currency: "USD" };

function renderIn(catalog: Catalog, ui: ReactElement, routes: Record<string, Route> = {}) {
  mockFetch(routes);
  setCatalog("es", catalog);
  return renderWithQuery(ui);
}

beforeEach(() => {
  // jsdom has no canvas: the confetti mounts and unmounts its element only.
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockReturnValue(null);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setCatalog(undefined);
});

// The builder's questions as the server sends them to a Spanish applicant: in Spanish.
const SECTIONS: QuestionSection[] = [
  {
    section_name: "Sobre ti",
    conditional_on: null,
    questions: [
      { question_id: "age", question_text: "Edad", question_type: "numeric", options: [] },
      { question_id: "country", question_text: "País de residencia", question_type: "country", options: [] },
      { question_id: "level", question_text: "Nivel", question_type: "multiple_choice", options: ["Grado", "Máster"] },
      { question_id: "major", question_text: "Carrera", question_type: "short_answer", options: [] },
      { question_id: "first_hack", question_text: "¿Primer hackathon?", question_type: "boolean", options: [] },
      { question_id: "pronouns", question_text: "Pronombres", question_type: "short_answer", options: [], required: false },
    ],
  },
  {
    section_name: "Experiencia",
    conditional_on: null,
    questions: [
      { question_id: "langs", question_text: "Lenguajes", question_type: "multiselect", options: ["Python", "Go"] },
      { question_id: "why", question_text: "¿Por qué?", question_type: "long_answer", options: [] },
      { question_id: "links", question_text: "Enlaces", question_type: "list", options: [] },
      { question_id: "resume", question_text: "Tu currículum", question_type: "resume", options: [] },
    ],
  },
];

describe("the apply page in Spanish", () => {
  const LISTS = {
    "GET /api/applications/schools": { body: ["Princeton University", "College Not Present"] },
    "GET /api/applications/countries": { body: ["Canada", "Spain"] },
    "GET /api/travel/mine": { body: NO_TRAVEL },
  };

  it("a new application: the form, its sections and the travel section", async () => {
    renderIn(
      apply,
      <ApplyWithTravel cycleStatus="open" questions={SECTIONS} application={null} resumeSubmitted={false} hostSchool="Princeton" consents={CONSENT_TEXTS} />,
      LISTS,
    );
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Postularme");
    expect(await screen.findByText(/Guarda primero tu solicitud/)).toBeInTheDocument();
    // The parts that load apart from the form (each a spinner until then), in Spanish too.
    expect(await screen.findByRole("link", { name: /^Código de conducta de MLH/ })).toBeInTheDocument();
    expect(await screen.findByRole("group", { name: "¿Vas a crear un equipo nuevo?" })).toBeInTheDocument();
    expect(await screen.findByLabelText("Tu currículum")).toBeInTheDocument();
    expect(englishLeft(apply)).toEqual([]);
    // Each English text's pieces (a link's label is apart: it carries a hidden "opens in a new tab").
    const shown = document.body.textContent ?? "";
    const english = ENGLISH_CONSENT_TEXTS.flatMap((c) => c.text.split(/\[([^\]]+)\]\([^)\s]+\)/)).map((piece) => piece.trim());
    expect(english.filter((piece) => piece.length > 12 && shown.includes(piece))).toEqual([]);
  });

  it("finds a country by its Spanish name, and answers with the list's name", async () => {
    renderIn(
      apply,
      <ApplyWithTravel cycleStatus="open" questions={SECTIONS} application={null} resumeSubmitted={false} hostSchool="Princeton" consents={CONSENT_TEXTS} />,
      LISTS,
    );
    const country = await screen.findByLabelText("País de residencia");
    // The list and the picker loaded (a plain input until then).
    await waitFor(() => expect(country).not.toHaveAttribute("aria-busy", "true"));
    await waitFor(() => expect(document.querySelector(".ac__loading-indicator")).toBeNull());
    await waitFor(() => expect(document.querySelector(".ac__plain")).toBeNull());
    await userEvent.type(screen.getByLabelText("País de residencia"), "Españ");
    await userEvent.click(await screen.findByRole("option", { name: "Spain" }));
    expect(screen.getByLabelText("País de residencia")).toHaveValue("Spain");
  });

  it("a refused submit: every field's message and the banner", async () => {
    renderIn(
      apply,
      <ApplyWithTravel cycleStatus="open" questions={SECTIONS} application={null} resumeSubmitted={false} hostSchool="Princeton" consents={CONSENT_TEXTS} />,
      LISTS,
    );
    const team = await screen.findByRole("group", { name: "¿Vas a crear un equipo nuevo?" });
    await userEvent.click(within(team).getByRole("radio", { name: "No" }));
    await userEvent.click(screen.getByRole("button", { name: "Añadir otra" }));
    await userEvent.click(screen.getByRole("button", { name: "Enviar" }));
    expect(await screen.findByText("Corrige los campos marcados.")).toBeInTheDocument();
    expect(screen.getAllByText("Este campo es obligatorio.").length).toBeGreaterThan(1);
    expect(screen.getByText("Escribe el código de equipo de tu compañero o compañera.")).toBeInTheDocument();
    expect(englishLeft(apply)).toEqual([]);
  });

  it("a submitted application with a travel request to make", async () => {
    const application = {
      first: "Ada",
      last: "Lovelace",
      school: "Princeton University",
      school_other: "",
      status: "submitted",
      sections: [],
      checkboxes: [true, true, false],
      teamcode: 123456,
      team_choice: "new",
    };
    renderIn(
      apply,
      <ApplyWithTravel
        cycleStatus="open"
        questions={SECTIONS}
        application={application as never}
        resumeSubmitted
        hostSchool="Princeton"
        consents={CONSENT_TEXTS}
      />,
      LISTS,
    );
    expect(await screen.findByRole("button", { name: "Pedir ayuda para el viaje" })).toBeInTheDocument();
    expect(await screen.findByText("Ya enviaste un currículum")).toBeInTheDocument();
    expect(englishLeft(apply)).toEqual([]);
  });

  it("an amount typed with a decimal comma goes to the API with a point", async () => {
    const api = mockFetch({
      ...LISTS,
      "PUT /api/travel/request": { body: { amount: "1250.50", currency: "EUR", origin: "Sevilla", country: "Spain" } },
    });
    setCatalog("es", apply);
    renderWithQuery(<ApplyWithTravel cycleStatus="open" questions={SECTIONS} resumeSubmitted hostSchool="Princeton" consents={CONSENT_TEXTS} application={{ status: "submitted", sections: [], checkboxes: [true, true, false] } as never} />);
    await userEvent.type(await screen.findByLabelText("Importe que necesitas"), "1.250,50");
    await userEvent.clear(screen.getByLabelText("Moneda"));
    await userEvent.type(screen.getByLabelText("Moneda"), "EUR");
    await userEvent.type(screen.getByLabelText("Viajas desde (ciudad)"), "Sevilla");
    await userEvent.type(screen.getByLabelText("País"), "Spain");
    await userEvent.click(screen.getByRole("button", { name: "Pedir ayuda para el viaje" }));
    await vi.waitFor(() => expect(api.calls.filter((c) => c.method === "PUT")).toHaveLength(1));
    expect(api.calls.find((c) => c.method === "PUT")?.body).toMatchObject({ amount: "1250.50", currency: "EUR" });
  });

  it("closed, and the page of an account that may not apply yet", () => {
    renderIn(apply, <ApplyWithTravel cycleStatus="closed" />);
    expect(screen.getByText("Las solicitudes no están abiertas en este momento")).toBeInTheDocument();
    expect(englishLeft(apply)).toEqual([]);
  });

  it("the blocked page", () => {
    renderIn(apply, <ApplyBlocked message="Necesitas un correo universitario." href="/account/sign-in" label="Añadir mi correo" />);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Postularme");
    expect(englishLeft(apply)).toEqual([]);
  });
});

describe("the dashboard in Spanish", () => {
  const config: CycleConfig = {
    dates: {
      due: "2025-01-15",
      start: "2999-03-07",
      end: "2999-03-09",
      housing: "2025-02-14",
      confirmation_first_deadline: "2025-02-01",
      confirmation_second_deadline: "2025-02-20",
      waitlist_deadline: "2025-02-10",
    },
    status: "released",
    location: "Friend Center",
    housing_link: "https://forms.example.org/housing",
    retention_date: null,
  };
  const RSVP_SECTIONS: QuestionSection[] = [
    {
      section_name: "Antes del evento",
      conditional_on: null,
      questions: [
        { question_id: "rsvp_phone", question_text: "Teléfono", question_type: "short_answer", options: [] },
        { question_id: "rsvp_diet", question_text: "Dieta", question_type: "multiselect", options: ["Vegana", "Otra"] },
        { question_id: "rsvp_links", question_text: "Enlaces", question_type: "list", options: [] },
      ],
    },
  ];
  const TICKET: Ticket = {
    token: "tok",
    qr_svg: "<svg/>",
    version: 2,
    issued_at: "2026-11-24T09:40:00Z",
    ics_url: "/api/checkin/ticket.ics",
    event: { name: "HackPrinceton", start: "2999-03-07", end: "2999-03-09", location: "Friend Center", time_zone: "UTC" },
    checked_in_at: null,
  };
  const props = (overrides: Partial<DashboardProps>): DashboardProps => ({
    email: "ada@princeton.edu",
    status: "submitted",
    travelReimbursement: true,
    housingAccommodations: true,
    teamcode: "123456",
    cycleStatus: "released",
    config,
    onAnswered: vi.fn(),
    ...overrides,
  });

  it("an offer: the headline, the countdown, the RSVP questions and their messages", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2025-01-30T12:00:00Z"));
    renderIn(
      dashboard,
      <DashboardWithTravel
        {...props({
          status: "accepted",
          offerDeadline: "2025-01-31T15:30:00+00:00",
          rsvp: { sections: RSVP_SECTIONS, answers: {}, editable: false, edit_until: "2999-03-07" },
        })}
      />,
      { "GET /api/travel/mine": { body: NO_TRAVEL } },
    );
    vi.useRealTimers();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("¡Enhorabuena, te hemos admitido!");
    expect(screen.getByText(/Responde antes del 31 de enero de 2025/)).toBeInTheDocument();
    expect(screen.getByText("quedan 1 día y 3 horas")).toBeInTheDocument();
    await userEvent.click(await screen.findByRole("radio", { name: "¡Sí, tengo muchas ganas!" }));
    await userEvent.click(screen.getByRole("checkbox", { name: "Otra" }));
    await userEvent.click(screen.getByRole("button", { name: "Enviar" }));
    expect(await screen.findByText("Esta pregunta es obligatoria.")).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Pedir ayuda para el viaje" })).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Tus datos" })).toBeInTheDocument();
    expect(englishLeft(dashboard)).toEqual([]);
  });

  it("declining the offer asks first, in Spanish", async () => {
    renderIn(dashboard, <DashboardWithTravel {...props({ status: "accepted" })} />, { "GET /api/travel/mine": { body: NO_TRAVEL } });
    await userEvent.click(screen.getByRole("radio", { name: "No, lamentablemente ya no puedo asistir." }));
    await userEvent.click(screen.getByRole("button", { name: "Enviar" }));
    const dialog = await screen.findByRole("alertdialog", { name: "¿Renunciar a tu plaza?" });
    expect(within(dialog).getByRole("button", { name: "Conservar mi plaza" })).toBeInTheDocument();
    expect(englishLeft(dashboard)).toEqual([]);
  });

  it("a confirmed place: the ticket, the calendar, the grant and giving up the spot", async () => {
    renderIn(
      dashboard,
      <DashboardWithTravel
        {...props({
          status: "confirmed",
          rsvp: { sections: RSVP_SECTIONS, answers: { rsvp_phone: "600 000 000" }, editable: true, edit_until: "2999-03-07" },
        })}
      />,
      {
        "GET /api/checkin/ticket": { body: TICKET },
        "GET /api/travel/mine": {
          body: {
            ...NO_TRAVEL,
            receipts_due: "2999-06-01T23:59:00Z",
            grant: {
              amount: "300.00",
              status: "granted",
              approved: "120.00",
              receipts: [
                { id: 1, original_name: "", content_type: "application/pdf", size: 9, amount: "120.00", uploaded_at: "2026-05-01T00:00:00Z", status: "approved", reason: "", reviewed_at: null },
                { id: 2, original_name: "taxi.png", content_type: "image/png", size: 9, amount: "30.00", uploaded_at: "2026-05-01T00:00:00Z", status: "pending", reason: "", reviewed_at: null },
              ],
            },
          },
        },
      },
    );
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("¡Todo listo!");
    expect(await screen.findByRole("img", { name: "Código QR de tu entrada" })).toBeInTheDocument();
    expect(await screen.findByText(/Tienes una ayuda para el viaje de 300,00 USD/)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole("link", { name: "Editar las respuestas de confirmación" }));
    expect(await screen.findByRole("button", { name: "Guardar mis respuestas" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Ya no puedo ir" }));
    expect(await screen.findByRole("alertdialog", { name: "¿Renunciar a tu plaza?" })).toBeInTheDocument();
    expect(englishLeft(dashboard)).toEqual([]);
  });

  it.each<[string, Partial<DashboardProps>, string]>([
    ["waitlisted", { status: "waitlisted" }, "Te ofrecemos entrar en la lista de espera"],
    ["submitted, applications open", { status: "submitted", cycleStatus: "open" }, "¡Tu solicitud está enviada!"],
    ["a draft, applications open", { status: "started", cycleStatus: "open" }, "Continúa tu solicitud ahora"],
    ["expired", { status: "expired" }, "Tu oferta ha caducado"],
  ])("%s", async (_, overrides, headline) => {
    renderIn(dashboard, <DashboardWithTravel {...props(overrides)} />, { "GET /api/travel/mine": { body: NO_TRAVEL } });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent(headline);
    expect(await screen.findByRole("heading", { name: "Tus datos" })).toBeInTheDocument();
    expect(englishLeft(dashboard)).toEqual([]);
  });
});

describe("the sign-in methods page in Spanish", () => {
  it("with a university email to add and a provider to link", () => {
    renderIn(
      accounts,
      <SignInMethods
        email="ada@gmail.com"
        has_password={false}
        university_email_needed="Añade tu correo universitario para postularte."
        pending_email="ada@princeton.edu"
        providers={[
          { id: "mlh", name: "MyMLH", linked: true, configured: true, login_url: "/accounts/mlh/login/" },
          { id: "github", name: "GitHub", linked: false, configured: true, login_url: "/accounts/github/login/" },
        ]}
      />,
    );
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Métodos de inicio de sesión");
    expect(screen.getByRole("button", { name: "Vincular GitHub" })).toBeInTheDocument();
    expect(englishLeft(accounts)).toEqual([]);
  });
});

describe("englishLeft", () => {
  it("finds a catalog's English string, placeholders filled, in text and in read-out attributes", () => {
    document.body.innerHTML = '<p>Applications are due May 1. Launch your application below to get started.</p><button aria-label="Unlink GitHub">x</button><p>No</p>';
    expect(englishLeft({ ...dashboard, ...accounts })).toEqual([
      "Applications are due May 1. Launch your application below to get started.",
      "Unlink GitHub",
    ]);
    document.body.innerHTML = "";
  });
});
