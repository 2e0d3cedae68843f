import { afterEach, describe, expect, it } from "vitest";
import { formatDate, formatNumber, setCatalog, t, type Catalog } from "./i18n";
import { setConfig, type PortalConfig } from "./config";
import { loadCatalog } from "./i18n-load";
import { loadOrganizerCatalog } from "./i18n-load-organizer";

const SPANISH: Catalog = {
  Hello: "Hola",
  "Hi {name}": "Hola, {name}",
  Untranslated: "",
  "{count} files": { one: "{count} archivo", other: "{count} archivos" },
};

afterEach(() => {
  setCatalog("en");
  setConfig(null);
});

describe("t()", () => {
  it.each([
    ["en", {}, "Hello", undefined, "Hello"],
    ["es", SPANISH, "Hello", undefined, "Hola"],
    ["es", SPANISH, "Hi {name}", { name: "Ana" }, "Hola, Ana"],
    ["en", {}, "Hi {name}", { name: "Ana" }, "Hi Ana"],
    ["es", SPANISH, "Not in the catalog, {n}", { n: 3 }, "Not in the catalog, 3"],
    ["es", SPANISH, "Untranslated", undefined, "Untranslated"],
    ["es", SPANISH, "Hi {name}", {}, "Hola, {name}"],
  ])("%s: %s → %s", (lang, catalog, english, vars, expected) => {
    setCatalog(lang, catalog);
    expect(t(english, vars)).toBe(expected);
  });

  it("t.noop marks a string and leaves it as it is", () => {
    setCatalog("es", SPANISH);
    expect(t.noop("Hello")).toBe("Hello");
  });
});

describe("t.plural()", () => {
  const files = { one: "{count} file", other: "{count} files" };
  it.each([
    ["en", {}, 1, "1 file"],
    ["en", {}, 0, "0 files"],
    ["en", {}, 2, "2 files"],
    ["es", SPANISH, 1, "1 archivo"],
    ["es", SPANISH, 0, "0 archivos"],
    ["es", SPANISH, 5, "5 archivos"],
    ["es", {}, 1, "1 file"],
    ["es", { "{count} files": { other: "" } }, 3, "3 files"],
  ])("%s, %s, count %i → %s", (lang, catalog, count, expected) => {
    setCatalog(lang, catalog);
    expect(t.plural(count, files)).toBe(expected);
  });
});

describe("dates and numbers in the page's language", () => {
  const day = "2026-03-07T12:00:00Z";
  const options: Intl.DateTimeFormatOptions = { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" };
  it.each([
    ["en", "March 7, 2026", "1,234.5"],
    ["es", "7 de marzo de 2026", "1234,5"],
  ])("%s", (lang, date, number) => {
    setCatalog(lang);
    expect(formatDate(day, options)).toBe(date);
    expect(formatNumber(1234.5)).toBe(number);
  });
});

describe("loading a page's catalog", () => {
  const config = (language: string) => ({ language }) as PortalConfig;
  it.each([
    ["en", "Password"],
    ["es", "Contraseña"],
    ["es-mx", "Contraseña"],
    ["fr", "Password"],
  ])("a %s page reads %s", async (language, expected) => {
    setCatalog(undefined);
    setConfig(config(language));
    await loadCatalog("accounts");
    expect(t("Password")).toBe(expected);
  });

  it("an organizer page reads its own domain's catalog, and the applicant's loader has none of them", async () => {
    setCatalog(undefined);
    setConfig(config("es"));
    await loadOrganizerCatalog("people");
    expect(t("Whitelist Emails")).toBe("Correos permitidos");
    setCatalog(undefined);
    await loadCatalog("people");
    expect(t("Whitelist Emails")).toBe("Whitelist Emails");
  });

  it.each([
    ["en", "Configuration"],
    ["es", "Configuración"],
    ["es-mx", "Configuración"],
  ])("an organizer page's catalog, listed apart, for a %s page reads %s", async (language, expected) => {
    setCatalog(undefined);
    setConfig(config(language));
    await loadOrganizerCatalog("config");
    expect(t("Configuration")).toBe(expected);
  });
});
