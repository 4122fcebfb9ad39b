// Drives the submission server with Python's smtplib (a client nobody on the team wrote): connect (plain,
// STARTTLS or implicit TLS, certificate checks off for the test certificate), then a list of steps (login,
// a raw AUTH PLAIN, sendmail), each answered with its reply code and text, and the EHLO features seen.
import { python } from "../support.ts";

export type Step =
  | ["login", string, string]
  | ["plain", string, string]
  | ["send", string, string[], string];

export interface SmtpRun {
  features: string[];
  auth: string;
  /** The SIZE the server announces. */
  size: string;
  featuresTls?: string[];
  authTls?: string;
  /** Per step: [code, text] for a reply, [250, {refused recipients}] for a send, [235] for a login. */
  steps: unknown[][];
}

const SCRIPT = `
import json, smtplib, ssl, sys, base64
spec = json.loads(sys.argv[1])
ctx = ssl.create_default_context()
ctx.check_hostname = False
ctx.verify_mode = ssl.CERT_NONE
out = {"steps": []}
def text(v):
    return v.decode() if isinstance(v, bytes) else str(v)
def err(e):
    if isinstance(e, smtplib.SMTPRecipientsRefused):
        return [550, {k: [v[0], text(v[1])] for k, v in e.recipients.items()}]
    if isinstance(e, smtplib.SMTPResponseException):
        return [e.smtp_code, text(e.smtp_error)]
    return [0, type(e).__name__ + ": " + str(e)]
host = spec.get("host", "127.0.0.1")
if spec.get("ssl"):
    s = smtplib.SMTP_SSL(host, spec["port"], context=ctx, timeout=30)
else:
    s = smtplib.SMTP(host, spec["port"], timeout=30)
s.ehlo("client.test")
out["features"] = sorted(s.esmtp_features.keys())
out["auth"] = s.esmtp_features.get("auth", "")
out["size"] = s.esmtp_features.get("size", "")
if spec.get("starttls"):
    s.starttls(context=ctx)
    s.ehlo("client.test")
    out["featuresTls"] = sorted(s.esmtp_features.keys())
    out["authTls"] = s.esmtp_features.get("auth", "")
for step in spec["steps"]:
    try:
        if step[0] == "login":
            s.login(step[1], step[2])
            out["steps"].append([235])
        elif step[0] == "plain":
            token = base64.b64encode(("\\0%s\\0%s" % (step[1], step[2])).encode()).decode()
            code, msg = s.docmd("AUTH", "PLAIN " + token)
            out["steps"].append([code, text(msg)])
        elif step[0] == "send":
            refused = s.sendmail(step[1], step[2], step[3].encode())
            out["steps"].append([250, {k: [v[0], text(v[1])] for k, v in refused.items()}])
    except smtplib.SMTPServerDisconnected as e:
        out["steps"].append([0, "disconnected: " + str(e)])
        break
    except Exception as e:
        out["steps"].append(err(e))
try:
    s.quit()
except Exception:
    pass
print(json.dumps(out))
`;

export async function smtplib(spec: { port: number; host?: string; ssl?: boolean; starttls?: boolean; steps: Step[] }): Promise<SmtpRun> {
  return await python<SmtpRun>(SCRIPT, [JSON.stringify(spec)]);
}

/** A small message; without Date and Message-ID unless given in `headers` (the server adds them). */
export function message(o: { from: string; to: string; subject: string; cc?: string; bcc?: string; text?: string; headers?: string[] }): string {
  return [
    `From: ${o.from}`,
    `To: ${o.to}`,
    ...(o.cc ? [`Cc: ${o.cc}`] : []),
    ...(o.bcc ? [`Bcc: ${o.bcc}`] : []),
    `Subject: ${o.subject}`,
    ...(o.headers ?? []),
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "",
    o.text ?? "Sent from a mail program.",
    "",
  ].join("\r\n");
}
