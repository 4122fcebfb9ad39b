// Every table of the suite; drizzle-kit reads this file to generate migrations.
export * from "./companies.ts";
export * from "./users.ts";
export * from "./auth.ts";
export * from "./accounts.ts";
export * from "./announcements.ts";
export * from "./sharing.ts";
export * from "./mail.ts";
export * from "./mail-settings.ts";
export * from "./mail-clients.ts";
export * from "./mail-import.ts";
export * from "./backups.ts";
export * from "./mail-sending.ts";
export * from "./calendar.ts";
export * from "./calendar-extra.ts";
export * from "./external-services.ts";
export * from "./calendar-alarms.ts";
export * from "./contacts.ts";
