import { useEffect } from "react";
import { Spinner } from "../components/spinner";
import { t } from "../lib/i18n";
import { loadCatalog } from "../lib/i18n-load";
import { mount } from "../lib/mount";

export function LoadingPage({ redirectTo, delayMs }: { redirectTo: string; delayMs: number }) {
  useEffect(() => {
    const timer = window.setTimeout(() => window.location.assign(redirectTo), delayMs);
    return () => window.clearTimeout(timer);
  }, [redirectTo, delayMs]);
  return (
    <div className="loading-screen">
      <Spinner size={150} label={t("Loading the portal…")} />
      {/* The page's one heading, so a screen reader user landing here knows where they are. */}
      <h1 className="loading-screen__caption">{t("Brewing your portal…")}</h1>
    </div>
  );
}

void loadCatalog("accounts").finally(() => mount("loading", LoadingPage));
