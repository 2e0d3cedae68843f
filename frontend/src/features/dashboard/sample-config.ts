// The sample cycle the dashboard's tests render against (state.test.ts, dashboard-page.test.tsx,
// first-paint.test.tsx): released, with every date of the season before the tests' "now", so
// the messages they spell out ("Applications are due January 15, 2025") stay fixed. Test data
// only: no page imports it.
import type { CycleConfig } from "./state";

export const SAMPLE_CONFIG: CycleConfig = {
  dates: {
    due: "2025-01-15",
    start: "2025-03-07",
    end: "2025-03-09",
    housing: "2025-02-14",
    confirmation_first_deadline: "2025-02-01",
    confirmation_second_deadline: "2025-02-20",
    waitlist_deadline: "2025-02-10",
  },
  status: "released",
  location: "Friend Center, Princeton, NJ",
  housing_link: "https://forms.example.org/housing",
  retention_date: null,
};
