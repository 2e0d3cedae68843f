// Where the eye goes after a refused form: the first field that says what is wrong.

/** Focus the first field in `form` that carries an error, in the order the form shows them (a
 *  field frame marked `data-invalid`, or a control marked `aria-invalid`), and scroll it into
 *  view: on a phone the errors of a long form are often a screen or more above its button. */
export function focusFirstError(form: HTMLFormElement | null) {
  const invalid = form?.querySelector<HTMLElement>('[data-invalid="true"], [aria-invalid="true"]');
  if (!invalid) return;
  const control = invalid.matches("input, select, textarea")
    ? invalid
    : invalid.querySelector<HTMLElement>("input:not([type=hidden]):not([tabindex='-1']), select, textarea, button");
  (control ?? invalid).focus();
  invalid.scrollIntoView?.({ block: "center" });
}
