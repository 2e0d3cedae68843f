import type { Download } from "../api/reports";

/** Hand a downloaded blob to the browser as a file with the given name, through an object URL. */
export function saveFile({ blob, filename }: Download): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke on the next turn: Chromium starts the download asynchronously from the click.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
