// Starts the servers desktop and phone mail clients talk to, all on one TLS certificate (tls.ts: configured, or
// self-signed on the first start): IMAP with STARTTLS and IMAPS, POP3 with STLS and POP3S, SMTP submission
// with STARTTLS and submissions with implicit TLS (ports in server/config.ts). server/main.ts starts them once
// the database is ready and closes them first on a stop, with the inbound SMTP listener.
import type { AppDeps } from "../../../lib/context.ts";
import { startImapServer } from "../imap/server.ts";
import { startPop3Server } from "../pop3/server.ts";
import { startSubmissionServer } from "../submission/server.ts";
import type { ClientServer } from "./net.ts";
import { loadTls, type TlsMaterial } from "./tls.ts";

export interface ClientListeners {
  ports: Record<"imap" | "imaps" | "pop3" | "pop3s" | "submission" | "submissions", number>;
  close(): Promise<void>;
}

/** `loaded`: the certificate server/main.ts loaded once for these ports and inbound STARTTLS. */
export async function startClientListeners(deps: AppDeps, loaded?: TlsMaterial): Promise<ClientListeners> {
  const { config, log } = deps;
  const tls = loaded ?? await loadTls(config, log);
  const host = config.MAIL_CLIENTS_HOST;
  const started: { name: keyof ClientListeners["ports"]; server: ClientServer }[] = [];
  try {
    const plan = [
      ["imap", startImapServer, config.IMAP_PORT, false, "IMAP_PORT"],
      ["imaps", startImapServer, config.IMAPS_PORT, true, "IMAPS_PORT"],
      ["pop3", startPop3Server, config.POP3_PORT, false, "POP3_PORT"],
      ["pop3s", startPop3Server, config.POP3S_PORT, true, "POP3S_PORT"],
      ["submission", startSubmissionServer, config.SUBMISSION_PORT, false, "SUBMISSION_PORT"],
      ["submissions", startSubmissionServer, config.SUBMISSIONS_PORT, true, "SUBMISSIONS_PORT"],
    ] as const;
    for (const [name, start, port, implicitTls, variable] of plan) {
      try {
        started.push({ name, server: await start(deps, { port, host, tls: { key: tls.key, cert: tls.cert }, implicitTls }) });
      } catch (e) {
        if ((e as { code?: string }).code !== "EADDRINUSE") throw e;
        throw new Error(`${name} port ${port} is already in use (set ${variable}, or MAIL_CLIENTS_ENABLED=false)`);
      }
    }
  } catch (e) {
    await Promise.allSettled(started.map((s) => s.server.close()));
    throw e;
  }
  const ports = Object.fromEntries(started.map((s) => [s.name, s.server.port])) as ClientListeners["ports"];
  log.info(
    `mail clients: imap ${ports.imap} (STARTTLS), imaps ${ports.imaps}, pop3 ${ports.pop3} (STLS), pop3s ${ports.pop3s}, ` +
      `submission ${ports.submission} (STARTTLS), submissions ${ports.submissions}; ` +
      `${tls.selfSigned ? "self-signed" : "configured"} certificate ${tls.fingerprint}`,
  );
  return {
    ports,
    close: async () => void await Promise.allSettled(started.map((s) => s.server.close())),
  };
}
