// Saving a file from the page: through a temporary link with a download name, so the browser saves it (and
// streams what a URL answers straight to disk) while the page stays where it is.

/** Saves what `url` answers under `name`. */
export function saveUrl(url: string, name: string) {
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  a.rel = "noopener";
  document.body.append(a);
  a.click();
  a.remove();
}

/** Saves bytes the page holds under `name`. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  saveUrl(url, name);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
