// The attachments of the mail being written (000 §3 Upload file, §4 Upload, §5 Attachments): adding files
// (picker or drop) checks the 20-file limit (mail.130); a file that would take the normal files past 20 MB
// becomes a large file, and large files together may not pass the company's limit: a file that would take them
// past it is refused at once, with the limit, and never listed (the server answers mail.131 too; a file it
// refuses so, after a limit changed meanwhile, leaves the list the same way). Uploads run at once with progress (status 0 → 1 → 2); cancel aborts and puts the file back to 0;
// a pending file is uploaded by uploadPending() before a send or a draft save. toggleType switches a done
// file between normal and large (PUT api/mail/file/{id}/type; mail.416 / mail.417 from the server).
import { useRef } from "react";
import { MAX_ATTACHMENTS, NORMAL_ATTACHMENT_TOTAL } from "@shared/mail/constants.ts";
import type { UploadType } from "@shared/mail/compose.ts";
import { ApiError } from "../../../lib/api.ts";
import i18next, { errorText } from "../../../lib/i18n.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { changeUploadType, uploadFromDrive } from "./api.ts";
import { type Attachment, attachmentOf, newKey } from "./state.ts";
import { UploadAborted, type UploadHandle, uploadFile } from "./uploader.ts";

type Update = (fn: (list: Attachment[]) => Attachment[]) => void;

const normalTotal = (list: Attachment[], except?: string) =>
  list.filter((a) => a.uploadType !== "large" && a.key !== except).reduce((s, a) => s + a.size, 0);
const largeTotal = (list: Attachment[]) => list.filter((a) => a.uploadType === "large").reduce((s, a) => s + a.size, 0);

/** The company's large-file limit (largeFileMaxSize in largeFileSizeUnit): bytes, and as the admin set it. */
export interface LargeLimit {
  bytes: number;
  label: string;
}

const tooLarge = (name: string, limit: LargeLimit) =>
  snackbar("VALIDATION", i18next.t("mail:compose.largeTooBig", { name, limit: limit.label }));

/** `largeLimit`: unknown while the company's settings load (the server still checks). */
export function useAttachments(list: Attachment[], update: Update, largeLimit?: LargeLimit) {
  const handles = useRef(new Map<string, UploadHandle>());
  const running = useRef(new Map<string, Promise<boolean>>());
  /** Upload ids known before the next render (sending right after an upload needs them at once). */
  const doneIds = useRef(new Map<string, string>());
  const latest = useRef(list);
  latest.current = list;

  const patch = (key: string, p: Partial<Attachment>) => update((l) => l.map((a) => (a.key === key ? { ...a, ...p } : a)));

  function start(a: Attachment): Promise<boolean> {
    if (!a.file) return Promise.resolve(false);
    patch(a.key, { status: 1, loaded: 0, error: undefined });
    const h = uploadFile(a.file, a.uploadType, (loaded) => patch(a.key, { loaded: Math.min(loaded, a.size) }));
    handles.current.set(a.key, h);
    const p = h.promise.then(
      (f) => {
        doneIds.current.set(a.key, f.id);
        patch(a.key, { id: f.id, status: 2, loaded: a.size, uploadType: f.uploadType, file: undefined });
        return true;
      },
      (e) => {
        if (e instanceof UploadAborted) {
          patch(a.key, { status: 0, loaded: 0 });
          return false;
        }
        const code = e instanceof ApiError ? e.code : "common.500";
        if (code === "mail.131" && a.uploadType === "large" && largeLimit) {
          // Over the large-file limit: no retry or type change can help, so the row goes.
          update((l) => l.filter((x) => x.key !== a.key));
          tooLarge(a.name, largeLimit);
          return false;
        }
        patch(a.key, { status: 0, loaded: 0, error: errorText(code) });
        snackbar("ERROR", `${a.name}: ${errorText(code)}`);
        return false;
      },
    ).finally(() => {
      handles.current.delete(a.key);
      running.current.delete(a.key);
    });
    running.current.set(a.key, p);
    return p;
  }

  function add(files: File[]) {
    if (!files.length) return;
    const current = latest.current;
    if (current.length + files.length > MAX_ATTACHMENTS) {
      snackbar("VALIDATION", errorText("mail.130"));
      return;
    }
    let normal = normalTotal(current);
    let large = largeTotal(current);
    const added: Attachment[] = [];
    for (const file of files) {
      // Beyond the normal total a file becomes a large file (000 §4 Upload); beyond the large-file limit it
      // is refused before a byte is sent.
      const uploadType: UploadType = normal + file.size > NORMAL_ATTACHMENT_TOTAL ? "large" : "normal";
      if (uploadType === "large" && largeLimit && large + file.size > largeLimit.bytes) {
        tooLarge(file.name, largeLimit);
        continue;
      }
      if (uploadType === "normal") normal += file.size;
      else large += file.size;
      added.push({ key: newKey(), id: null, name: file.name, size: file.size, status: 0, loaded: 0, uploadType, file });
    }
    if (!added.length) return;
    update((l) => [...l, ...added]);
    for (const a of added) void start(a);
  }

  /**
   * Attaches drive files (the compose's "from drive" dialog, DrivePicker.tsx) one after another, each as the
   * server's upload row (its bytes stay the drive's blob): the totals sent with each call include the files
   * added before it, so the server types each normal or large. Answers the files it could not attach with the
   * error's text (mail.364, mail.365); the 20-file limit refuses the whole choice (mail.130).
   */
  async function addFromDrive(files: { id: number; name: string }[]): Promise<{ id: number; name: string; error: string }[]> {
    if (latest.current.length + files.length > MAX_ATTACHMENTS) return files.map((f) => ({ ...f, error: errorText("mail.130") }));
    const held = { normal: normalTotal(latest.current), large: largeTotal(latest.current) };
    const failed: { id: number; name: string; error: string }[] = [];
    for (const f of files) {
      try {
        const up = await uploadFromDrive(f.id, held);
        held[up.uploadType === "large" ? "large" : "normal"] += up.size;
        const a = attachmentOf(up);
        doneIds.current.set(a.key, up.id);
        update((l) => [...l, a]);
      } catch (e) {
        failed.push({ ...f, error: errorText(e instanceof ApiError ? e.code : "common.500") });
      }
    }
    return failed;
  }

  function cancel(key: string) {
    handles.current.get(key)?.abort();
  }

  function remove(key: string) {
    handles.current.get(key)?.abort();
    update((l) => l.filter((a) => a.key !== key));
  }

  function retry(key: string) {
    const a = latest.current.find((x) => x.key === key);
    if (a && a.status === 0) void start(a);
  }

  async function toggleType(key: string) {
    const a = latest.current.find((x) => x.key === key);
    if (!a) return;
    const next = a.uploadType === "large" ? "normal" : "large";
    if (a.status !== 2 || !a.id) {
      // Not on the server yet: the limits are checked here, the type goes with the upload.
      if (next === "normal" && normalTotal(latest.current, key) + a.size > NORMAL_ATTACHMENT_TOTAL) {
        snackbar("VALIDATION", errorText("mail.416"));
        return;
      }
      if (next === "large" && largeLimit && largeTotal(latest.current) + a.size > largeLimit.bytes) {
        snackbar("VALIDATION", errorText("mail.417"));
        return;
      }
      patch(key, { uploadType: next });
      return;
    }
    const others = latest.current.filter((x) => x.key !== key && x.id).map((x) => x.id!);
    try {
      const f = await changeUploadType(a.id, next, others);
      patch(key, { uploadType: f.uploadType });
    } catch (e) {
      snackbar("ERROR", errorText(e instanceof ApiError ? e.code : "common.500"));
    }
  }

  /**
   * Uploads every file not yet on the server and waits for those under way; answers the upload ids of all
   * attachments in order, or null when one could not be uploaded (its error is shown).
   */
  async function uploadPending(): Promise<string[] | null> {
    const list = latest.current;
    const waits = list.map((a) => (a.status === 2 && a.id ? Promise.resolve(true) : running.current.get(a.key) ?? start(a)));
    const ok = await Promise.all(waits);
    if (ok.some((r) => !r)) return null;
    return list.map((a) => a.id ?? doneIds.current.get(a.key)!);
  }

  return { add, addFromDrive, cancel, remove, retry, toggleType, uploadPending };
}
