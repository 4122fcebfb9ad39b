// Error codes of the AI assistant (002 §8 gives texts, not codes: assistant.<reason>). Bad input answers 400
// common.validation with the fields in errors[].
export const ASSISTANT_ERRORS = {
  /** 403: the plan rule of 002 §6 (CUSTOM plans but company 1). */
  notAvailable: "assistant.not_available",
  /** 409: no provider connected (or switched off): the dialog explains how an admin connects one. */
  noProvider: "assistant.no_provider",
  notFound: "assistant.not_found",
  chatNotFound: "assistant.chat_not_found",
  messageNotFound: "assistant.message_not_found",
  favoriteNotFound: "assistant.favorite_not_found",
  /** 403: only the assistant's owner or a company admin edits or deletes it. */
  notOwner: "assistant.not_owner",
  /** 403: provider settings are a company admin's. */
  adminOnly: "assistant.admin_only",
  /** 409: an answer of the chat is still running (one at a time per chat). */
  busy: "assistant.busy",
  /** 409: the answer is no longer running (stop after it ended). */
  notRunning: "assistant.not_running",
  /** 502: the provider answered an error or could not be reached (params.status). */
  providerFailed: "assistant.provider_failed",
  /** 409: ASSISTANT_FILES_MAX; 413: a file over ASSISTANT_FILE_MAX_BYTES. */
  filesMax: "assistant.files_max",
  fileTooLarge: "assistant.file_too_large",
  /** 507: the uploader's storage (shared with mail and drive) has no room for the files. */
  insufficientSpace: "assistant.insufficient_space",
  /** 400: a file whose text cannot be read (kind not supported). */
  fileUnreadable: "assistant.file_unreadable",
  /** 400: the provider's base URL is not an http(s) URL. */
  providerUrlInvalid: "assistant.provider_url_invalid",
} as const;

export const ASSISTANT_ERROR_MESSAGES: Record<string, string> = {
  "assistant.not_available": "The AI assistant is not available on this plan.",
  "assistant.no_provider": "No AI model is connected yet. A company administrator connects one under Administration → AI assistant.",
  "assistant.not_found": "Failed to load assistant.",
  "assistant.chat_not_found": "The conversation does not exist.",
  "assistant.message_not_found": "The message does not exist.",
  "assistant.favorite_not_found": "The favorite does not exist.",
  "assistant.not_owner": "Only the assistant's creator or an administrator can change it.",
  "assistant.admin_only": "Only an administrator can do this.",
  "assistant.busy": "An answer is still being written in this conversation.",
  "assistant.not_running": "The answer has already ended.",
  "assistant.provider_failed": "The AI model could not answer. Try again later.",
  "assistant.files_max": "An assistant can have at most {{max}} files.",
  "assistant.file_too_large": "A file can be at most {{max}}.",
  "assistant.insufficient_space": "Your storage is full. Delete files or ask an administrator for more space.",
  "assistant.file_unreadable": "The text of {{name}} cannot be read. Use PDF, DOCX, XLSX, HWPX or text files.",
  "assistant.provider_url_invalid": "Enter the http(s) address of an OpenAI-compatible API.",
};
