/*
 * The browser needs the object URL until it has started the download, which
 * it does after the click returns; a minute is far more than it takes.
 */
const REVOKE_AFTER_MS = 60_000;

/** Saves a file the page fetched itself (with its headers) under a name of its choosing. */
export function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
  }
}
