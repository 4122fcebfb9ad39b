// A real SMTP server on loopback that keeps every message it receives, for tests of outgoing mail.
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";
import PostalMime from "postal-mime";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  text: string;
}

export interface SmtpSink {
  url: string;
  messages: ReceivedMail[];
  /** Resolves with the first message to `address` not yet taken, waiting for it up to `ms`. */
  next(address: string, ms?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** With `auth`, the sink requires that login (plaintext AUTH PLAIN/LOGIN on loopback) and refuses others. */
export async function startSmtpSink(opts: { auth?: { user: string; pass: string } } = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const server = new SMTPServer({
    authOptional: !opts.auth,
    ...(opts.auth
      ? {
        allowInsecureAuth: true,
        authMethods: ["PLAIN", "LOGIN"],
        onAuth(a, _session, done) {
          if (a.username === opts.auth!.user && a.password === opts.auth!.pass) done(null, { user: a.username });
          else done(Object.assign(new Error("Invalid username or password"), { responseCode: 535 }));
        },
      }
      : {}),
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const parsed = await PostalMime.parse(raw);
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          subject: parsed.subject ?? "",
          text: parsed.text ?? "",
        });
        done();
      });
    },
  });
  await new Promise<void>((ok) => server.listen(0, "127.0.0.1", () => ok()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async next(address, ms = 5000) {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        const m = messages.find((x) => !taken.has(x) && x.to.includes(address.toLowerCase()));
        if (m) {
          taken.add(m);
          return m;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no mail to ${address} within ${ms} ms`);
    },
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
