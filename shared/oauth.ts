// The browser client's OAuth constants and token answer. No zod here: the sign-in page imports this file.

/** The browser client's fixed credentials, sent as HTTP Basic on POST /oauth/token. */
export const OAUTH_CLIENT_ID = "groupware-web";
export const OAUTH_CLIENT_SECRET = "groupware-web-secret";
export const OAUTH_BASIC_HEADER = "Basic " + btoa(`${OAUTH_CLIENT_ID}:${OAUTH_CLIENT_SECRET}`);

export interface TokenResponse {
  access_token: string;
  refresh_token: string;
  token_type: "bearer";
  expires_in: number;
  scope: string;
}
