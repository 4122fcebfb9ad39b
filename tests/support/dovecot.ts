// A private dovecot (Debian's /usr/sbin/dovecot) for tests of external mail accounts: its own config in a temp
// dir, IMAP and POP3 in plaintext on free loopback ports, users with plain passwords in a passwd-file, mail in
// maildirs under the temp dir. Started in the foreground as a child process (`dovecot -c conf -F`) and
// stopped with SIGTERM. Messages are seeded by writing maildir files, as a local delivery agent would (or over
// IMAP by the test); options.specialUse names mailboxes with SPECIAL-USE flags and "/" as the delimiter.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, connect } from "node:net";
import type { AddressInfo } from "node:net";

export interface DovecotUser {
  name: string;
  password: string;
}

export interface Dovecot {
  host: string;
  imapPort: number;
  pop3Port: number;
  dir: string;
  /** Writes a message into the user's INBOX (maildir new/); answers its file name. */
  deliver(user: string, raw: string): Promise<string>;
  /** How many messages the user's INBOX holds (new/ and cur/). */
  count(user: string): Promise<number>;
  log(): Promise<string>;
  stop(): Promise<void>;
}

const DOVECOT = "/usr/sbin/dovecot";

async function freePort(): Promise<number> {
  return await new Promise((ok, fail) => {
    const s = createServer();
    s.once("error", fail);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => ok(port));
    });
  });
}

/** Waits until the port answers a greeting line. */
async function waitGreeting(port: number, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const ok = await new Promise<boolean>((done) => {
      const sock = connect(port, "127.0.0.1");
      sock.once("data", () => {
        sock.destroy();
        done(true);
      });
      sock.once("error", () => done(false));
      sock.setTimeout(1000, () => {
        sock.destroy();
        done(false);
      });
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`dovecot did not answer on port ${port}`);
}

function idOf(name: string): number | undefined {
  try {
    const line = Deno.readTextFileSync("/etc/passwd").split("\n").find((l) => l.startsWith(`${name}:`));
    return line ? Number(line.split(":")[2]) : undefined;
  } catch {
    return undefined;
  }
}

export interface DovecotOptions {
  /**
   * Mailboxes with a SPECIAL-USE flag (RFC 6154), e.g. { "Sent Messages": "\\Sent" }. Given, the mailboxes
   * are named with "/" as the hierarchy delimiter (a namespace block) instead of Maildir++'s ".".
   */
  specialUse?: Record<string, string>;
}

/** The namespace block for DovecotOptions.specialUse ("" when none is asked for). */
function namespaceBlock(options: DovecotOptions): string {
  if (!options.specialUse) return "";
  const boxes = Object.entries(options.specialUse)
    .map(([name, flag]) => `  mailbox "${name}" {\n    special_use = ${flag}\n  }`).join("\n");
  return `namespace inbox {\n  inbox = yes\n  separator = /\n${boxes}\n}\n`;
}

export async function startDovecot(users: DovecotUser[], options: DovecotOptions = {}): Promise<Dovecot> {
  const dir = await Deno.makeTempDir({ prefix: "gw-dovecot-" });
  await Deno.chmod(dir, 0o755);
  const [imapPort, pop3Port] = [await freePort(), await freePort()];
  const root = Deno.uid() === 0;
  // Dovecot refuses mail access as root: as root, mail belongs to nobody and logins run as Debian's users.
  const mailUid = root ? 65534 : Deno.uid()!;
  const mailGid = root ? 65534 : Deno.gid()!;
  const me = root ? undefined : Deno.env.get("USER") ?? "nobody";
  const loginUser = root ? (idOf("dovenull") !== undefined ? "dovenull" : "nobody") : me;
  const internalUser = root ? (idOf("dovecot") !== undefined ? "dovecot" : "nobody") : me;

  const homes: Record<string, string> = {};
  const passwd: string[] = [];
  for (const u of users) {
    const home = `${dir}/home/${u.name}`;
    homes[u.name] = home;
    for (const sub of ["", "/Maildir", "/Maildir/new", "/Maildir/cur", "/Maildir/tmp"]) {
      await Deno.mkdir(home + sub, { recursive: true });
      if (root) await Deno.chown(home + sub, mailUid, mailGid);
    }
    passwd.push(`${u.name}:{PLAIN}${u.password}:${mailUid}:${mailGid}::${home}::`);
  }
  await Deno.writeTextFile(`${dir}/users`, passwd.join("\n") + "\n");
  await Deno.mkdir(`${dir}/run`);
  await Deno.mkdir(`${dir}/state`);
  const conf = `
protocols = imap pop3
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
info_log_path = ${dir}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
# Tests try wrong passwords on purpose: answer at once.
auth_failure_delay = 0
default_login_user = ${loginUser}
default_internal_user = ${internalUser}
first_valid_uid = 1
mail_location = maildir:~/Maildir
# Test mail need not survive a power cut: no fsync per message (APPENDs of hundreds of messages stay fast).
mail_fsync = never
pop3_uidl_format = %08Xu%08Xv
${namespaceBlock(options)}passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = passwd-file
  args = username_format=%u ${dir}/users
}
# No growing penalty (anvil) for the wrong passwords tests try from loopback.
service anvil {
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${imapPort}
  }
  inet_listener imaps {
    port = 0
  }
}
service pop3-login {
  inet_listener pop3 {
    address = 127.0.0.1
    port = ${pop3Port}
  }
  inet_listener pop3s {
    port = 0
  }
}
`;
  await Deno.writeTextFile(`${dir}/dovecot.conf`, conf);
  const child: ChildProcess = spawn(DOVECOT, ["-c", `${dir}/dovecot.conf`, "-F"], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (b) => output += String(b));
  child.stderr?.on("data", (b) => output += String(b));
  const exited = new Promise<void>((ok) => child.once("exit", () => ok()));
  try {
    await Promise.race([
      Promise.all([waitGreeting(imapPort, 15_000), waitGreeting(pop3Port, 15_000)]),
      exited.then(() => {
        throw new Error(`dovecot exited: ${output}`);
      }),
    ]);
  } catch (e) {
    child.kill("SIGTERM");
    throw e;
  }

  let seq = 0;
  const inbox = (user: string) => {
    const home = homes[user];
    if (!home) throw new Error(`no dovecot user ${user}`);
    return `${home}/Maildir`;
  };
  return {
    host: "127.0.0.1",
    imapPort,
    pop3Port,
    dir,
    async deliver(user, raw) {
      const name = `${Date.now()}.P${Deno.pid}Q${++seq}.gw-test`;
      const tmp = `${inbox(user)}/tmp/${name}`;
      await Deno.writeTextFile(tmp, raw.replace(/\r?\n/g, "\n"));
      if (root) await Deno.chown(tmp, mailUid, mailGid);
      await Deno.rename(tmp, `${inbox(user)}/new/${name}`);
      return name;
    },
    async count(user) {
      let n = 0;
      for (const sub of ["new", "cur"]) for await (const _ of Deno.readDir(`${inbox(user)}/${sub}`)) n++;
      return n;
    },
    log: () => Deno.readTextFile(`${dir}/dovecot.log`).catch(() => ""),
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill("SIGKILL");
      }
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}
