// The standard open-source stack for tests/bench/smtp-compare.ts: Debian's Postfix (/usr/sbin/postfix) receiving
// on a free loopback port and delivering over LMTP (a Unix socket) to Debian's Dovecot (/usr/sbin/dovecot),
// which stores Maildirs. Each a PRIVATE instance in one temp folder with its own configuration: nothing in
// /etc/postfix, /etc/dovecot, /var/spool/postfix or /var/lib/postfix is read for state or changed (Postfix still
// reads its own program files' list, /etc/postfix/postfix-files, when it checks its queue folders). Needs root,
// as Postfix's master does (it starts its services as the postfix user; Dovecot stores the mail as nobody).
//
// Postfix runs with `postfix -c <folder>/etc start-fg` (a root caller may name any configuration folder; only
// the set-gid postdrop and postqueue want it listed in alternate_config_directories, and mail comes in over
// SMTP here), Dovecot with `dovecot -c <folder>/dovecot/dovecot.conf -F`, both children of this process.
// What is set and why is in SETTINGS (printed by the bench); the rest are the Debian packages' defaults.
import { freePort } from "../../db/embedded.ts";
import { descendants, treeCpuSeconds } from "./smtp-senders.ts";

const POSTFIX = "/usr/sbin/postfix";
const DOVECOT = "/usr/sbin/dovecot";
const MAIL_UID = 65534; // nobody: Dovecot will not store mail as root

/** What differs from the packages' defaults, and why (printed with the results). */
export const SETTINGS = [
  "Postfix: durability as shipped (the queue file is fsynced before the 250); in_flow_delay 1s and process",
  "  limits as shipped; compatibility_level 3.6, biff no, append_dot_mydomain no as Debian's main.cf;",
  "  virtual_mailbox_domains = the recipients' domain, virtual_mailbox_maps = the 21 addresses (unknown",
  "  recipients refused at RCPT, as the suite does), virtual_transport = lmtp:unix:<Dovecot's LMTP socket>;",
  "  mynetworks 127.0.0.0/8; myhostname set (no look-up of the host's name); smtp_dns_support_level =",
  "  disabled (the smtp/lmtp clients make no DNS look-ups; the LMTP peer is a socket anyway); no reject_unknown_*",
  "  or other restrictions beyond the default relay check; the client's name comes from /etc/hosts",
  "  (smtpd_peername_lookup as shipped, no DNS); chroot off (Debian's master.cf chroots most services: a",
  "  security measure that costs nothing per message but needs copies of /etc in the queue folder); only the",
  "  services this needs in master.cf; the log in a file through postlogd (maillog_file; Debian logs to syslog).",
  "Dovecot: mail_fsync as shipped (optimized: each message file fsynced before LMTP's 250); Maildir",
  "  (maildir:~/Maildir) with Dovecot's own index files as shipped; protocols = lmtp, LMTP on a Unix socket",
  "  (mode 0666 for Postfix's lmtp client); users from a passwd-file (mail stored as nobody); its log in a file.",
];

export interface MtaStack {
  /** Postfix's smtpd port on 127.0.0.1. */
  port: number;
  dir: string;
  /** "Postfix 3.7.11, Dovecot 2.3.19.1 (...)". */
  versions: string;
  /** The two servers' root processes (the `postfix start-fg` script, Dovecot's master). */
  roots(): number[];
  /** CPU seconds so far of each server's whole process tree (see treeCpuSeconds). */
  cpu(): { postfix: number; dovecot: number };
  /** Message files in all the users' Maildirs (new/ and cur/). */
  delivered(): Promise<number>;
  /** Waits until Postfix's queue is empty and `n` message files are in the Maildirs (throws if not, or on a stall). */
  waitDelivered(n: number, stallMs?: number): Promise<void>;
  /** The newest change time of a message file in the Maildirs' new/ folders (ms since the epoch, ns source). */
  lastArrival(): Promise<number>;
  /** The last lines of both logs (for errors). */
  logTail(lines?: number): Promise<string>;
  close(): Promise<void>;
}

async function output(cmd: string, args: string[]): Promise<{ ok: boolean; text: string }> {
  const r = await new Deno.Command(cmd, { args, stdout: "piped", stderr: "piped", stdin: "null" }).output();
  const dec = new TextDecoder();
  return { ok: r.success, text: (dec.decode(r.stdout) + dec.decode(r.stderr)).trim() };
}

/** Waits until a stream socket answers with a 220 greeting. */
async function waitGreeting(connect: () => Promise<Deno.Conn>, what: string, ms: number): Promise<void> {
  const until = Date.now() + ms;
  let last = "";
  while (Date.now() < until) {
    try {
      const conn = await connect();
      try {
        const buf = new Uint8Array(512);
        const n = await conn.read(buf);
        const line = new TextDecoder().decode(buf.subarray(0, n ?? 0));
        if (line.startsWith("220")) return;
        last = line;
      } finally {
        conn.close();
      }
    } catch (e) {
      last = String(e);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not greet: ${last}`);
}

function state(pid: number): string | null {
  try {
    return Deno.readTextFileSync(`/proc/${pid}/stat`).split(") ")[1].split(" ")[0];
  } catch {
    return null;
  }
}

/**
 * Starts Dovecot (LMTP) and Postfix in a new temp folder; `addresses` are the mailboxes (all in one domain).
 */
export async function startPostfixDovecot(addresses: string[]): Promise<MtaStack> {
  if (Deno.uid() !== 0) throw new Error("the Postfix comparison needs root (Postfix's master runs as root)");
  for (const bin of [POSTFIX, DOVECOT, "/usr/lib/dovecot/lmtp"]) {
    await Deno.stat(bin).catch(() => {
      throw new Error(`${bin} is missing: apt-get install postfix dovecot-lmtpd`);
    });
  }
  const domain = addresses[0].split("@")[1];
  const dir = await Deno.makeTempDir({ prefix: "gw-bench-postfix-" });
  await Deno.chmod(dir, 0o755);
  const etc = `${dir}/etc`, dv = `${dir}/dovecot`, mail = `${dir}/mail`;
  for (const d of [etc, `${dir}/queue`, `${dir}/data`, `${dv}/run`, `${dv}/state`, mail]) await Deno.mkdir(d, { recursive: true });
  const postfixUid = Number((await output("id", ["-u", "postfix"])).text);
  await Deno.chown(`${dir}/data`, postfixUid, null);
  const homes = addresses.map((a) => `${mail}/${a}`);
  for (const h of homes) {
    await Deno.mkdir(h);
    await Deno.chown(h, MAIL_UID, MAIL_UID);
  }

  let postfix: Deno.ChildProcess | undefined;
  let dovecot: Deno.ChildProcess | undefined;
  let closed = false;
  let postfixOutput = "";
  const seen = new Set<number>();
  const roots = () => [postfix?.pid, dovecot?.pid].filter((p): p is number => p !== undefined);
  const remember = () => {
    for (const r of roots()) for (const p of [r, ...descendants(r)]) seen.add(p);
  };
  const logTail = async (lines = 20) => {
    const tail = async (f: string) => (await Deno.readTextFile(f).catch(() => "")).trim().split("\n").slice(-lines).join("\n");
    return `postfix.log:\n${await tail(`${dir}/postfix.log`)}\ndovecot.log:\n${await tail(`${dv}/dovecot.log`)}`;
  };
  const stop = async () => {
    if (closed) return;
    closed = true;
    remember();
    const waitExit = (child: Deno.ChildProcess | undefined, ms: number) =>
      child ? Promise.race([child.status.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]) : Promise.resolve(true);
    if (postfix) {
      await output(POSTFIX, ["-c", etc, "stop"]).catch(() => {});
      if (!await waitExit(postfix, 15_000)) {
        await output(POSTFIX, ["-c", etc, "abort"]).catch(() => {});
        await waitExit(postfix, 5_000);
      }
    }
    if (dovecot) {
      try {
        dovecot.kill("SIGTERM");
      } catch { /* exited */ }
      await waitExit(dovecot, 15_000);
    }
    // Whatever of either tree still runs (not merely a zombie waiting for init to reap it) is killed.
    const until = Date.now() + 5_000;
    let left = [...seen].filter((p) => state(p) !== null && state(p) !== "Z");
    while (left.length && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      left = left.filter((p) => state(p) !== null && state(p) !== "Z");
    }
    for (const p of left) {
      try {
        Deno.kill(p, "SIGKILL");
      } catch { /* gone */ }
    }
    if (left.length) console.error(`killed ${left.length} Postfix/Dovecot processes that outlived their stop: ${left.join(" ")}`);
    if (Deno.env.get("BENCH_LEAVE_FILES") === "1") console.error(`left in place: ${dir}`);
    else await Deno.remove(dir, { recursive: true });
  };

  try {
    // ---- Dovecot: LMTP only, on a Unix socket in its base_dir ----
    await Deno.writeTextFile(`${dv}/users`, addresses.map((a, i) => `${a}::${MAIL_UID}:${MAIL_UID}::${homes[i]}::\n`).join(""));
    const lmtpSocket = `${dv}/run/lmtp`;
    await Deno.writeTextFile(`${dv}/dovecot.conf`, `# Private Dovecot for tests/bench/smtp-compare.ts (LMTP delivery to Maildirs).
protocols = lmtp
base_dir = ${dv}/run
state_dir = ${dv}/state
log_path = ${dv}/dovecot.log
ssl = no
default_login_user = dovenull
default_internal_user = dovecot
first_valid_uid = 1
mail_location = maildir:~/Maildir
passdb {
  driver = passwd-file
  args = username_format=%u ${dv}/users
}
userdb {
  driver = passwd-file
  args = username_format=%u ${dv}/users
}
service lmtp {
  unix_listener lmtp {
    mode = 0666
  }
}
`);
    dovecot = new Deno.Command(DOVECOT, { args: ["-c", `${dv}/dovecot.conf`, "-F"], stdin: "null", stdout: "null", stderr: "inherit" }).spawn();
    await waitGreeting(() => Deno.connect({ transport: "unix", path: lmtpSocket }), "Dovecot's LMTP", 20_000);

    // ---- Postfix: smtpd on a loopback port, virtual mailboxes delivered over LMTP ----
    const port = await freePort();
    await Deno.writeTextFile(`${etc}/vmailbox`, addresses.map((a) => `${a} ok\n`).join(""));
    await Deno.writeTextFile(`${etc}/main.cf`, `# Private Postfix for tests/bench/smtp-compare.ts; see SETTINGS in tests/bench/smtp-postfix.ts.
compatibility_level = 3.6
biff = no
append_dot_mydomain = no
readme_directory = no
queue_directory = ${dir}/queue
data_directory = ${dir}/data
maillog_file = ${dir}/postfix.log
maillog_file_prefixes = ${dir}
myhostname = mx.postfix-bench.test
mydestination =
alias_maps =
alias_database =
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
smtp_dns_support_level = disabled
virtual_mailbox_domains = ${domain}
virtual_mailbox_maps = texthash:${etc}/vmailbox
virtual_transport = lmtp:unix:${lmtpSocket}
`);
    // Debian's master.cf, the services used here, chroot off; smtpd on the bench's port only.
    await Deno.writeTextFile(`${etc}/master.cf`, `# service type  private unpriv  chroot  wakeup  maxproc command + args
127.0.0.1:${port} inet n - n - - smtpd
pickup    unix  n       -       n       60      1       pickup
cleanup   unix  n       -       n       -       0       cleanup
qmgr      unix  n       -       n       300     1       qmgr
rewrite   unix  -       -       n       -       -       trivial-rewrite
bounce    unix  -       -       n       -       0       bounce
defer     unix  -       -       n       -       0       bounce
trace     unix  -       -       n       -       0       bounce
verify    unix  -       -       n       -       1       verify
flush     unix  n       -       n       1000?   0       flush
proxymap  unix  -       -       n       -       -       proxymap
showq     unix  n       -       n       -       -       showq
error     unix  -       -       n       -       -       error
retry     unix  -       -       n       -       -       error
discard   unix  -       -       n       -       -       discard
lmtp      unix  -       -       n       -       -       lmtp
anvil     unix  -       -       n       -       1       anvil
scache    unix  -       -       n       -       1       scache
postlog   unix-dgram n  -       n       -       1       postlogd
`);
    // `postfix check` makes the queue folders (owned by postfix) and reports problems (into the log file).
    const check = await output(POSTFIX, ["-c", etc, "check"]);
    if (!check.ok) throw new Error(`postfix check failed: ${check.text}\n${await logTail()}`);
    // Its output (postfix-script's "Terminated" when stopped, say) is kept for errors; the log file has the rest.
    postfix = new Deno.Command(POSTFIX, { args: ["-c", etc, "start-fg"], stdin: "null", stdout: "piped", stderr: "piped" }).spawn();
    for (const stream of [postfix.stdout, postfix.stderr]) {
      stream.pipeThrough(new TextDecoderStream()).pipeTo(new WritableStream({ write: (t) => void (postfixOutput += t) })).catch(() => {});
    }
    await Promise.race([
      waitGreeting(() => Deno.connect({ hostname: "127.0.0.1", port }), "Postfix's smtpd", 30_000),
      postfix.status.then(async () => {
        throw new Error(`postfix exited: ${postfixOutput}\n${await logTail()}`);
      }),
    ]);
    remember();

    const versions = `Postfix ${(await output("/usr/sbin/postconf", ["-d", "-h", "mail_version"])).text}, ` +
      `Dovecot ${(await output(DOVECOT, ["--version"])).text}; mail_fsync = ` +
      (await output("/usr/bin/doveconf", ["-c", `${dv}/dovecot.conf`, "-h", "mail_fsync"])).text;

    const maildirs = homes.map((h) => `${h}/Maildir`);
    const delivered = async () => {
      let n = 0;
      for (const m of maildirs) {
        for (const sub of ["new", "cur"]) {
          try {
            for await (const _ of Deno.readDir(`${m}/${sub}`)) n++;
          } catch { /* not made yet */ }
        }
      }
      return n;
    };
    return {
      port,
      dir,
      versions,
      roots,
      cpu: () => {
        remember();
        return {
          postfix: postfix ? treeCpuSeconds(postfix.pid) : 0,
          dovecot: dovecot ? treeCpuSeconds(dovecot.pid) : 0,
        };
      },
      delivered,
      async waitDelivered(n, stallMs = 60_000) {
        // Done when Postfix's incoming/ and active/ queues are empty (a queue file is removed after Dovecot's
        // LMTP 250, which follows the Maildir file's move into new/) and the Maildirs hold `n` files. The queue
        // folders are small where the Maildirs grow with every run, so this poll (every 100 ms, after the last
        // 250) costs little; the arrival times come from the files (lastArrival), not from this loop.
        const queued = () => {
          let q = 0;
          for (const sub of ["incoming", "active"]) for (const _ of Deno.readDirSync(`${dir}/queue/${sub}`)) q++;
          return q;
        };
        let left = queued(), progress = Date.now();
        for (;;) {
          if (left === 0) {
            const have = await delivered();
            if (have >= n) return;
            throw new Error(`Postfix's queue is empty with ${have} of ${n} messages in the Maildirs\n${await logTail()}`);
          }
          await new Promise((r) => setTimeout(r, 100));
          const now = queued();
          if (now < left) progress = Date.now();
          left = now;
          if (Date.now() - progress > stallMs) {
            throw new Error(`Postfix still holds ${left} messages, none delivered for ${stallMs / 1000} s\n${await logTail()}`);
          }
        }
      },
      async lastArrival() {
        // Deno's stat gives change times in whole seconds: find prints them to the nanosecond. A file's change
        // time is when Dovecot moved it from tmp/ into new/ (after writing and syncing it).
        const r = await output("find", [...maildirs.filter((m) => { try { Deno.statSync(`${m}/new`); return true; } catch { return false; } })
          .map((m) => `${m}/new`), "-type", "f", "-printf", "%C@\n"]);
        if (!r.ok) throw new Error(`find: ${r.text}`);
        return r.text.split("\n").reduce((max, l) => Math.max(max, Number(l) * 1000 || 0), 0);
      },
      logTail,
      close: stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}
