// The timed jobs of this server, started by main.ts when JOBS_ENABLED.
import type { AppDeps } from "../lib/context.ts";
import { processOutbound } from "../modules/mail/outbound/queue.ts";
import { processScheduled } from "../modules/mail/outbound/scheduled.ts";
import { purgeStaleUploads } from "../modules/mail/compose/uploads.ts";
import { trashOldSmartMail } from "../modules/mail/inbound/smart-cleanup.ts";
import { fetchExternalJob } from "../modules/mail/external/job.ts";
import { processFollowUps } from "../modules/mail/inbound/followups.ts";
import { purgeOldAttempts } from "../modules/auth/throttle.ts";
import { contactJobs } from "../modules/contacts/jobs.ts";
import { driveJobs } from "../modules/drive/jobs.ts";
import { approvalJobs } from "../modules/approval/documents/jobs.ts";
import { boardJobs } from "../modules/board/jobs.ts";
import { wikiJobs } from "../modules/wiki/jobs.ts";
import { messengerJobs } from "../modules/messenger/jobs.ts";
import { assistantJobs } from "../modules/assistant/jobs.ts";
import { notificationJobs } from "../modules/notifications/jobs.ts";
import { blobCollectorJob } from "./blob-collector.ts";
import { backupJob } from "./backup.ts";
import { externalCalendarJob } from "../modules/calendar/external/job.ts";
import { alarmJob } from "../modules/calendar/alarms/job.ts";
import { uploadSweepJob } from "../modules/drive/transfer/job.ts";
import { promotionJob } from "../modules/leave/reports/promotion-job.ts";
import { leaveAccrualJob } from "../modules/leave/accrual/job.ts";
import { type Job, JobRunner } from "./runner.ts";

export function mailJobs(deps: AppDeps): Job[] {
  return [
    { name: "mail-scheduled-send", intervalMs: 15_000, tick: () => processScheduled(deps) },
    { name: "mail-outbound", intervalMs: 15_000, tick: () => processOutbound(deps) },
    { name: "mail-upload-purge", intervalMs: 60 * 60_000, tick: () => purgeStaleUploads(deps) },
    { name: "mail-followups", intervalMs: 30_000, tick: () => processFollowUps(deps) },
    { name: "mail-smart-cleanup", intervalMs: 60 * 60_000, tick: () => trashOldSmartMail(deps) },
    fetchExternalJob(deps),
  ];
}

export function createJobRunner(deps: AppDeps): JobRunner {
  const runner = new JobRunner(deps.log);
  for (const job of mailJobs(deps)) runner.register(job);
  runner.register(blobCollectorJob(deps));
  for (const job of contactJobs(deps)) runner.register(job);
  for (const job of driveJobs(deps)) runner.register(job);
  for (const job of approvalJobs(deps)) runner.register(job); // approval uploads no draft claimed
  runner.register(externalCalendarJob(deps));
  runner.register(alarmJob(deps)); // calendar alarms falling due (every 30 s)
  runner.register(uploadSweepJob(deps)); // resumable drive uploads abandoned for a day
  for (const job of boardJobs(deps)) runner.register(job); // boards: purge, trash, uploads, digest
  for (const job of wikiJobs(deps)) runner.register(job); // the wiki: trash purge, live-editor updates
  for (const job of messengerJobs(deps)) runner.register(job); // the messenger: files never sent
  for (const job of assistantJobs(deps)) runner.register(job); // the assistant: answers of instances that died
  for (const job of notificationJobs(deps)) runner.register(job); // the bell: notifications past RETENTION_DAYS (daily)
  runner.register(promotionJob(deps)); // leave: 근로기준법 §61 사용촉진 notices (hourly)
  runner.register(leaveAccrualJob(deps)); // 근로기준법 §60 annual leave grants, expiry and carry-over (hourly)
  runner.register({ name: "throttle-purge", intervalMs: 60 * 60_000, tick: () => purgeOldAttempts(deps) });
  if (deps.config.BACKUP_DIR) runner.register(backupJob(deps));
  return runner;
}
