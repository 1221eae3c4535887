/**
 * Saving what the API answered as a file: under the name its Content-Disposition gives (quoted or
 * not), or a fallback. One place for the pages that download (contacts' export, the tax models and
 * VAT books).
 */

/** The file name in a Content-Disposition header, if any. */
export const fileNameOf = (response: Response) => /filename="?([^";]+)"?/.exec(response.headers.get('content-disposition') ?? '')?.[1];

/** Saves a blob the API answered under the API's file name (or `fallback`), and gives that name. */
export function saveBlob(blob: Blob, response: Response, fallback: string): string {
  const name = fileNameOf(response) ?? fallback;
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = name;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // the browser has started the download by then; the URL is only released afterwards
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return name;
}
