// What the document page's actions do (001 §4, §8 "Wiki"): favourites with the spec's outcome texts, the link
// {origin}/#/wiki/docs/{id} to the clipboard, Markdown export, delete to trash and restore.
import type { QueryClient } from "@tanstack/react-query";
import { docLink } from "@shared/wiki/constants.ts";
import type { WikiDocument } from "@shared/wiki/documents.ts";
import type { Favorite } from "@shared/wiki/personal.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { authorized, downloadName } from "../../../lib/api.ts";
import { saveBlob } from "../../../lib/download.ts";
import * as wikiApi from "../api.ts";
import { failed, succeeded, wikiText } from "../errors.ts";
import { wikiKeys } from "../queries.ts";


export async function toggleFavorite(qc: QueryClient, docId: number, fav: Favorite | undefined) {
  try {
    if (fav) await wikiApi.removeFavorite(fav.id);
    else await wikiApi.addFavorite(docId);
    succeeded(fav ? "common.favoriteRemoved" : "common.favoriteAdded");
  } catch (e) {
    failed(e, fav ? "common.favoriteRemoveFailed" : "common.favoriteAddFailed");
  }
  await qc.invalidateQueries({ queryKey: wikiKeys.favorites });
}

export async function copyLink(docId: number) {
  try {
    await navigator.clipboard.writeText(docLink(location.origin, docId));
    succeeded("common.linkCopied");
  } catch {
    snackbar("ERROR", wikiText("doc.copyFailed"));
  }
}

export async function exportMarkdown(doc: WikiDocument, subtree: boolean) {
  try {
    const res = await authorized(wikiApi.exportUrl(doc.id, subtree));
    const fallback = `${doc.title || wikiText("common.untitled")}.${subtree ? "zip" : "md"}`;
    saveBlob(await res.blob(), downloadName(res, fallback));
  } catch (e) {
    failed(e, "doc.exportFailed");
  }
}

/** To trash; answers whether it went. */
export async function removeDoc(qc: QueryClient, doc: WikiDocument): Promise<boolean> {
  try {
    await wikiApi.deleteDoc(doc.id);
    succeeded("doc.deleted", { carry: true });
    void qc.invalidateQueries({ queryKey: wikiKeys.all, predicate: (q) => q.queryKey[1] !== "doc" || q.queryKey[2] !== doc.id });
    qc.removeQueries({ queryKey: wikiKeys.doc(doc.id) });
    return true;
  } catch (e) {
    failed(e);
    return false;
  }
}

export async function restoreDoc(qc: QueryClient, doc: WikiDocument) {
  try {
    const next = await wikiApi.restoreDoc(doc.id);
    qc.setQueryData(wikiKeys.doc(doc.id), next);
    succeeded("doc.restored");
    void qc.invalidateQueries({ queryKey: wikiKeys.all });
  } catch (e) {
    failed(e);
  }
}
