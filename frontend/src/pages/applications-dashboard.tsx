import { mount } from "../lib/mount";

// The dashboard issue fills this page with the headline matrix, tracker and forms.
function DashboardPage({ email }: { email: string; cycleStatus: string }) {
  return (
    <section className="card stack">
      <h1>Dashboard</h1>
      <p>
        Signed in as <strong>{email}</strong>.
      </p>
    </section>
  );
}

mount("applications-dashboard", DashboardPage);
