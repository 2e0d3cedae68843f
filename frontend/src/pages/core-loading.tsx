import { useEffect } from "react";
import { Spinner } from "../components/spinner";
import { mount } from "../lib/mount";

export function LoadingPage({ redirectTo, delayMs }: { redirectTo: string; delayMs: number }) {
  useEffect(() => {
    const timer = window.setTimeout(() => window.location.assign(redirectTo), delayMs);
    return () => window.clearTimeout(timer);
  }, [redirectTo, delayMs]);
  return (
    <div className="page--center" style={{ minHeight: "50vh" }}>
      <Spinner size={150} label="Loading the portal…" />
    </div>
  );
}

mount("core-loading", LoadingPage);
