// The sign-in and register pages' provider buttons (only the providers the server has
// configured), and why a provider's sign-in was sent back. Each button is a plain form POST
// with the CSRF token: allauth starts a sign-in only on a POST.
import { getConfig } from "../lib/config";
import { t } from "../lib/i18n";
import { Alert } from "./alert";

export interface SocialProvider {
  id: string;
  name: string;
  login_url: string;
}

export function SocialSignIn({ providers, error }: { providers: SocialProvider[]; error?: string | null }) {
  if (!providers.length && !error) return null;
  let csrf = "";
  try {
    csrf = getConfig().csrfToken;
  } catch {
    csrf = "";
  }
  return (
    <div className="stack social-sign-in">
      {error ? (
        <Alert kind="error" title={t("Not signed in.")}>
          {error}
        </Alert>
      ) : null}
      {providers.length ? (
        <>
          <p className="social-sign-in__or" aria-hidden="true">
            {t("or")}
          </p>
          {providers.map((provider) => (
            <form key={provider.id} method="post" action={provider.login_url}>
              <input type="hidden" name="csrfmiddlewaretoken" value={csrf} />
              <input type="hidden" name="process" value="login" />
              <button type="submit" className="button button--secondary button--block">
                {t("Continue with {provider}", { provider: provider.name })}
              </button>
            </form>
          ))}
          <p className="muted social-sign-in__note">
            {t(
              "A provider signs you in only with the email it has verified. Applying needs a university email (or one the organizers whitelisted): with a personal email, register with your university email first, then link the provider on your Sign-in methods page (from your dashboard).",
            )}
          </p>
        </>
      ) : null}
    </div>
  );
}
