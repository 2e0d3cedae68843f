import { useQuery } from "@tanstack/react-query";
import { authApi } from "../../api/auth";
import { Spinner } from "../../components/spinner";
import { getConfig } from "../../lib/config";
import { t } from "../../lib/i18n";
import { queryKeys } from "../../lib/query-keys";

function contactHref(): string | null {
  try {
    const email = getConfig().event.contactEmail;
    return email ? `mailto:${email}` : null;
  } catch {
    return null; // rendered without a page config (tests)
  }
}

export function VerifyStatus({ token }: { token: string }) {
  // The link is checked once: asking again would only answer "already verified", so no retry
  // and no refetch (the cache keeps the first answer for this token).
  const query = useQuery({
    queryKey: queryKeys.verify(token),
    queryFn: () => authApi.verify(token),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  // A genuine link opened again: the account is verified, so sign in (not register again).
  const state = query.isPending
    ? "loading"
    : query.isError
      ? "invalid"
      : query.data.already_verified
        ? "already"
        : query.data.address_added
          ? "added"
          : "ok";

  if (state === "loading") {
    return (
      <div className="island__loading">
        <Spinner label={t("Verifying your email…")} />
      </div>
    );
  }
  if (state === "ok") {
    return (
      <div className="stack">
        <h1>{t("Account Created!")}</h1>
        <p>{t("Please login and apply!")}</p>
        <a className="button button--block" href="/login">
          {t("Go to Login")}
        </a>
      </div>
    );
  }
  if (state === "added") {
    // A university address added to an account made by a sign-in provider: it is the account's
    // address now, and applying is open to it.
    return (
      <div className="stack">
        <h1>{t("University email verified")}</h1>
        <p>{t("It is now your account's address. You can apply.")}</p>
        <a className="button button--block" href="/apply">
          {t("Go to your application")}
        </a>
      </div>
    );
  }
  if (state === "already") {
    return (
      <div className="stack">
        <h1>{t("Already verified")}</h1>
        <p>{t("This email address is already verified. Please sign in.")}</p>
        <a className="button button--block" href="/login">
          {t("Go to Login")}
        </a>
        <div className="links-row">
          <a href="/reset">{t("Forgot Password?")}</a>
        </div>
      </div>
    );
  }
  const contact = contactHref();
  return (
    <div className="stack">
      <h1>{t("Invalid URL")}</h1>
      <p>{t("Email verification links expire roughly 1 hour after they are sent.")}</p>
      <p>
        {t("Please register again to get a fresh link. If problems persist,")}{" "}
        {contact ? <a href={contact}>{t("contact the team")}</a> : t("contact the team")}.
      </p>
      <a className="button button--block" href="/register">
        {t("Register again")}
      </a>
    </div>
  );
}
