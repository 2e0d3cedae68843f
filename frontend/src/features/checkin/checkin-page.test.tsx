// The check-in page against a mocked server and a fake camera: each answer's card, the offline
// queue (queued with its scan id, sent again with the same one), search and walk-ins.
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../../lib/fetch-mock";
import { QueryProvider, makeQueryClient } from "../../lib/query";
import { CAMERA_MESSAGES } from "./camera";
import type { QrReader } from "./camera-scanner";
import { CheckinPage, type CheckinProps } from "./checkin-page";
import { storageKey } from "./queue";
import { ADA } from "./test-fixtures";

const TOKEN = "Xy3_AbCdEfGhIjKlMnOp-q.1.k2VabcdEFGH_ij-kl";
const ME = "sam@princeton.edu";
const STATS = { body: { confirmed: 180, checked_in: 95 } };

/** A camera that "sees" whatever the test shows it. */
function fakeCamera(open: (video: HTMLVideoElement) => Promise<MediaStream> = async () => fakeStream) {
  let emit: ((text: string) => void) | null = null;
  let fail: ((error: Error) => void) | null = null;
  const stop = vi.fn();
  const reader: QrReader = {
    scan: vi.fn((_video, callback, finalize) => {
      emit = (text) => callback({ getText: () => text });
      fail = (error) => finalize?.(error);
      return { stop };
    }),
  };
  return {
    load: async () => reader,
    open,
    reader,
    stop,
    show: (text: string) => act(() => emit?.(text)),
    /** The reader's loop ends on an error it didn't expect. */
    crash: () => act(() => fail?.(new Error("IndexSizeError"))),
  };
}

const stopTrack = vi.fn();
const fakeStream = { getTracks: () => [{ stop: stopTrack }] } as unknown as MediaStream;

let online = true;
beforeEach(() => {
  online = true;
  window.localStorage.clear();
  Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => online });
  // jsdom has no camera: the page only checks that there is one to ask for.
  Object.defineProperty(window.navigator, "mediaDevices", {
    configurable: true,
    value: { getUserMedia: vi.fn() },
  });
});
afterEach(() => vi.unstubAllGlobals());

function renderPage(camera = fakeCamera(), canRegisterWalkIns = false, props: Partial<CheckinProps> = {}) {
  render(
    <QueryProvider client={makeQueryClient()}>
      <CheckinPage
        email={ME}
        canRegisterWalkIns={canRegisterWalkIns}
        tshirtSizes={["S", "M", "L"]}
        loadReader={camera.load}
        openCamera={camera.open}
        {...props}
      />
    </QueryProvider>,
  );
  return camera;
}

async function startCamera(camera: ReturnType<typeof fakeCamera>) {
  await userEvent.click(screen.getByRole("button", { name: "Start camera" }));
  await screen.findByRole("button", { name: "Stop camera" });
  return camera;
}

function stored() {
  return JSON.parse(window.localStorage.getItem(storageKey(ME)) ?? "{}");
}

describe("the header", () => {
  it("draws the page's own counts and checkpoints at once, and asks again after a scan", async () => {
    const server = mockFetch({
      "GET /api/checkin/stats": { body: { confirmed: 180, checked_in: 96 } },
      "POST /api/checkin/scan": { body: { result: "checked_in", person: ADA } },
    });
    const camera = renderPage(fakeCamera(), false, {
      stats: { ...STATS.body, time_zone: "" },
      checkpoints: { checkpoints: [{ id: 7, name: "Saturday lunch", kind: "meal", passed: 3 }] },
    });
    // In the first render, without a request: no "Counting…" above the scanner to grow later.
    expect(screen.getByText("95")).toBeInTheDocument();
    expect(screen.getByLabelText("Scanning at")).toBeInTheDocument();
    expect(screen.getByRole("option", { name: /Saturday lunch/ })).toBeInTheDocument();
    expect(server.calls).toEqual([]);
    await startCamera(camera);
    camera.show(TOKEN);
    await screen.findByRole("region", { name: "Checked in" });
    expect(await screen.findByText("96")).toBeInTheDocument();
  });
});

describe("the day", () => {
  it("says so above the scanner when the event is weeks away, and nothing on its day", () => {
    mockFetch({ "GET /api/checkin/stats": STATS, "GET /api/checkin/checkpoints": { body: { checkpoints: [] } } });
    renderPage(fakeCamera(), false, { eventDays: { start: "2026-03-07", end: "2026-03-08", today: "2026-02-10" } });
    expect(screen.getByRole("note")).toHaveTextContent("The event starts on March 7, 2026: a check-in now counts all the same.");
  });

  it("shows no note on the event's day", () => {
    mockFetch({ "GET /api/checkin/stats": STATS, "GET /api/checkin/checkpoints": { body: { checkpoints: [] } } });
    renderPage(fakeCamera(), false, { eventDays: { start: "2026-03-07", end: "2026-03-08", today: "2026-03-07" } });
    expect(screen.queryByRole("note")).not.toBeInTheDocument();
  });
});

describe("scanning a ticket", () => {
  it("checks the person in and shows their details; the counts refresh", async () => {
    const server = mockFetch({
      "GET /api/checkin/stats": [STATS, { body: { confirmed: 180, checked_in: 96 } }],
      "POST /api/checkin/scan": { body: { result: "checked_in", person: ADA } },
    });
    const camera = await startCamera(renderPage());
    expect(await screen.findByText("95")).toBeInTheDocument();
    camera.show(TOKEN);
    const card = await screen.findByRole("region", { name: "Checked in" });
    expect(within(card).getByText("Ada Lovelace")).toBeInTheDocument();
    expect(within(card).getByText("Vegetarian, Nut allergy")).toBeInTheDocument();
    expect(within(card).getByText("M")).toBeInTheDocument();
    expect(within(card).getByText("Princeton University")).toBeInTheDocument();
    const scan = server.calls.find((c) => c.path === "/api/checkin/scan");
    expect(scan?.body).toMatchObject({ token: TOKEN });
    expect((scan?.body as { scan_id: string }).scan_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText("96")).toBeInTheDocument();
  });

  it("sends a ticket held in front of the camera once", async () => {
    const server = mockFetch({
      "GET /api/checkin/stats": STATS,
      "POST /api/checkin/scan": { body: { result: "checked_in", person: ADA } },
    });
    const camera = await startCamera(renderPage());
    camera.show(TOKEN);
    await screen.findByRole("region", { name: "Checked in" });
    camera.show(TOKEN);
    camera.show(TOKEN);
    expect(server.calls.filter((c) => c.path === "/api/checkin/scan")).toHaveLength(1);
  });

  it.each([
    [
      "already checked in: amber, when and by whom",
      { status: 409, body: { message: "Already checked in at 10:42 by sam@princeton.edu.", errors: {}, result: "already_checked_in", person: ADA } },
      "Already checked in",
      "Already checked in at 10:42 by sam@princeton.edu.",
    ],
    [
      "not confirmed: red, with the reason",
      { status: 409, body: { message: "Not confirmed: on the waitlist.", errors: {}, result: "not_confirmed" } },
      "Not checked in",
      "Not confirmed: on the waitlist.",
    ],
    [
      "a replaced ticket",
      { status: 409, body: { message: "This ticket was replaced by a newer one.", errors: {}, result: "replaced", person: ADA } },
      "Old ticket",
      "This ticket was replaced by a newer one.",
    ],
    [
      "a forged ticket",
      { status: 400, body: { message: "This isn't a valid ticket.", errors: { token: ["This isn't a valid ticket."] }, result: "invalid" } },
      "Not a valid ticket",
      "This isn't a valid ticket.",
    ],
  ])("%s", async (_case, reply, title, detail) => {
    mockFetch({ "GET /api/checkin/stats": STATS, "POST /api/checkin/scan": reply });
    const camera = await startCamera(renderPage());
    camera.show(TOKEN);
    const card = await screen.findByRole("region", { name: title });
    expect(within(card).getByText(detail)).toBeInTheDocument();
    // A refusal is the server's verdict: nothing is queued.
    expect(window.localStorage.getItem(storageKey(ME)) ?? "").not.toContain(TOKEN);
  });

  it("refuses a code that isn't a ticket without asking the server", async () => {
    const server = mockFetch({ "GET /api/checkin/stats": STATS });
    const camera = await startCamera(renderPage());
    camera.show("https://example.org/");
    expect(await screen.findByRole("region", { name: "Not a valid ticket" })).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === "POST")).toEqual([]);
  });

  it("says why when the camera is blocked, and points to the search", async () => {
    mockFetch({ "GET /api/checkin/stats": STATS });
    renderPage(
      fakeCamera(async () => {
        throw Object.assign(new Error("denied"), { name: "NotAllowedError" });
      }),
    );
    await userEvent.click(screen.getByRole("button", { name: "Start camera" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(CAMERA_MESSAGES.denied);
    expect(screen.getByRole("button", { name: "Start camera" })).toBeEnabled();
  });

  it("turns the camera off with Stop camera: the scan loop and the stream", async () => {
    mockFetch({ "GET /api/checkin/stats": STATS });
    stopTrack.mockClear();
    const camera = await startCamera(renderPage());
    await userEvent.click(screen.getByRole("button", { name: "Stop camera" }));
    expect(camera.stop).toHaveBeenCalledTimes(1);
    expect(stopTrack).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "Start camera" })).toBeInTheDocument();
  });

  it("scans again when the reader's loop ends on an unexpected error", async () => {
    const server = mockFetch({
      "GET /api/checkin/stats": STATS,
      "POST /api/checkin/scan": { body: { result: "checked_in", person: ADA } },
    });
    const camera = await startCamera(renderPage());
    camera.crash();
    await waitFor(() => expect(camera.reader.scan).toHaveBeenCalledTimes(2));
    camera.show(TOKEN);
    expect(await screen.findByRole("region", { name: "Checked in" })).toBeInTheDocument();
    expect(server.calls.filter((c) => c.path === "/api/checkin/scan")).toHaveLength(1);
  });
});

describe("offline", () => {
  it("queues a scan made offline and sends it, with the same scan id, once back online", async () => {
    const server = mockFetch({
      "GET /api/checkin/stats": STATS,
      "POST /api/checkin/scan": { body: { result: "checked_in", person: ADA } },
    });
    online = false;
    const camera = await startCamera(renderPage());
    camera.show(TOKEN);
    expect(await screen.findByRole("region", { name: "Saved offline" })).toBeInTheDocument();
    expect(screen.getByText("Offline · 1 waiting to sync")).toBeInTheDocument();
    const [queued] = stored().pending;
    expect(queued).toMatchObject({ target: { kind: "token", token: TOKEN }, attempts: 0 });
    expect(server.calls.filter((c) => c.path === "/api/checkin/scan")).toEqual([]);

    online = true;
    act(() => void window.dispatchEvent(new Event("online")));
    const synced = await screen.findByRole("list", { name: "Synced from this device" });
    expect(within(synced).getByText("Ada Lovelace")).toBeInTheDocument();
    expect(within(synced).getByText("Checked in")).toBeInTheDocument();
    const sent = server.calls.filter((c) => c.path === "/api/checkin/scan");
    expect(sent).toHaveLength(1);
    expect(sent[0].body).toMatchObject({ token: TOKEN, scan_id: queued.scanId });
    expect(stored().pending).toEqual([]);
    expect(screen.queryByText(/waiting to sync/)).not.toBeInTheDocument();
    // The card that said "Saved offline" now gives the answer.
    expect(screen.getByRole("region", { name: "Checked in" })).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Saved offline" })).not.toBeInTheDocument();
  });

  it("queues a scan whose request got no answer, and retries it with the same scan id", async () => {
    const answers: ("drop" | "ok")[] = ["drop", "ok"];
    const server = mockFetch({
      "GET /api/checkin/stats": STATS,
      "POST /api/checkin/scan": () => {
        if (answers.shift() === "drop") throw new TypeError("Failed to fetch");
        return { body: { result: "checked_in", person: ADA } };
      },
    });
    const camera = await startCamera(renderPage());
    camera.show(TOKEN);
    expect(await screen.findByRole("region", { name: "Saved offline" })).toBeInTheDocument();
    // Due at once: the timer sends it again without waiting for an online event.
    await screen.findByRole("list", { name: "Synced from this device" });
    const sent = server.calls.filter((c) => c.path === "/api/checkin/scan").map((c) => (c.body as { scan_id: string }).scan_id);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toBe(sent[1]);
  });

  it("shows a refusal that arrives on sync in the synced list", async () => {
    mockFetch({
      "GET /api/checkin/stats": STATS,
      "POST /api/checkin/scan": {
        status: 409,
        body: { message: "Already checked in at 10:42 by kim@princeton.edu.", errors: {}, result: "already_checked_in", person: ADA },
      },
    });
    online = false;
    const camera = await startCamera(renderPage());
    camera.show(TOKEN);
    await screen.findByRole("region", { name: "Saved offline" });
    online = true;
    act(() => void window.dispatchEvent(new Event("online")));
    const synced = await screen.findByRole("list", { name: "Synced from this device" });
    expect(within(synced).getByText("Already checked in")).toBeInTheDocument();
    expect(within(synced).getByText(/by kim@princeton.edu/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Clear this list" }));
    expect(screen.queryByRole("list", { name: "Synced from this device" })).not.toBeInTheDocument();
  });

  it("picks up the queue a previous visit left on this device", async () => {
    window.localStorage.setItem(
      storageKey(ME),
      JSON.stringify({
        pending: [
          { scanId: "11111111-1111-4111-8111-111111111111", target: { kind: "application", applicationId: 42 }, label: "Ada Lovelace", queuedAt: 1, attempts: 3, nextAttemptAt: 1, lastError: "offline" },
        ],
        synced: [],
      }),
    );
    const server = mockFetch({
      "GET /api/checkin/stats": STATS,
      "POST /api/checkin/check-in": { body: { result: "checked_in", person: ADA } },
    });
    renderPage();
    await screen.findByRole("list", { name: "Synced from this device" });
    expect(server.calls.find((c) => c.path === "/api/checkin/check-in")?.body).toEqual({
      application_id: 42,
      scan_id: "11111111-1111-4111-8111-111111111111",
    });
  });
});

describe("the search fallback", () => {
  const HITS = {
    body: {
      results: [
        // A volunteer's view: whether to let them in and why not, never the decision.
        { application_id: 42, name: "Ada Lovelace", email: "ada@princeton.edu", school: "Princeton University", status: null, door: "confirmed", reason: null, checked_in_at: null },
        { application_id: 43, name: "Adam Smith", email: "adam@yale.edu", school: "Yale University", status: null, door: "checked_in", reason: "Already checked in at 10:42 UTC by sam@princeton.edu.", checked_in_at: "2026-11-24T10:42:05Z" },
        { application_id: 44, name: "Adele Ames", email: "adele@mit.edu", school: "MIT", status: null, door: "not_confirmed", reason: "Not confirmed.", checked_in_at: null },
      ],
    },
  };

  it("finds people by name and offers Check in only to the confirmed, saying why not to the others", async () => {
    const server = mockFetch({
      "GET /api/checkin/stats": STATS,
      "GET /api/checkin/search": HITS,
      "POST /api/checkin/check-in": { body: { result: "checked_in", person: ADA } },
    });
    renderPage();
    await userEvent.type(screen.getByLabelText("Name or email"), "ada");
    const list = await screen.findByRole("list", { name: "Search results" });
    expect(server.calls.find((c) => c.path === "/api/checkin/search")?.url).toContain("q=ada");
    expect(within(list).getByText(/^In at/)).toBeInTheDocument();
    expect(within(list).queryByRole("button", { name: "Check in Adam Smith" })).not.toBeInTheDocument();
    expect(within(list).getByText("Already checked in at 10:42 UTC by sam@princeton.edu.")).toBeInTheDocument();
    expect(within(list).getByText("Not confirmed")).toBeInTheDocument();
    expect(within(list).queryByRole("button", { name: "Check in Adele Ames" })).not.toBeInTheDocument();
    await userEvent.click(within(list).getByRole("button", { name: "Check in Ada Lovelace" }));
    expect(await screen.findByRole("region", { name: "Checked in" })).toBeInTheDocument();
    expect(server.calls.find((c) => c.path === "/api/checkin/check-in")?.body).toMatchObject({ application_id: 42 });
  });

  it("writes times in the event's zone with the zone named, whatever the device's zone", async () => {
    const zoned = {
      body: {
        results: [
          { ...HITS.body.results[1], checked_in_at: "2026-11-24T05:42:05-05:00", time_zone: "America/New_York" },
        ],
      },
    };
    mockFetch({
      "GET /api/checkin/stats": { body: { confirmed: 180, checked_in: 95, time_zone: "America/New_York" } },
      "GET /api/checkin/search": zoned,
    });
    renderPage();
    expect(await screen.findByText(/times in America\/New_York/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Name or email"), "adam");
    const list = await screen.findByRole("list", { name: "Search results" });
    expect(within(list).getByText("In at 05:42 EST")).toBeInTheDocument();
  });

  it("does not search for one character", async () => {
    // Fake time, so "the debounce has passed" is a fact and not a guess: with one character the
    // settled text sends nothing; a second character then searches, so the test would see a
    // one-character search had there been one.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const server = mockFetch({ "GET /api/checkin/stats": STATS, "GET /api/checkin/search": HITS });
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderPage();
      const searches = () => server.calls.filter((c) => c.path === "/api/checkin/search").map((c) => c.url);
      await user.type(screen.getByLabelText("Name or email"), "a");
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
      expect(searches()).toEqual([]);
      expect(screen.getByText("At least 2 characters.")).toBeInTheDocument();
      await user.type(screen.getByLabelText("Name or email"), "d");
      // Enough typed: the rule no longer shows under the field.
      expect(screen.queryByText("At least 2 characters.")).not.toBeInTheDocument();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
      await waitFor(() => expect(searches()).toHaveLength(1));
      expect(searches()[0]).toContain("q=ad");
    } finally {
      vi.useRealTimers();
    }
  });

  it("says so when nobody matches", async () => {
    mockFetch({ "GET /api/checkin/stats": STATS, "GET /api/checkin/search": { body: { results: [] } } });
    renderPage();
    await userEvent.type(screen.getByLabelText("Name or email"), "zz");
    expect(await screen.findByText("No applicant matches “zz”.")).toBeInTheDocument();
  });
});

describe("walk-ins", () => {
  it("are for organizers only", () => {
    mockFetch({ "GET /api/checkin/stats": STATS });
    renderPage(fakeCamera(), false);
    expect(screen.queryByRole("button", { name: "Register a walk-in" })).not.toBeInTheDocument();
  });

  it("registers and checks in one person in one request", async () => {
    const server = mockFetch({
      "GET /api/checkin/stats": STATS,
      "POST /api/checkin/walk-in": {
        status: 201,
        body: { result: "checked_in", person: { ...ADA, name: "Lin Wu", email: "lin@mit.edu" }, welcome_sent: true },
      },
    });
    renderPage(fakeCamera(), true);
    await userEvent.click(screen.getByRole("button", { name: "Register a walk-in" }));
    await userEvent.type(screen.getByLabelText("Email"), " Lin@MIT.edu");
    await userEvent.type(screen.getByLabelText("First name"), "Lin");
    await userEvent.type(screen.getByLabelText("Last name"), "Wu");
    await userEvent.type(screen.getByLabelText("School"), "MIT");
    await userEvent.selectOptions(screen.getByLabelText("T-shirt size (optional)"), "L");
    await userEvent.click(screen.getByRole("checkbox", { name: /accept the code of conduct/ }));
    await userEvent.click(screen.getByRole("button", { name: "Register and check in" }));
    expect(await screen.findByRole("region", { name: "Checked in" })).toHaveTextContent("Lin Wu");
    expect(screen.getByText(/Lin Wu is registered and checked in/)).toBeInTheDocument();
    expect(server.calls.find((c) => c.path === "/api/checkin/walk-in")?.body).toEqual({
      email: "lin@mit.edu",
      first_name: "Lin",
      last_name: "Wu",
      school: "MIT",
      dietary_restrictions: "",
      tshirt_size: "L",
      code_of_conduct: true,
    });
  });

  it("shows the server's field errors and message", async () => {
    mockFetch({
      "GET /api/checkin/stats": STATS,
      "POST /api/checkin/walk-in": {
        status: 409,
        body: { message: "An account with this email already exists: find them with the search.", errors: {} },
      },
    });
    renderPage(fakeCamera(), true);
    await userEvent.click(screen.getByRole("button", { name: "Register a walk-in" }));
    await userEvent.type(screen.getByLabelText("Email"), "ada@princeton.edu");
    await userEvent.click(screen.getByRole("button", { name: "Register and check in" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("An account with this email already exists");
    await waitFor(() => expect(screen.getByRole("button", { name: "Register and check in" })).toBeEnabled());
  });
});

describe("a walk-in with a draft", () => {
  // An organizer's view of a draft never submitted: the status, the reason, and no Check in.
  const DRAFT = {
    application_id: 45,
    name: "Amara Nwosu",
    first_name: "Amara",
    last_name: "Nwosu",
    email: "amara@mit.edu",
    school: "MIT",
    status: "started",
    door: "not_confirmed",
    reason: "Not confirmed: the application was started, never submitted.",
    checked_in_at: null,
  };

  it("is offered on the draft's search result, opens the form filled in, and says no mail was sent", async () => {
    const server = mockFetch({
      "GET /api/checkin/stats": STATS,
      "GET /api/checkin/search": { body: { results: [DRAFT] } },
      "POST /api/checkin/walk-in": {
        status: 201,
        body: { result: "checked_in", person: { ...ADA, name: "Amara Nwosu", email: "amara@mit.edu" }, welcome_sent: false },
      },
    });
    renderPage(fakeCamera(), true);
    await userEvent.type(screen.getByLabelText("Name or email"), "amara");
    const list = await screen.findByRole("list", { name: "Search results" });
    expect(within(list).getByText("Not confirmed: the application was started, never submitted.")).toBeInTheDocument();
    expect(within(list).queryByRole("button", { name: "Check in Amara Nwosu" })).not.toBeInTheDocument();
    await userEvent.click(within(list).getByRole("button", { name: "Register Amara Nwosu as a walk-in" }));
    const form = screen.getByRole("form", { name: "Register a walk-in" });
    expect(within(form).getByLabelText("Email")).toHaveValue("amara@mit.edu");
    expect(within(form).getByLabelText("First name")).toHaveValue("Amara");
    expect(within(form).getByLabelText("Last name")).toHaveValue("Nwosu");
    expect(within(form).getByLabelText("School")).toHaveValue("MIT");
    // The first field still empty has the focus: the desk goes on from there.
    expect(within(form).getByLabelText("Dietary needs (optional)")).toHaveFocus();
    await userEvent.click(within(form).getByRole("checkbox", { name: /accept the code of conduct/ }));
    await userEvent.click(within(form).getByRole("button", { name: "Register and check in" }));
    expect(await screen.findByText("Amara Nwosu is checked in, with the account they already had (amara@mit.edu).")).toBeInTheDocument();
    expect(server.calls.find((c) => c.path === "/api/checkin/walk-in")?.body).toMatchObject({
      email: "amara@mit.edu",
      first_name: "Amara",
      last_name: "Nwosu",
      school: "MIT",
      code_of_conduct: true,
    });
  });

  it("is not offered to a volunteer, who sees no status", async () => {
    mockFetch({
      "GET /api/checkin/stats": STATS,
      "GET /api/checkin/search": { body: { results: [{ ...DRAFT, status: null, reason: "Not confirmed." }] } },
    });
    renderPage(fakeCamera(), false);
    await userEvent.type(screen.getByLabelText("Name or email"), "amara");
    const list = await screen.findByRole("list", { name: "Search results" });
    expect(within(list).getByText("Not confirmed")).toBeInTheDocument();
    expect(within(list).queryByRole("button")).not.toBeInTheDocument();
  });
});

describe("walk-in field errors", () => {
  it("are shown at their fields, with a summary that points to them", async () => {
    mockFetch({
      "GET /api/checkin/stats": STATS,
      "POST /api/checkin/walk-in": {
        status: 400,
        body: { message: "email: This field may not be blank.", errors: { email: ["This field may not be blank."], school: ["This field may not be blank."] } },
      },
    });
    renderPage(fakeCamera(), true);
    await userEvent.click(screen.getByRole("button", { name: "Register a walk-in" }));
    await userEvent.click(screen.getByRole("button", { name: "Register and check in" }));
    expect(await screen.findByText("Check the fields marked above.")).toBeInTheDocument();
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("School")).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByText(/^email:/)).not.toBeInTheDocument();
  });
});
