// /mail/write/{folderId}/{page}/{actionObj}: compose (new, reply, reply all, forward, resend, draft, to me).
// Another actionObj is another compose screen, except the switch to the draft the composer itself saved.
import { createLazyRoute, useParams } from "@tanstack/react-router";
import { Composer } from "./compose/Composer.tsx";
import { useComposeInstance } from "./compose/instance.ts";
import { parseFolderId, parsePage, parseWriteAction } from "./route-params.ts";

function WriteScreen() {
  const p = useParams({ strict: false }) as { folderId?: string; page?: string; actionObj?: string };
  const folderId = parseFolderId(p.folderId) ?? -1;
  const { instance, handOver } = useComposeInstance(p.actionObj);
  return (
    <Composer key={instance} folderId={folderId} page={parsePage(p.page) ?? 1} action={parseWriteAction(p.actionObj)}
      onHandOver={handOver} />
  );
}

export const Route = createLazyRoute("/app/mail/write/$folderId/$page/$actionObj")({ component: WriteScreen });
