/**
 * The page's Content-Security-Policy nonce, which island.html hands over as
 * `<meta property="csp-nonce" nonce="…">` (Vite's convention). Browsers hide a nonce
 * attribute's value from getAttribute and CSS selectors once parsed, so it is read through the
 * `nonce` property. Empty when the page has none (the unit tests).
 */
export function cspNonce(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce ?? "";
}
