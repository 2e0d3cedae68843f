import { getConfig } from "../lib/config";
import { mount } from "../lib/mount";

function HomePage() {
  const { user, event, cycleStatus } = getConfig();
  const open = cycleStatus === "open";
  return (
    <div className="home">
      <section className="card home__hero stack">
        <p className="home__eyebrow">{event.name}</p>
        <h1>Build something great with students from everywhere.</h1>
        <p className="muted">
          Register with your university email, apply in a few minutes, and follow your application here until the
          opening ceremony.
        </p>
        <p>
          <span className="badge">{open ? "Applications are open" : "Applications are not open right now"}</span>
        </p>
        <div className="home__actions">
          {user ? (
            <a className="button" href="/dashboard">
              Go to your dashboard
            </a>
          ) : (
            <>
              <a className="button" href="/register">
                Register
              </a>
              <a className="button button--secondary" href="/login">
                Login
              </a>
            </>
          )}
        </div>
      </section>
    </div>
  );
}

mount("home", HomePage);
