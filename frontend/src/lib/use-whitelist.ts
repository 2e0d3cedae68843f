import { useEffect, useState } from "react";
import { authApi } from "../api/auth";

/** The whitelist's pattern rules, for client-side email checks. Failures are swallowed. */
export function useWhitelist(): string[] {
  const [patterns, setPatterns] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    authApi
      .whitelist()
      .then((list) => live && setPatterns(Array.isArray(list) ? list : []))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return patterns;
}
