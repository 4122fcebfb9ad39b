// The original message popup (/mail/view/original/{actionObj}): the raw message as text, monospace, with a
// download of the .eml. A mail that cannot be opened (missing, blocked, a malformed route) alerts 'cannot
// open page' and goes to mail home (000 §2 "Opening rules"); in a popup the opener gets the focus back.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import i18next from "../../../lib/i18n.ts";
import { authorized } from "../../../lib/api.ts";
import { saveBlob } from "../../../lib/download.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { Button } from "../../../ui/Button.tsx";
import { MailIcon } from "../icons.tsx";
import "./view.css";

const base = (ownerId?: number) => (ownerId ? "/api/share/mails/view/original" : "/api/mails/view/original");
const withOwner = (path: string, ownerId?: number) => (ownerId ? `${path}?ownerId=${ownerId}` : path);

/** 'cannot open page', then mail home; a popup also hands the focus back to its opener. */
function cannotOpen() {
  globalThis.alert(i18next.t("mail:view.original.cannotOpen"));
  if (globalThis.opener && !globalThis.opener.closed) {
    try {
      globalThis.opener.focus();
    } catch { /* another origin or gone */ }
  }
  location.hash = "#/mail";
}

export function OriginalMessage({ mailId, ownerId }: { mailId: number; ownerId?: number }) {
  const { t } = useTranslation("mail");
  const [saving, setSaving] = useState(false);
  const q = useQuery({
    queryKey: ["mail", "original", mailId, ownerId ?? null],
    queryFn: async ({ signal }) => await (await authorized(withOwner(`${base(ownerId)}/${mailId}/view`, ownerId), { signal })).text(),
    retry: false,
    staleTime: Infinity,
  });
  const failed = useRef(false);
  useEffect(() => {
    if (q.isError && !failed.current) {
      failed.current = true;
      cannotOpen();
    }
  }, [q.isError]);
  useEffect(() => {
    document.title = t("view.original.title");
  }, [t]);

  const download = async () => {
    setSaving(true);
    try {
      const res = await authorized(withOwner(`${base(ownerId)}/${mailId}/download`, ownerId));
      const name = /filename\*=UTF-8''([^;]+)/i.exec(res.headers.get("content-disposition") ?? "")?.[1];
      saveBlob(await res.blob(), name ? decodeURIComponent(name) : `mail-${mailId}.eml`);
    } catch {
      snackbar("ERROR", t("view.original.downloadFailed"));
    } finally {
      setSaving(false);
    }
  };

  return (
    <main className="mr-original">
      <header className="mr-original-head">
        <h1 className="mr-original-title">{t("view.original.title")}</h1>
        <Button variant="secondary" isDisabled={!q.data || saving} onPress={() => void download()}>
          <MailIcon name="download" size={16} />
          {t("view.original.download")}
        </Button>
      </header>
      {q.isPending && <p role="status">{t("view.loading")}</p>}
      {q.data !== undefined && <pre className="mr-original-text" tabIndex={0} aria-label={t("view.original.title")}>{q.data}</pre>}
    </main>
  );
}

OriginalMessage.CannotOpen = function CannotOpen() {
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    // The translations may still be loading on a popup's first paint.
    void i18next.loadNamespaces("mail").then(cannotOpen);
  }, []);
  return null;
};
