// The organizers' applications, people and reports islands (and the admin home) in Spanish, with
// the catalogs their pages load: in each main state (loaded, empty, failed) no text a person
// reads or hears is one of the catalog's English strings (englishLeft). What the server sends
// (status labels, the funnel's words, question texts) comes in the page's language already, so
// the fixtures give it in Spanish.
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactElement } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Application, HistoryEntry, QuestionSection } from "../api/organizer";
import { ApplicantDetail } from "../features/applications/applicant-detail";
import { ApplicationsTable } from "../features/applications/applications-table";
import { BatchUpdate } from "../features/decisions/batch-update";
import { AdminHome } from "../features/home/admin-home";
import { Administrators } from "../features/people/administrators";
import { Whitelist } from "../features/people/whitelist";
import { Demographics } from "../features/reports/demographics";
import { ResumeBook } from "../features/reports/resume-book";
import { StatsPage } from "../features/reports/stats-page";
import { mockFetch, type Route } from "../lib/fetch-mock";
import { setCatalog, type Catalog } from "../lib/i18n";
import { englishLeft, renderWithQuery } from "../lib/test-utils";
import admin from "../locales/es/admin.json";
import applications from "../locales/es/applications.json";
import decisions from "../locales/es/decisions.json";
import people from "../locales/es/people.json";
import reports from "../locales/es/reports.json";

function renderIn(catalog: Catalog, ui: ReactElement, routes: Record<string, Route | Route[]> = {}) {
  mockFetch(routes);
  setCatalog("es", catalog);
  return renderWithQuery(ui);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setCatalog(undefined);
});

const FAILED = { status: 500, body: { message: "—" } };

describe("the admin home in Spanish", { timeout: 20000 }, () => {
  const stage = (key: string, label: string, count: number) => ({
    key,
    label,
    count,
    selection: key,
    query: `selection=${key}`,
    href: `/admin/users?selection=${key}`,
  });
  const HOME = {
    cycle: { id: 1, name: "Otoño 2026", status: "open", status_label: "Abierto" },
    next_deadline: { name: "due", label: "Cierre de solicitudes", date: "2099-05-20", at: "2099-05-20T00:00:00Z" },
    now: "2026-05-01T00:00:00Z",
    registered: { key: "registered", label: "Registradas", count: 1240, never_started: 1, href: "/admin/batch" },
    funnel: [stage("started", "Empezadas", 30), stage("submitted", "Enviadas", 20)],
    beside: [stage("declined", "Declinadas", 2)],
    todos: [{ key: "unassigned", label: "solicitudes enviadas sin revisor", count: 4, href: "/admin/assignapps", done: false }],
  };
  const CARDS = [
    { title: "Solicitudes", href: "/admin/users", description: "Explora todas las solicitudes." },
    { title: "Estadísticas", href: "/admin/stats", description: "Cifras de un vistazo." },
    { title: "Herramienta nueva", href: "/admin/new", description: "Otra herramienta." },
  ];

  it("loaded: the status, the countdown, the funnel, the to-dos and the grouped tools", async () => {
    renderIn(admin, <AdminHome cards={CARDS} />, { "GET /api/admin/home": { body: HOME } });
    expect(await screen.findByRole("heading", { name: "Solicitantes" })).toBeInTheDocument();
    expect(screen.getByText(/1240|1\.240/)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Más" })).toBeInTheDocument();
    expect(englishLeft(admin)).toEqual([]);
  });

  it("failed: the error and its retry", async () => {
    renderIn(admin, <AdminHome cards={CARDS} />, { "GET /api/admin/home": FAILED });
    expect(await screen.findByRole("button", { name: "Reintentar" })).toBeInTheDocument();
    expect(englishLeft(admin)).toEqual([]);
  });
});

describe("the applications table in Spanish", { timeout: 20000 }, () => {
  const STATUSES = [
    { value: "submitted", label: "Enviada" },
    { value: "accepted", label: "Admitida" },
  ];
  const DECISIONS = [
    { value: "accepted", label: "Admitida" },
    { value: "rejected", label: "No admitida" },
  ];
  const row = (email: string, status: string) => ({
    email,
    first: "Ada",
    last: "Lovelace",
    school: "Princeton University",
    teamcode: null,
    status,
    submitted_at: "2026-01-15T14:30:00Z",
    score: 3.5,
    reviews: 2,
  });
  const PAGE = {
    page: 1,
    pages: 2,
    total: 21,
    next: "after-1",
    previous: null,
    applications: [row("ada@princeton.edu", "waitlist_accepted"), row("grace@princeton.edu", "checked_in")],
  };
  const EMPTY = { page: 1, pages: 0, total: 0, next: null, previous: null, applications: [] };
  const table = () => (
    <ApplicationsTable perPage={20} statuses={STATUSES} decisions={DECISIONS} selections={[]} hostSchool="" debounceMs={0} />
  );

  it("loaded, with rows selected and a batch decision's result", async () => {
    window.history.replaceState(null, "", "/admin/users");
    renderIn(applications, table(), {
      "GET /api/applications/all": { body: PAGE },
      "GET /api/auth/admins": { body: ["grace@princeton.edu"] },
      "POST /api/applications/batch-status": {
        body: {
          approved: ["ada@princeton.edu"],
          failed: [],
          skipped: [{ email: "grace@princeton.edu", reason: "ya confirmada", code: "already confirmed" }],
          emailed: 0,
        },
      },
    });
    expect(await screen.findByText("ada@princeton.edu")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("checkbox", { name: "Seleccionar todas las de esta página" }));
    expect(englishLeft(applications)).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Seleccionar las 21 que coinciden" }));
    expect(englishLeft(applications)).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Decidir sobre las 21 que coinciden" }));
    expect(englishLeft(applications)).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Poner 21 en Admitida" }));
    expect(await screen.findByText(/Admitida: 1 de 21 solicitudes decididas/)).toBeInTheDocument();
    expect(englishLeft(applications)).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Forzar: poner a la persona omitida en Admitida" }));
    expect(screen.getByRole("button", { name: "Forzar y poner 1 solicitud en Admitida" })).toBeInTheDocument();
    expect(englishLeft(applications)).toEqual([]);
  });

  it("empty: no applications yet", async () => {
    window.history.replaceState(null, "", "/admin/users");
    renderIn(applications, table(), {
      "GET /api/applications/all": { body: EMPTY },
      "GET /api/auth/admins": { body: [] },
    });
    expect(await screen.findByText("Aún no hay solicitudes.")).toBeInTheDocument();
    expect(englishLeft(applications)).toEqual([]);
  });

  it("failed: the error and its retry", async () => {
    window.history.replaceState(null, "", "/admin/users");
    renderIn(applications, table(), { "GET /api/applications/all": FAILED, "GET /api/auth/admins": FAILED });
    expect(await screen.findByRole("button", { name: "Reintentar" })).toBeInTheDocument();
    expect(englishLeft(applications)).toEqual([]);
  });
});

describe("an applicant's page in Spanish", { timeout: 20000 }, () => {
  const SECTIONS: QuestionSection[] = [
    {
      section_name: "Sobre ti",
      conditional_on: null,
      questions: [
        { question_id: "major", question_text: "¿Carrera?", question_type: "short_answer", options: [] },
        { question_id: "first_hack", question_text: "¿Primer hackathon?", question_type: "boolean", options: [] },
      ],
    },
  ];
  const APPLICATION: Application = {
    first: "Ada",
    last: "Lovelace",
    school: "Princeton University",
    sections: [
      {
        section_name: "Sobre ti",
        answers: [
          { question_id: "major", answer: "Matemáticas" },
          { question_id: "first_hack", answer: "yes" },
        ],
      },
    ],
    checkboxes: [true, true, false],
    teamcode: "123456",
    team_choice: null,
    status: "confirmed",
    email: "ada@princeton.edu",
    travel_reimbursement: true,
    housing_accommodations: false,
  };
  const HISTORY = [
    { at: "2026-01-15T14:30:00Z", actor: "", by: "", field: "status", label: "Estado", from: "submitted", to: "accepted" },
    { at: "2026-01-16T14:30:00Z", actor: "grace@princeton.edu", by: "", field: "travel", label: "Viaje", from: "False", to: "True" },
  ] as HistoryEntry[];
  const LISTS = {
    "GET /api/applications/schools": { body: [] },
    "GET /api/applications/countries": { body: [] },
    "GET /api/applications/teammates/123456": { body: ["ada@princeton.edu"] },
  };
  const DECISIONS = [
    { value: "submitted", label: "Sin decisión" },
    { value: "accepted", label: "Admitida" },
  ];

  it("loaded: summary, decision, team, answers, RSVP, history and resume downloads; then the editor", async () => {
    renderIn(
      applications,
      <ApplicantDetail
        email="ada@princeton.edu"
        decisions={DECISIONS}
        application={APPLICATION}
        sections={SECTIONS}
        history={HISTORY}
        resumeAccess={[{ at: "2026-01-17T10:00:00Z", by: "grace@princeton.edu", how: "one", how_label: "Uno a uno" }]}
        rsvp={[{ question_id: "diet", question: "¿Dieta?", answer: "no" }]}
      />,
      LISTS,
    );
    expect(await screen.findByText("Aún no se ha unido nadie al equipo.")).toBeInTheDocument();
    expect(englishLeft(applications)).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Editar" }));
    expect(screen.getByRole("button", { name: "Guardar solicitud" })).toBeInTheDocument();
    expect(englishLeft(applications)).toEqual([]);
  });

  it("empty: no application, no history, no resume downloads", async () => {
    renderIn(
      applications,
      <ApplicantDetail email="nobody@princeton.edu" decisions={DECISIONS} application={null} sections={SECTIONS} history={[]} />,
      LISTS,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("No hay ninguna solicitud de nobody@princeton.edu");
    expect(englishLeft(applications)).toEqual([]);
    renderIn(
      applications,
      <ApplicantDetail
        email="ada@princeton.edu"
        decisions={DECISIONS}
        application={{ ...APPLICATION, teamcode: null, status: "submitted" }}
        sections={SECTIONS}
        history={[]}
        resumeAccess={[]}
        rsvp={null}
      />,
      LISTS,
    );
    expect(englishLeft(applications)).toEqual([]);
  });

  it("failed: the application could not be loaded", async () => {
    renderIn(applications, <ApplicantDetail email="ada@princeton.edu" decisions={DECISIONS} />, {
      ...LISTS,
      "GET /api/applications/ada@princeton.edu": FAILED,
      "GET /api/applications/ada%40princeton.edu": FAILED,
      "GET /api/applications/questions": { body: SECTIONS },
      "GET /api/applications/ada%40princeton.edu/history": { body: [] },
    });
    expect(await screen.findByText("No se pudo cargar la solicitud. Recarga la página.")).toBeInTheDocument();
    expect(englishLeft(applications)).toEqual([]);
  });
});

describe("batch update in Spanish", { timeout: 20000 }, () => {
  it("the form, with a pasted list checked", async () => {
    renderIn(decisions, <BatchUpdate statuses={[{ value: "accepted", label: "Admitida" }]} defaultStatus="accepted" />, {
      "POST /api/applications/batch-status": { body: { approved: [], failed: [], skipped: [], emailed: 0 } },
    });
    await userEvent.click(screen.getByRole("button", { name: "Enviar" }));
    expect(await screen.findByText("Pega al menos una dirección de correo.")).toBeInTheDocument();
    expect(englishLeft(decisions)).toEqual([]);
  });
});

describe("the people pages in Spanish", { timeout: 20000 }, () => {
  it("administrators, loaded and empty", async () => {
    renderIn(
      people,
      <Administrators
        admins={["ada@princeton.edu", "grace@princeton.edu"]}
        me="ada@princeton.edu"
        staff={[
          { email: "alan@princeton.edu", role: "reviewer" },
          { email: "edsger@princeton.edu", role: "volunteer" },
        ]}
      />,
    );
    expect(screen.getByRole("heading", { name: "Administradores" })).toBeInTheDocument();
    expect(englishLeft(people)).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Quitar el rol de alan@princeton.edu" }));
    expect(englishLeft(people)).toEqual([]);
  });

  it("administrators with nobody, and a failed promotion", async () => {
    renderIn(people, <Administrators admins={[]} me="ada@princeton.edu" />, {
      "POST /api/auth/promote": { status: 404, body: { message: "—" } },
    });
    await userEvent.click(screen.getByRole("button", { name: "Hacer administrador" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Ninguna cuenta usa esta dirección de correo.");
    expect(englishLeft(people)).toEqual([]);
  });

  it("the whitelist, loaded, empty and refusing a bad pattern", async () => {
    renderIn(
      people,
      <Whitelist
        exceptions={[
          { id: 1, kind: "email", value: "mentor@example.org" },
          { id: 2, kind: "pattern", value: ".*@mentors\\.example\\.org" },
        ]}
      />,
    );
    expect(englishLeft(people)).toEqual([]);
    renderIn(people, <Whitelist exceptions={[]} />);
    await userEvent.click(screen.getAllByRole("button", { name: "Añadir correo" })[1]);
    expect(englishLeft(people)).toEqual([]);
  });
});

describe("the reports in Spanish", { timeout: 20000 }, () => {
  const STATS = Object.fromEntries(
    ["applications", "started", "accepted", "confirmed", "declined", "checked_in"].flatMap((group) => [
      [`total_${group}`, 1200],
      [`princeton_${group}`, 1],
      [`non_princeton_${group}`, 0],
    ]),
  );
  const TREND = {
    time_zone: "UTC",
    days: [
      { date: "2026-11-01", submitted: 4, cumulative: 4 },
      { date: "2026-11-03", submitted: 8, cumulative: 12 },
    ],
  };

  it("statistics, loaded with the trend and the checkpoints", async () => {
    renderIn(reports, <StatsPage hostSchool="Princeton University" cycle="Otoño 2026" />, {
      "GET /api/applications/stats": { body: STATS },
      "GET /api/applications/stats/trend": { body: TREND },
      "GET /api/checkin/checkpoints": { body: { checkpoints: [{ id: 1, name: "Almuerzo", kind: "meal", passed: 41 }] } },
    });
    expect(await screen.findByRole("heading", { name: "En el evento" })).toBeInTheDocument();
    expect(await screen.findByText("Día con más envíos")).toBeInTheDocument();
    expect(englishLeft(reports)).toEqual([]);
  });

  it("statistics, with nothing submitted and failed counters", async () => {
    renderIn(reports, <StatsPage hostSchool="Princeton University" />, {
      "GET /api/applications/stats": FAILED,
      "GET /api/applications/stats/trend": { body: { time_zone: "UTC", days: [] } },
      "GET /api/checkin/checkpoints": FAILED,
    });
    expect(await screen.findByText("No se pudieron cargar las estadísticas")).toBeInTheDocument();
    expect(await screen.findByText(/Aún no se ha enviado ninguna solicitud/)).toBeInTheDocument();
    expect(englishLeft(reports)).toEqual([]);
  });

  const GROUPS = [
    { value: "applied" as const, label: "Postularon", description: "Todas las solicitudes enviadas." },
    { value: "accepted" as const, label: "Admitidas" },
  ];

  it("demographics, loaded (a chart with data, one without) and empty", async () => {
    renderIn(reports, <Demographics groups={GROUPS} initialGroup="applied" cycle="Otoño 2026" />, {
      "GET /api/applications/demographics": {
        body: [
          { question_id: "age", question_text: "Edad", question_type: "numeric", data: [{ label: "18", count: 3 }] },
          { question_id: "first", question_text: "¿Primera vez?", question_type: "boolean", data: [] },
        ],
      },
    });
    expect(await screen.findByText("No hay datos.")).toBeInTheDocument();
    expect(englishLeft(reports)).toEqual([]);
  });

  it("demographics, with no survey questions and failed", async () => {
    renderIn(reports, <Demographics groups={GROUPS} initialGroup="applied" />, {
      "GET /api/applications/demographics": { body: [] },
    });
    expect(await screen.findByText(/El cuestionario no tiene preguntas/)).toBeInTheDocument();
    expect(englishLeft(reports)).toEqual([]);
    renderIn(reports, <Demographics groups={GROUPS} initialGroup="accepted" />, {
      "GET /api/applications/demographics": FAILED,
    });
    expect(await screen.findByText("No se pudieron cargar los datos demográficos.")).toBeInTheDocument();
    expect(englishLeft(reports)).toEqual([]);
  });

  it("the resume book, with a bad address", async () => {
    renderIn(reports, <ResumeBook />);
    const field = screen.getByRole("textbox", { name: "Correo de la persona solicitante" });
    await userEvent.type(field, "not-an-address");
    await userEvent.tab();
    expect(screen.getByText("Escribe una dirección de correo válida")).toBeInTheDocument();
    expect(englishLeft(reports)).toEqual([]);
  });
});
