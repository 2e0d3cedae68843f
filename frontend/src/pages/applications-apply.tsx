import { mount } from "../lib/mount";

// The application issue builds the form here.
function ApplyPage() {
  return (
    <section className="card stack">
      <h1>Apply</h1>
    </section>
  );
}

mount("applications-apply", ApplyPage);
