// The popup windows (000 §2): /mail/view/popup/{json} reads one mail, /mail/write/popup/{json} writes one,
// /mail/view/original/{actionObj} shows the raw message. They render without the shell. An original that
// cannot be opened alerts 'cannot open page' and goes to mail home.
import { createLazyRoute, useParams } from "@tanstack/react-router";
import { Suspense } from "react";
import { MailReader } from "./view/MailReader.tsx";
import { Composer } from "./compose/Composer.tsx";
import { OriginalMessage } from "./view/OriginalMessage.tsx";
import { decodeJson, parseFolderId, parseListAction, parseViewAction, parseWriteAction } from "./route-params.ts";
import { useAnnounceMailChanges } from "./layout/cross-window.ts";
import { AriaLocale } from "../../app/AriaLocale.tsx";
import "./mail.css";

function ViewPopup() {
  useAnnounceMailChanges();
  const { json } = useParams({ strict: false }) as { json?: string };
  const o = decodeJson(json);
  const action = parseViewAction(json);
  const folderId = parseFolderId(String(o?.folderId ?? "")) ?? -1;
  if (!action) return <OriginalMessage.CannotOpen />;
  return (
    <div className="mail-popup">
      <MailReader folderId={folderId} page={Number(o?.page) || 1} list={parseListAction(o?.list)} view={action.view} inPopup print={o?.print === true} />
    </div>
  );
}

function WritePopup() {
  useAnnounceMailChanges();
  const { json } = useParams({ strict: false }) as { json?: string };
  const o = decodeJson(json);
  const folderId = parseFolderId(String(o?.folderId ?? "")) ?? -1;
  return (
    <div className="mail-popup">
      <Composer folderId={folderId} page={1} action={parseWriteAction(json)} inPopup />
    </div>
  );
}

function Original() {
  const { actionObj } = useParams({ strict: false }) as { actionObj?: string };
  const o = decodeJson(actionObj);
  const mailId = Number(o?.mailId);
  const ownerId = Number(o?.ownerId) || undefined;
  if (!Number.isSafeInteger(mailId) || mailId <= 0) return <OriginalMessage.CannotOpen />;
  return (
    <Suspense>
      <OriginalMessage mailId={mailId} ownerId={ownerId} />
    </Suspense>
  );
}

/** The popups are outside the shell: they set react-aria's locale themselves. */
const localized = (Page: () => React.ReactNode) => () => <AriaLocale><Page /></AriaLocale>;

export const ViewPopupRoute = createLazyRoute("/popup/mail/view/popup/$json")({ component: localized(ViewPopup) });
export const WritePopupRoute = createLazyRoute("/popup/mail/write/popup/$json")({ component: localized(WritePopup) });
export const OriginalRoute = createLazyRoute("/popup/mail/view/original/$actionObj")({ component: localized(Original) });
