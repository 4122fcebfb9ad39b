// Error codes of the bell (notifications.<reason>). Bad input answers 400 common.validation.
export const NOTIFICATION_ERRORS = {
  /** 404: no notification of the caller with that id (another person's answers the same). */
  notFound: "notifications.not_found",
} as const;

export const NOTIFICATION_ERROR_MESSAGES = {
  "notifications.not_found": "The notification was not found.",
} as const;
