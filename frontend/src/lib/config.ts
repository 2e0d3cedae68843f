// The one global config object that base.html emits with json_script.

export type Role = "admin" | "user" | "reviewer" | "volunteer";
export interface PortalUser {
  email: string;
  role: Role;
}

export interface PortalConfig {
  csrfToken: string;
  csrfHeaderName: string;
  loginUrl: string;
  user: PortalUser | null;
  cycleStatus: string;
  /** The page's language code ("en", "es"), as `<html lang>`: the islands' translations use it. */
  language?: string;
  /** Extra student email domains beyond the .edu/.ca/.in/.ng/.uk/.it endings (settings). */
  studentDomains?: string[];
  event: {
    name: string;
    themedName: string;
    siteUrl: string;
    hostSchool: string;
    contactEmail: string;
    codeOfConductUrl: string;
  };
}

let cached: PortalConfig | null = null;

export function readJsonScript<T>(id: string): T {
  const element = document.getElementById(id);
  if (!element || !element.textContent) {
    throw new Error(`Missing <script type="application/json" id="${id}">; the page template must emit it.`);
  }
  return JSON.parse(element.textContent) as T;
}

export function getConfig(): PortalConfig {
  if (!cached) cached = readJsonScript<PortalConfig>("portal-config");
  return cached;
}

/** For tests: install a config without a page. */
export function setConfig(config: PortalConfig | null): void {
  cached = config;
}
