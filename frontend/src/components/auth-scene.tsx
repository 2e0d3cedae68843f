import { useEffect, useState, type ReactNode } from "react";
import { t } from "../lib/i18n";
import { Spinner } from "./spinner";

export const BACKGROUND_URL = "/static/img/coffee-shop.svg";

/** The coffee-shop backdrop of the sign-in pages: a spinner shows until the image has loaded. */
export function AuthScene({ children }: { children: ReactNode }) {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const image = new Image();
    image.onload = () => setLoaded(true);
    image.onerror = () => setLoaded(true);
    image.src = BACKGROUND_URL;
  }, []);
  return (
    <div className="auth-scene">
      <img
        src={BACKGROUND_URL}
        alt=""
        className={`auth-scene__bg${loaded ? " auth-scene__bg--loaded" : ""}`}
        aria-hidden="true"
      />
      {loaded ? (
        <section className="card card--narrow auth-card stack">{children}</section>
      ) : (
        <div className="auth-scene__spinner">
          <Spinner size={150} label={t("Loading the café…")} />
        </div>
      )}
    </div>
  );
}
