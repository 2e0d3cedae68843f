import { getConfig } from "../lib/config";
import { t } from "../lib/i18n";
import { loadCatalog } from "../lib/i18n-load";
import { mount } from "../lib/mount";

function HomePage() {
  const { user, event, cycleStatus } = getConfig();
  const open = cycleStatus === "open";
  return (
    <div className="home">
      <section className="card home__hero stack">
        <p className="home__eyebrow">{event.name}</p>
        <h1>{t("Build something great with students from everywhere.")}</h1>
        <p className="muted">
          {t(
            "Register with your university email, apply in a few minutes, and follow your application here until the opening ceremony.",
          )}
        </p>
        <p>
          <span className="badge">{open ? t("Applications are open") : t("Applications are not open right now")}</span>
        </p>
        <div className="home__actions">
          {user ? (
            <a className="button" href="/dashboard">
              {t("Go to your dashboard")}
            </a>
          ) : (
            <>
              <a className="button" href="/register">
                {t("Register")}
              </a>
              <a className="button button--secondary" href="/login">
                {t("Login")}
              </a>
            </>
          )}
        </div>
      </section>
    </div>
  );
}

// The public pages' words are in the sign-in pages' catalog (accounts), loaded first (none for
// English), so the page renders in its language at once.
void loadCatalog("accounts").finally(() => mount("home", HomePage));
