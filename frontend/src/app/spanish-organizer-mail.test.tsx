// The organizers' configuration, batch, automated-emails, question builder, integrations and
// travel pages in Spanish, with the catalogs their entries load: every text of the island comes
// from the catalog, none is left in English (englishLeft: a text that is one of the catalog's
// English strings). What the server sends (the statuses' and events' labels, the emails' names,
// the organizers' questions) comes in the page's language already and is given here in Spanish.
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { QuestionSection } from "../api/applications";
import { ConfigForm } from "../features/cycles/config-form";
import { QuestionBuilder } from "../features/builder/question-builder";
import { WebhooksPage } from "../features/integrations/webhooks-page";
import { AutomatedEmails } from "../features/mailings/automated-emails";
import { BatchEmails } from "../features/mailings/batch-emails";
import { AdminTravelPage } from "../features/travel/admin-travel-page";
import { mockFetch, type Route } from "../lib/fetch-mock";
import { setCatalog, type Catalog } from "../lib/i18n";
import { englishLeft, renderWithQuery } from "../lib/test-utils";
import builder from "../locales/es/builder.json";
import config from "../locales/es/config.json";
import integrations from "../locales/es/integrations.json";
import mailings from "../locales/es/mailings.json";
import travelAdmin from "../locales/es/travel-admin.json";
import { BatchPage } from "./batch-page";

function renderIn(catalog: Catalog, ui: ReactElement, routes: Record<string, Route | Route[]> = {}) {
  mockFetch(routes);
  setCatalog("es", catalog);
  return renderWithQuery(ui);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  setCatalog(undefined);
});

describe("the configuration page in Spanish", () => {
  const STATUSES = [
    { value: "not_open", label: "Sin abrir" },
    { value: "open", label: "Solicitudes abiertas" },
    { value: "closed", label: "Solicitudes cerradas" },
    { value: "released", label: "Decisiones publicadas" },
  ];
  const SEASONS = [
    { value: "fall", label: "Otoño" },
    { value: "spring", label: "Primavera" },
  ];
  const CONFIG = {
    dates: {
      due: "2999-01-15",
      start: "2999-03-07",
      end: "2999-03-09",
      housing: "2999-02-14",
      confirmation_first_deadline: "2999-02-01",
      confirmation_second_deadline: "2999-02-20",
      waitlist_deadline: "2999-02-10",
    },
    status: "open",
    location: "Friend Center",
    housing_link: "https://forms.example.org/housing",
    retention_date: null,
  } as const;
  const form = (config = CONFIG) => (
    <ConfigForm config={{ ...config, dates: { ...config.dates } }} current={{ year: 2999, cycle: "spring" }} statuses={STATUSES} seasons={SEASONS} />
  );

  it("the form's own checks, each field's message and the banner", async () => {
    renderIn(config, form({ ...CONFIG, dates: { ...CONFIG.dates, end: "2999-03-01" }, location: " " } as never));
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Configuración");
    await userEvent.click(screen.getByRole("button", { name: "Guardar configuración" }));
    expect(await screen.findByText("No se pudo actualizar la configuración")).toBeInTheDocument();
    expect(screen.getByText("Este campo es obligatorio")).toBeInTheDocument();
    expect(screen.getByText("Debe ser como pronto el inicio del evento (7 de marzo de 2999).")).toBeInTheDocument();
    expect(englishLeft(config)).toEqual([]);
  });

  it("releasing asks first, with the counts and the still-open note", async () => {
    renderIn(config, form(), {
      "GET /api/applications/cycle/release-preview": {
        body: { total: 3, counts: [{ status: "accepted", label: "Admitida", count: 3 }] },
      },
    });
    fireEvent.change(screen.getByLabelText("Estado del hackathon"), { target: { value: "released" } });
    await userEvent.click(screen.getByRole("button", { name: "Guardar configuración" }));
    const dialog = await screen.findByRole("alertdialog", { name: "¿Publicar las decisiones y enviar los correos a los solicitantes?" });
    expect(within(dialog).getByRole("button", { name: "Publicar y enviar el correo a 3 solicitantes" })).toBeInTheDocument();
    expect(within(dialog).getByText(/Las solicitudes siguen abiertas hasta el 15 de enero de 2999/)).toBeInTheDocument();
    expect(englishLeft(config)).toEqual([]);
  });

  it("after a release: the decision emails' progress", async () => {
    renderIn(config, form({ ...CONFIG, status: "released" } as never), {
      "GET /api/applications/cycle/release-progress": { body: { total: 40, sent: 25, failed: 1, pending: 14 } },
    });
    expect(await screen.findByText(/25 de 40 correos enviados · 1 fallidos/)).toBeInTheDocument();
    expect(screen.getByText(/1 correo no se pudo entregar/)).toBeInTheDocument();
    expect(englishLeft(config)).toEqual([]);
  });
});

describe("the batch page in Spanish", () => {
  const SENT = {
    id: 6,
    subject: "Guarda la fecha",
    audience: "accepted",
    send_at: "2030-03-01T14:30:00Z",
    status: "sent",
    recipients: 40,
    sent: 38,
    failed: 2,
  };
  const SENDING = { ...SENT, id: 7, subject: "Abrimos a las 9", status: "sending", sent: 10, failed: 1 };
  const ROUTES = {
    "GET /api/mailings": { body: [SENDING, SENT, { ...SENT, id: 8, subject: "Te esperamos", status: "scheduled", sent: 0, failed: 0 }] },
    "GET /api/mailings/audiences": { body: [{ audience: "accepted", recipients: 3 }] },
    "POST /api/mailings/preview": {
      body: {
        subject: "Hola Ada",
        text: "",
        html: "<p>Hola</p>",
        recipients: 3,
        recipient: { index: 0, email: "ada@princeton.edu", first_name: "Ada", last_name: "Lovelace" },
        placeholders: ["first_name", "dashboard_link"],
      },
    },
    "GET /api/mailings/6/deliveries": {
      body: {
        mailing: { id: 6, subject: "Guarda la fecha", status: "sent" },
        counts: { pending: 0, sending: 0, sent: 38, failed: 2 },
        deliveries: [{ email: "r0@x.edu", state: "failed", attempts: 5, last_error: "550", sent_at: null }],
        total: 60,
        pages: 2,
        page: 1,
      },
    },
  };

  it("the batch emails: the form, its checks, other languages, the list and a mailing's deliveries", async () => {
    renderIn(mailings, <BatchEmails languages={[{ code: "fr", name: "Français" }]} />, ROUTES);
    expect(screen.getByRole("heading", { name: "Correos masivos" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Programar" }));
    expect(await screen.findByText("Escribe un asunto.")).toBeInTheDocument();
    expect(await screen.findByText("Tal como lo recibirá Ada Lovelace <ada@princeton.edu> (destinatario 1 de 3).")).toBeInTheDocument();
    expect(screen.getByText("3 destinatarios recibirán este correo.")).toBeInTheDocument();
    await userEvent.click(await screen.findByRole("button", { name: "Entregas de «Guarda la fecha»" }));
    const panel = await screen.findByRole("region", { name: "Entregas de «Guarda la fecha»" });
    expect(await within(panel).findByText("Página 1 de 2")).toBeInTheDocument();
    expect(englishLeft(mailings)).toEqual([]);
  });

  it("an HTML upload and the page's header", async () => {
    renderIn(mailings, <BatchPage statuses={[{ value: "accepted", label: "Admitida" }]} defaultStatus="accepted" />, ROUTES);
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Decisiones en bloque");
    await userEvent.click(screen.getByRole("radio", { name: "Subir HTML" }));
    expect(screen.getByText("Elige un archivo para ver su vista previa.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Programar" }));
    expect(await screen.findByText("Elige un archivo HTML.")).toBeInTheDocument();
    // The decisions' Batch Update between the two is not in this layer yet.
    for (const part of document.querySelectorAll(".org-header, .org-batch-emails")) expect(englishLeft(mailings, part)).toEqual([]);
  });

  it("the automated emails, in another language's version", async () => {
    const TEMPLATES = [
      { key: "verify_email", name: "Verificación del correo", subject: "Verifica", html: "<p>Hola</p>", placeholders: ["verify_url"], customized: true },
    ];
    renderIn(
      mailings,
      <AutomatedEmails
        email="grace@princeton.edu"
        languages={[
          { code: "en", name: "English" },
          { code: "es", name: "Español" },
        ]}
      />,
      {
        "GET /api/mailings/templates": { body: TEMPLATES },
        "POST /api/mailings/templates/verify_email/preview": { body: { subject: "Verifica", html: "<p>Hola</p>", text: "" } },
      },
    );
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Correos automáticos");
    expect(await screen.findByRole("button", { name: "Restablecer el predeterminado" })).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText("Asunto"));
    await userEvent.click(screen.getByRole("button", { name: "Guardar" }));
    expect(await screen.findByText("Escribe un asunto.")).toBeInTheDocument();
    expect(await screen.findByTitle("Vista previa de Verificación del correo", undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(englishLeft(mailings)).toEqual([]);
  });
});

describe("the question builder in Spanish", () => {
  const QUESTIONS: QuestionSection[] = [
    {
      section_name: "Sobre ti",
      conditional_on: null,
      questions: [
        { question_id: "first_hack", question_text: "¿Primer hackathon?", question_type: "boolean", options: [] },
        { question_id: "level", question_text: "Nivel", question_type: "multiple_choice", options: ["Grado", "Máster"] },
        { question_id: "resume", question_text: "Currículum", question_type: "resume", options: [] },
      ],
    },
  ];

  it("the application set, translated into another language, and a refused save", async () => {
    renderIn(
      builder,
      <QuestionBuilder
        cycle="Primavera 2999"
        cycleStatus="closed"
        languages={[{ code: "fr", name: "Français" }]}
        defaultLanguage={{ code: "es", name: "Español" }}
      />,
      { "GET /api/applications/questions": { body: QUESTIONS } },
    );
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Editor de preguntas");
    expect(await screen.findByLabelText("Nombre de la sección")).toHaveValue("Sobre ti");
    fireEvent.change(screen.getByLabelText("Traducir a"), { target: { value: "fr" } });
    expect(screen.getAllByText("En Français").length).toBeGreaterThan(0);
    await userEvent.click(screen.getByRole("button", { name: "Añadir sección" }));
    await userEvent.click(screen.getByRole("button", { name: "Confirmar preguntas" }));
    expect(await screen.findByText("Ponle un nombre a esta sección.")).toBeInTheDocument();
    expect(screen.getByText(/Error: a una pregunta le falta información/)).toBeInTheDocument();
    expect(englishLeft(builder)).toEqual([]);
  });

  it("the RSVP set", async () => {
    renderIn(builder, <QuestionBuilder />, {
      "GET /api/applications/questions": { body: QUESTIONS },
      "GET /api/applications/rsvp-questions": { body: [{ ...QUESTIONS[0], questions: QUESTIONS[0].questions.slice(0, 2) }] },
    });
    await userEvent.click(screen.getByRole("button", { name: "Confirmación de asistencia (se pregunta al confirmar)" }));
    expect(await screen.findAllByText("Obligatoria para confirmar")).not.toHaveLength(0);
    expect(englishLeft(builder)).toEqual([]);
  });
});

describe("the integrations page in Spanish", () => {
  const EVENTS = [
    { value: "application.submitted", label: "Solicitud enviada" },
    { value: "checkin.created", label: "Entrada registrada" },
  ] as never;
  const ENDPOINT = {
    id: 1,
    url: "https://hooks.example.org/portal",
    description: "",
    events: ["application.submitted"],
    include_email: true,
    created_at: "2026-01-01T00:00:00Z",
    secret_hint: "whsec_…ab",
    pending: 2,
    sent: 12,
    failed: 1,
  } as never;
  const CHANNEL = {
    id: 3,
    kind: "slack",
    url: "https://hooks.slack.com/x",
    events: ["checkin.created"],
    include_names: true,
    last_sent_at: null,
    last_error: "404",
  } as never;

  it("the endpoints, a failed delivery, the channels and the forms' checks", async () => {
    renderIn(integrations, <WebhooksPage endpoints={[ENDPOINT]} channels={[CHANNEL]} events={EVENTS} require_https />, {
      "GET /api/integrations/webhooks": { body: [ENDPOINT] },
      "GET /api/integrations/chat-channels": { body: [CHANNEL] },
      "GET /api/integrations/webhooks/1/deliveries": {
        body: [
          {
            id: 5,
            webhook_id: "msg_1",
            event: "application.submitted",
            application_id: 9,
            state: "failed",
            attempts: 3,
            last_error: "timeout",
            response_status: 500,
            created_at: "2026-01-01T00:00:00Z",
            sent_at: null,
            next_attempt_at: null,
          },
        ],
      },
    });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Integraciones");
    expect(screen.getByText("12 enviados · 1 fallidos · 2 en espera · secreto whsec_…ab")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Fallos (1)" }));
    expect(await screen.findByText(/de la solicitud 9: 3 intentos, última respuesta 500/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Añadir endpoint" }));
    expect(await screen.findByText("Escribe la dirección a la que enviar.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Quitar https://hooks.example.org/portal" }));
    expect(await screen.findByRole("alertdialog", { name: "¿Quitar este endpoint?" })).toBeInTheDocument();
    expect(englishLeft(integrations)).toEqual([]);
  });
});

describe("the travel page in Spanish", () => {
  it("the budget, the bulk grant and each applicant with their grant and receipts", async () => {
    const overview = {
      budget: "5000.00",
      currency: "USD",
      granted: "300.00",
      left: "4700.00",
      receipts_due: "2999-06-01T23:59:00Z",
      pending_receipts: 1,
      people: [
        {
          application_id: 1,
          name: "Ada Lovelace",
          email: "ada@princeton.edu",
          status: "confirmed",
          request: { amount: "300.00", currency: "USD", origin: "Londres", country: "Reino Unido" },
          grant: {
            amount: "300.00",
            status: "granted",
            receipts: [
              { id: 2, original_name: "", content_type: "image/png", size: 9, amount: "30.00", uploaded_at: "2026-05-01T00:00:00Z", status: "pending", reason: "", reviewed_at: null },
              { id: 3, original_name: "tren.pdf", content_type: "application/pdf", size: 9, amount: "290.00", uploaded_at: "2026-05-01T00:00:00Z", status: "approved", reason: "", reviewed_at: null },
            ],
          },
        },
        { application_id: 2, name: "Grace Hopper", email: "grace@princeton.edu", status: "rejected", request: null, grant: null },
        {
          application_id: 3,
          name: "Linus Pauling",
          email: "linus@princeton.edu",
          status: "checked_in",
          request: null,
          grant: {
            amount: "100.00",
            status: "granted",
            receipts: [
              { id: 4, original_name: "bus.pdf", content_type: "application/pdf", size: 9, amount: "120.00", uploaded_at: "2026-05-01T00:00:00Z", status: "approved", reason: "", reviewed_at: null },
            ],
          },
        },
      ],
    };
    renderIn(travelAdmin, <AdminTravelPage />, { "GET /api/travel/overview": { body: overview } });
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Ayudas para el viaje");
    expect(await screen.findByText(/Concedido 300,00 de 5000,00 USD · quedan 4700,00/)).toBeInTheDocument();
    expect(screen.getByText(/Pidió 300,00 USD desde Londres, Reino Unido · Concedido 300,00 USD/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Aprobar Recibo 2 de Ada Lovelace" })).toBeInTheDocument();
    expect(screen.getByText("Sin plaza ofrecida")).toBeInTheDocument();
    // Approving Ada's 30 on top of her approved 290 passes her 300: said before the click.
    expect(screen.getByRole("note")).toHaveTextContent("el pago seguirá siendo 300,00 USD");
    // Linus's approved 120 passed his 100: the payout is the grant.
    expect(screen.getByText("Los recibos aprobados suman más que la ayuda: el pago será el de la ayuda, 100,00 USD.")).toBeInTheDocument();
    expect(englishLeft(travelAdmin)).toEqual([]);
  });
});
