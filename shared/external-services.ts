// Connections to third-party services over OAuth 2.0 (001 §3 "External token", §7 "External drive and
// external services", §8 connection reasons). Service-neutral: the calendar's Google Calendar and the drive's
// Google Drive (server/modules/drive/external/) use it. A registration (registrationId) is one kind of connection the suite knows; the
// company's administrator gives each its OAuth client and endpoints (admin settings, stored per company).
//
//   POST   /api/oauth2/authorization/{registrationId}     → { url } (the address the 512x630 popup opens: a
//                                                           one-time, two-minute ticket of the signed-in user)
//   GET    /oauth2/authorization/{registrationId}?ticket  → 302 to the provider (signed state, PKCE S256)
//   GET    /login/oauth2/code/{registrationId}?code&state (or error) → a small page that tells the opener
//                                                           (postMessage and BroadcastChannel) and closes
//   GET    /api/oauth2/services                           → ExternalService[] (which registrations are set up)
//   GET    /api/oauth2/connections?serviceType            → ExternalConnection[] (the caller's)
//   DELETE /api/oauth2/connections/{id}                   → 204 (revoked at the provider, removed with what
//                                                           it brought: the calendar's EXTERNAL calendars)
//   GET    /api/admin/external-services                   → ExternalServiceSettings[] (ROLE_ADMIN)
//   PUT    /api/admin/external-services/{registrationId}  → ExternalServiceSettings
import { z } from "zod";

/** The service types of 001 §3: the calendar's and the drive's (registrations google-calendar, google-drive). */
export const EXTERNAL_SERVICE_TYPES = ["GOOGLE_CALENDAR", "GOOGLE_DRIVE"] as const;
export type ExternalServiceType = (typeof EXTERNAL_SERVICE_TYPES)[number];

/** 001 §8: why a connection failed. Anything else the browser shows as UNKNOWN. */
export const EXTERNAL_ERROR_REASONS = ["UNKNOWN", "REJECTED", "NETWORK_ERROR", "INVALID_TOKEN", "INVALID_SCOPE"] as const;
export type ExternalErrorReason = (typeof EXTERNAL_ERROR_REASONS)[number];

/** 001 §2 / §9: the sign-in popup. */
export const OAUTH_POPUP = { width: 512, height: 630 } as const;
/** The name of the popup's message ({ type, registrationId, connectionId, errorMessage }) and channel. */
export const OAUTH_MESSAGE_TYPE = "gw-oauth2";
/** How long the popup's start ticket and the provider's round trip may take. */
export const OAUTH_TICKET_MS = 2 * 60_000;
export const OAUTH_STATE_MS = 10 * 60_000;

export interface Registration {
  registrationId: string;
  serviceType: ExternalServiceType;
  /** Scopes the service cannot work without: a grant lacking one is INVALID_SCOPE. */
  requiredScopes: readonly string[];
  defaults: ProviderEndpoints;
}

export interface ProviderEndpoints {
  authorizationUri: string;
  tokenUri: string;
  revocationUri: string;
  userInfoUri: string;
  apiBaseUrl: string;
  /** Space-separated, as OAuth sends them. */
  scopes: string;
}

const GOOGLE = {
  authorizationUri: "https://accounts.google.com/o/oauth2/v2/auth",
  tokenUri: "https://oauth2.googleapis.com/token",
  revocationUri: "https://oauth2.googleapis.com/revoke",
  userInfoUri: "https://openidconnect.googleapis.com/v1/userinfo",
};
export const GOOGLE_CALENDAR_SCOPE = "https://www.googleapis.com/auth/calendar.readonly";
/** The drive reads the user's files (list, metadata, download, export): read-only is enough. */
export const GOOGLE_DRIVE_SCOPE = "https://www.googleapis.com/auth/drive.readonly";

/** The registrations the suite knows (001 §3: the calendar's is google-calendar). */
export const REGISTRATIONS: readonly Registration[] = [
  {
    registrationId: "google-calendar",
    serviceType: "GOOGLE_CALENDAR",
    requiredScopes: [GOOGLE_CALENDAR_SCOPE],
    defaults: { ...GOOGLE, apiBaseUrl: "https://www.googleapis.com/calendar/v3", scopes: `openid email profile ${GOOGLE_CALENDAR_SCOPE}` },
  },
  {
    registrationId: "google-drive",
    serviceType: "GOOGLE_DRIVE",
    requiredScopes: [GOOGLE_DRIVE_SCOPE],
    defaults: { ...GOOGLE, apiBaseUrl: "https://www.googleapis.com/drive/v3", scopes: `openid email profile ${GOOGLE_DRIVE_SCOPE}` },
  },
];

export const registrationOf = (id: string) => REGISTRATIONS.find((r) => r.registrationId === id);
export const registrationOfType = (t: string) => REGISTRATIONS.find((r) => r.serviceType === t);

/** What a user's browser may know of a registration: whether it can be connected. */
export interface ExternalService {
  registrationId: string;
  serviceType: ExternalServiceType;
  enabled: boolean;
}

/** One connection of the caller (001 §3 "External token": serviceType, registrationId). */
export interface ExternalConnection {
  id: number;
  serviceType: ExternalServiceType;
  registrationId: string;
  /** The account's name and address at the provider. */
  username: string;
  email: string;
  /** Why the last use failed (a reason of EXTERNAL_ERROR_REASONS); null when it works. */
  errorMessage: ExternalErrorReason | null;
  createdAt: string;
}

/** What the popup's page tells the window that opened it. */
export interface OAuthPopupMessage {
  type: typeof OAUTH_MESSAGE_TYPE;
  registrationId: string;
  connectionId: number | null;
  errorMessage: ExternalErrorReason | null;
}

export interface AuthorizationStart {
  url: string;
}

export const connectionListQuery = z.object({ serviceType: z.enum(EXTERNAL_SERVICE_TYPES).optional() });

/** The administrator's settings of one registration, as answered (the secret never leaves the server). */
export interface ExternalServiceSettings extends ProviderEndpoints {
  registrationId: string;
  serviceType: ExternalServiceType;
  enabled: boolean;
  clientId: string;
  hasClientSecret: boolean;
  /** The address to register at the provider as the redirect URI (this server's callback). */
  redirectPath: string;
  defaults: ProviderEndpoints;
  updatedAt: string | null;
}

const endpoint = z.string().trim().max(500).url("external.url_invalid")
  .refine((v) => /^https?:\/\//i.test(v), "external.url_invalid");

/** PUT /api/admin/external-services/{registrationId}: clientSecret left out keeps the stored one. */
export const externalServiceSettingsBody = z.object({
  enabled: z.boolean(),
  clientId: z.string().trim().max(500),
  clientSecret: z.string().max(500).optional(),
  authorizationUri: endpoint,
  tokenUri: endpoint,
  revocationUri: endpoint,
  userInfoUri: endpoint,
  apiBaseUrl: endpoint,
  scopes: z.string().trim().min(1, "external.scopes_required").max(1000),
}).superRefine((v, ctx) => {
  if (v.enabled && !v.clientId) ctx.addIssue({ code: "custom", path: ["clientId"], message: "external.client_id_required" });
});
export type ExternalServiceSettingsInput = z.infer<typeof externalServiceSettingsBody>;

export const EXTERNAL_SERVICE_ERROR_MESSAGES = {
  "external.not_configured": "This service has not been set up by your administrator.",
  "external.url_invalid": "Enter an http:// or https:// address.",
  "external.scopes_required": "Enter the scopes.",
  "external.client_id_required": "Enter the client ID.",
  "external.client_secret_required": "Enter the client secret.",
  "external.ticket_invalid": "The sign-in window has expired. Try connecting again.",
  "external.connection_failed": "The connection to the service failed.",
} as const;
