// The reviewers' and the door's islands in Spanish, with the catalogs their pages load: every text
// of theirs a person reads or hears comes from the catalog, none is left in English (englishLeft:
// a text that is one of the catalog's English strings). The server's sentences (a refusal's
// message, a hit's reason) come in the request's language and are written here in Spanish; the
// rubric's criteria and the applicants' names are content, not the island's to translate.
import { act, cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Application } from "../api/organizer";
import type { Capacity, OwnReview, Ranking, RankingRow, Rubric } from "../api/reviews";
import type { QrReader } from "../features/checkin/camera-scanner";
import { CheckinPage } from "../features/checkin/checkin-page";
import { ADA } from "../features/checkin/test-fixtures";
import { AssignApplications } from "../features/reviews/assign-applications";
import { RankingPage } from "../features/reviews/ranking-page";
import { ReviewDetail } from "../features/reviews/review-detail";
import { ReviewList } from "../features/reviews/review-list";
import { RubricPage } from "../features/reviews/rubric-page";
import { mockFetch, type Route } from "../lib/fetch-mock";
import { setCatalog, type Catalog } from "../lib/i18n";
import { QueryProvider, makeQueryClient } from "../lib/query";
import { englishLeft } from "../lib/test-utils";
import checkin from "../locales/es/checkin.json";
import reviews from "../locales/es/reviews.json";

vi.setConfig({ testTimeout: 20_000 });

function renderIn(catalog: Catalog, ui: ReactElement, routes: Record<string, Route> = {}) {
  const server = mockFetch(routes);
  setCatalog("es", catalog);
  render(<QueryProvider client={makeQueryClient()}>{ui}</QueryProvider>);
  return server;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setCatalog(undefined);
});

const CRITERIA = [
  { id: 1, name: "Técnica", description: "Proyectos y experiencia", scale_min: 1, scale_max: 5, weight: 1, position: 0 },
  { id: 2, name: "Motivación", description: "", scale_min: 0, scale_max: 20, weight: 2, position: 1 },
];
const STATUSES = [
  { value: "to_review", label: "Por evaluar" },
  { value: "complete", label: "Completa" },
];

describe("the reviewer's pages in Spanish", () => {
  it("the list of assignments, blind and closed", () => {
    renderIn(
      reviews,
      <ReviewList
        reviewer="rev@princeton.edu"
        reviewStatuses={STATUSES}
        assigned={[
          { email: "", status: "complete" },
          { email: "", status: "to_review" },
        ]}
        items={[
          { index: 0, application_id: 7, email: null, name: null, status: "complete", outcome: "scored" },
          { index: 1, application_id: 8, email: null, name: null, status: "to_review", outcome: "skipped" },
        ]}
        blind
        closed
        isOrganizer={false}
      />,
    );
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Solicitudes por evaluar");
    expect(screen.getByText("1 de 2 completas.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Evaluar Solicitud n.º 7" })).toBeInTheDocument();
    expect(englishLeft(reviews)).toEqual([]);
  });

  const BLANKED: Application = {
    first: "",
    last: "",
    school: "",
    sections: [],
    checkboxes: [true, true, false],
    teamcode: null,
    team_choice: null,
    status: "submitted",
    email: "",
    travel_reimbursement: false,
    housing_accommodations: false,
  };
  const REVIEW: OwnReview = {
    application_id: 7,
    outcome: null,
    scores: {},
    comment: "",
    skip_reason: "",
    editable: true,
    blind: true,
    criteria: CRITERIA,
  };
  const detail = (review: OwnReview) => (
    <ReviewDetail
      reviewer="rev@princeton.edu"
      index={1}
      reviewStatuses={STATUSES}
      decisions={[]}
      sections={[]}
      item={{ email: "", status: "to_review", application_id: 7 }}
      application={BLANKED}
      review={review}
      blind
      isOrganizer={false}
      navigate={vi.fn()}
    />
  );

  it("one review: the score form, its checks and the conflict dialog", async () => {
    renderIn(reviews, detail(REVIEW));
    // Blind: headed by the application's number, as the list names the row.
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Solicitud n.º 7");
    await userEvent.click(screen.getByRole("button", { name: "Guardar la evaluación" }));
    expect(await screen.findByText("Puntúa Técnica del 1 al 5.")).toBeInTheDocument();
    await userEvent.type(screen.getByRole("spinbutton"), "30");
    expect(screen.getByText("Un número entero del 0 al 20.")).toBeInTheDocument();
    expect(englishLeft(reviews)).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Declarar un conflicto" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Declarar un conflicto de intereses" });
    expect(within(dialog).getByRole("option", { name: "Misma universidad" })).toBeInTheDocument();
    expect(englishLeft(reviews)).toEqual([]);
  });

  it("one review after release, read only; and past the end of the list", () => {
    renderIn(reviews, detail({ ...REVIEW, editable: false, outcome: "scored", scores: { "1": 4, "2": 12 } }));
    expect(screen.getByText("Has puntuado esta solicitud.")).toBeInTheDocument();
    expect(englishLeft(reviews)).toEqual([]);
    cleanup();
    renderIn(
      reviews,
      <ReviewDetail reviewer="rev@princeton.edu" index={3} reviewStatuses={STATUSES} decisions={[]} item={{ email: "dne" }} isOrganizer={false} />,
    );
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("No queda nada por evaluar");
    expect(englishLeft(reviews)).toEqual([]);
  });
});

describe("the organizers' review pages in Spanish", () => {
  it("assign: by hand and auto-assign, with what each refuses", async () => {
    renderIn(
      reviews,
      <AssignApplications
        admins={["grace@princeton.edu", "rev1@princeton.edu"]}
        reviewers={[
          { email: "grace@princeton.edu", role: "admin" },
          { email: "rev1@princeton.edu", role: "reviewer" },
        ]}
        unassigned={["a@princeton.edu", "b@princeton.edu", "c@princeton.edu"]}
        unassignedMore
      />,
    );
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Asignar solicitudes para evaluar");
    expect(screen.getByText("3+ solicitudes enviadas sin evaluador/a")).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText("Evaluadores por solicitud"));
    await userEvent.type(screen.getByLabelText("Evaluadores por solicitud"), "2");
    await userEvent.click(screen.getByRole("button", { name: "Asignar a 1 persona evaluadora" }));
    expect(await screen.findByText("Elige al menos 2 personas evaluadoras: cada solicitud necesita 2 distintas.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Enviar" }));
    expect(await screen.findByText("Escribe el correo de la persona evaluadora.")).toBeInTheDocument();
    expect(englishLeft(reviews)).toEqual([]);
  });

  const RUBRIC: Rubric = { criteria: CRITERIA, blind: true, locked: false };

  it("the rubric, with the checks of a criterion", async () => {
    renderIn(reviews, <RubricPage />, { "GET /api/reviews/rubric": { body: RUBRIC } });
    const first = await screen.findByRole("group", { name: "1. Técnica" });
    await userEvent.click(screen.getByRole("button", { name: "Añadir un criterio" }));
    await userEvent.clear(within(first).getByLabelText("Puntuación máxima"));
    await userEvent.type(within(first).getByLabelText("Puntuación máxima"), "1");
    await userEvent.click(screen.getByRole("button", { name: "Guardar la rúbrica" }));
    expect(await screen.findByText("Corrige los campos marcados y después guarda.")).toBeInTheDocument();
    expect(screen.getByText("Ponle un nombre al criterio.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Editor de preguntas" })).toHaveAttribute("href", "/admin/createapp");
    expect(englishLeft(reviews)).toEqual([]);
  });

  it("the rubric after release", async () => {
    renderIn(reviews, <RubricPage />, { "GET /api/reviews/rubric": { body: { ...RUBRIC, locked: true } } });
    expect(await screen.findByText("Las decisiones ya se publicaron.")).toBeInTheDocument();
    expect(englishLeft(reviews)).toEqual([]);
  });

  const row = (rank: number, over: Partial<RankingRow> = {}): RankingRow => ({
    rank,
    application_id: 100 + rank,
    email: `app${rank}@princeton.edu`,
    name: `Persona ${rank}`,
    school: "Princeton University",
    team: null,
    status: "submitted",
    score: 1 - rank / 10,
    raw_score: 9 - rank / 2,
    reviews: 2,
    spread: 0.25,
    ...over,
  });
  const RANKING: Ranking = {
    rows: [row(1), row(2, { team: "AB12CD", status: "waitlist_accepted" }), row(3, { status: "checked_in" })],
    total: 120,
    page: 1,
    pages: 3,
    criteria: CRITERIA,
    agreement: [
      { criterion_id: 1, name: "Técnica", alpha: 0.41, units: 3, pairable_values: 6 },
      { criterion_id: 2, name: "Motivación", alpha: null, units: 1, pairable_values: 2 },
    ],
    reviewers: [{ email: "rev1@princeton.edu", reviews: 3, skipped: 1, conflicts: 0, mean: 6.5, sd: 1.2 }],
    refreshed_at: new Date(Date.now() - 90_000).toISOString(),
    changed_at: null,
    recalculating: true,
  };
  const CAPACITY: Capacity = {
    capacity: 100,
    attendance_rate: 0.5,
    waitlist_size: 1,
    keep_teams: true,
    accepted: 10,
    confirmed: 25,
    checked_in: 4,
    waitlisted: 2,
    admitted: 35,
    spots_filled: 25,
    spots_left: 75,
  };
  const REFILL = {
    enabled: true,
    paused: true,
    idle_reason: "",
    ranked: true,
    waiting: 3,
    capacity: 10,
    attendance_rate: 1,
    target: 10,
    admitted: 9,
    free: 1,
    next: [
      { application_id: 7, email: "top@yale.edu", name: "", status: "waitlisted", team: null, score: 1.5, waitlisted_at: "2025-01-02T10:00:00Z", next: true },
    ],
  };

  it("the ranking: capacity, waitlist refill, the table, agreement, reviewers and a fill preview", async () => {
    const preview = {
      accept: [row(1), row(2, { team: "AB12CD" })],
      waitlist: [row(3)],
      counts: { accept: 2, waitlist: 1, already_admitted: 10, teams_kept: 1, target: 14 },
    };
    renderIn(reviews, <RankingPage />, {
      "GET /api/reviews/ranking": { body: RANKING },
      "GET /api/reviews/capacity": { body: CAPACITY },
      "GET /api/reviews/waitlist-refill": { body: REFILL },
      "GET /api/applications/cycle/offer-settings": { body: { offer_days: 5 } },
      "POST /api/reviews/fill-to-capacity": { body: preview },
    });
    expect(await screen.findByRole("link", { name: "Persona 2" })).toBeInTheDocument();
    expect(screen.getByText("25 de 100 plazas ocupadas (25 %)")).toBeInTheDocument();
    expect(await screen.findByText("En pausa")).toBeInTheDocument();
    expect(await screen.findByLabelText("Días para responder a una oferta")).toBeInTheDocument();
    expect(screen.getByText(/alfa 0,41: acuerdo moderado/)).toBeInTheDocument();
    expect(screen.getByText("Aceptada desde la lista de espera")).toBeInTheDocument();
    const form = screen.getByRole("form", { name: "Llenar hasta el aforo" });
    await userEvent.click(within(form).getByRole("button", { name: "Vista previa" }));
    expect(await screen.findByText(/^2 solicitantes por aceptar · 1 a la lista de espera/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Registrar estas decisiones" }));
    expect(await screen.findByRole("alertdialog", { name: "¿Registrar estas decisiones?" })).toBeInTheDocument();
    expect(englishLeft(reviews)).toEqual([]);
  });

  it("the ranking before anything is reviewed or a capacity is set", async () => {
    renderIn(reviews, <RankingPage />, {
      "GET /api/reviews/ranking": { body: { ...RANKING, rows: [], total: 0, reviewers: [], agreement: [], refreshed_at: null, recalculating: false } },
      "GET /api/reviews/capacity": { body: { ...CAPACITY, capacity: null, spots_left: null } },
      "GET /api/reviews/waitlist-refill": { body: { ...REFILL, enabled: false, target: null, next: [] } },
      "GET /api/applications/cycle/offer-settings": { body: { offer_days: null } },
    });
    expect(await screen.findByText("Ninguna solicitud evaluada coincide.")).toBeInTheDocument();
    expect(await screen.findByText("25 plazas ocupadas · aún no hay aforo fijado")).toBeInTheDocument();
    expect(await screen.findByText("No hay nadie esperando.")).toBeInTheDocument();
    expect(englishLeft(reviews)).toEqual([]);
  });
});

describe("the door in Spanish", () => {
  const TOKEN = "Xy3_AbCdEfGhIjKlMnOp-q.1.k2VabcdEFGH_ij-kl";
  let online = true;
  beforeEach(() => {
    online = true;
    window.localStorage.clear();
    Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => online });
    Object.defineProperty(window.navigator, "mediaDevices", { configurable: true, value: { getUserMedia: vi.fn() } });
  });

  function camera() {
    let emit: ((text: string) => void) | null = null;
    const reader: QrReader = {
      scan: (_video, callback) => {
        emit = (text) => callback({ getText: () => text });
        return { stop: () => undefined };
      },
    };
    const stream = { getTracks: () => [] } as unknown as MediaStream;
    return { load: async () => reader, open: async () => stream, show: (text: string) => act(() => emit?.(text)) };
  }

  const page = (cam: ReturnType<typeof camera>, organizer = true) => (
    <CheckinPage email="sam@princeton.edu" canRegisterWalkIns={organizer} tshirtSizes={["S", "M"]} loadReader={cam.load} openCamera={cam.open} />
  );
  const STATS = { body: { confirmed: 180, checked_in: 95, time_zone: "Europe/Madrid" } };

  it("a scan already checked in, an invalid code, the search, checkpoints and the walk-in form", async () => {
    const cam = camera();
    renderIn(checkin, page(cam), {
      "GET /api/checkin/stats": STATS,
      "GET /api/checkin/checkpoints": { body: { checkpoints: [{ id: 3, name: "Comida del sábado", kind: "meal", passed: 12 }] } },
      "POST /api/checkin/scan": {
        status: 409,
        body: { message: "Ya entró a las 10:42, con sam@princeton.edu.", errors: {}, result: "already_checked_in", person: ADA },
      },
      "GET /api/checkin/search": {
        body: {
          results: [
            { application_id: 42, name: "Ada Lovelace", email: "ada@princeton.edu", school: "Princeton", status: null, door: "confirmed", reason: null, checked_in_at: null },
            { application_id: 43, name: "Adam Smith", email: "adam@yale.edu", school: "Yale", status: null, door: "checked_in", reason: "Ya entró.", checked_in_at: "2026-11-24T10:42:05Z" },
            { application_id: 44, name: "Adele Ames", email: "adele@mit.edu", school: "MIT", status: null, door: "not_confirmed", reason: "No confirmado.", checked_in_at: null },
          ],
        },
      },
    });
    expect(await screen.findByText(/de 180 han entrado/)).toBeInTheDocument();
    expect(await screen.findByRole("heading", { name: "Puntos de control" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Encender la cámara" }));
    await screen.findByRole("button", { name: "Apagar la cámara" });
    cam.show(TOKEN);
    const card = await screen.findByRole("region", { name: "Ya ha entrado" });
    expect(within(card).getByText("Necesidades alimentarias")).toBeInTheDocument();
    expect(englishLeft(checkin)).toEqual([]);
    cam.show("https://example.org");
    expect(await screen.findByRole("region", { name: "Entrada no válida" })).toHaveTextContent("Esto no es una entrada válida.");
    await userEvent.type(screen.getByLabelText("Nombre o correo electrónico"), "ada");
    expect(await screen.findByRole("button", { name: "Registrar la entrada de Ada Lovelace" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Dar de alta a alguien sin solicitud" }));
    expect(screen.getByLabelText("Talla de camiseta (opcional)")).toBeInTheDocument();
    expect(englishLeft(checkin)).toEqual([]);
  });

  it("offline: the scan waits on the device and says so", async () => {
    const cam = camera();
    online = false;
    renderIn(checkin, page(cam, false), { "GET /api/checkin/stats": STATS, "GET /api/checkin/checkpoints": { body: { checkpoints: [] } } });
    await userEvent.click(screen.getByRole("button", { name: "Encender la cámara" }));
    await screen.findByRole("button", { name: "Apagar la cámara" });
    cam.show(TOKEN);
    expect(await screen.findByRole("region", { name: "Guardado sin conexión" })).toHaveTextContent("se registrará la entrada cuando vuelva la conexión");
    expect(screen.getByText("Sin conexión · 1 pendiente de sincronizar")).toBeInTheDocument();
    expect(englishLeft(checkin)).toEqual([]);
  });

  it("a camera that is blocked says so in Spanish", async () => {
    const cam = camera();
    renderIn(checkin, page({ ...cam, open: () => Promise.reject(Object.assign(new Error("x"), { name: "NotAllowedError" })) }, false), {
      "GET /api/checkin/stats": { status: 500, body: {} },
      "GET /api/checkin/checkpoints": { body: { checkpoints: [] } },
    });
    await userEvent.click(screen.getByRole("button", { name: "Encender la cámara" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("La cámara está bloqueada.");
    expect(englishLeft(checkin)).toEqual([]);
  });
});
