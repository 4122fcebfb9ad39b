// Error codes of the messenger (the spec names none: messenger.<reason>). Bad input answers 400
// common.validation with the fields in errors[]. A room the caller is not a member of answers 404
// messenger.room_not_found, exactly as a missing or foreign one does (a PUBLIC channel is visible to browse and
// join, but its messages only to members).
export const MESSENGER_ERRORS = {
  /** 403: the company has useMessenger / useTeamChat off. */
  disabled: "messenger.disabled",
  roomNotFound: "messenger.room_not_found",
  messageNotFound: "messenger.message_not_found",
  fileNotFound: "messenger.file_not_found",
  /** 403: only the sender edits or deletes a message. */
  notSender: "messenger.not_sender",
  /** 403: only the room's owner (or a company admin for channels) renames, deletes or removes members. */
  notOwner: "messenger.not_owner",
  /** 409: the message was deleted. */
  messageDeleted: "messenger.message_deleted",
  /** 409: a reply to a reply (threads are one level deep). */
  threadDepth: "messenger.thread_depth",
  /** 409: joining a PRIVATE channel without an invitation; leaving SELF or DIRECT. */
  cannotJoin: "messenger.cannot_join",
  cannotLeave: "messenger.cannot_leave",
  /** 409: the owner leaves while others remain (hand over first). */
  ownerMustStay: "messenger.owner_must_stay",
  /** 409: already a member. */
  alreadyMember: "messenger.already_member",
  /** 400: a person who is not an active user of the company (params.index). */
  userInvalid: "messenger.user_invalid",
  /** 409: a limit of shared/messenger/constants.ts (params.max). */
  membersMax: "messenger.members_max",
  pinsMax: "messenger.pins_max",
  reactionsMax: "messenger.reactions_max",
  filesMax: "messenger.files_max",
  /** 413: a file over FILE_MAX_BYTES (params.max). */
  fileTooLarge: "messenger.file_too_large",
  /** 507: the uploader's storage (shared with mail and drive) is full. */
  insufficientSpace: "messenger.insufficient_space",
  /** 400: a message with neither text nor files. */
  emptyMessage: "messenger.empty_message",
} as const;

export const MESSENGER_ERROR_MESSAGES: Record<string, string> = {
  "messenger.disabled": "The messenger is not enabled for this company.",
  "messenger.room_not_found": "The conversation does not exist.",
  "messenger.message_not_found": "The message does not exist.",
  "messenger.file_not_found": "The file does not exist.",
  "messenger.not_sender": "Only the sender can change or delete this message.",
  "messenger.not_owner": "Only the owner of the conversation can do this.",
  "messenger.message_deleted": "The message was deleted.",
  "messenger.thread_depth": "A reply cannot have replies of its own.",
  "messenger.cannot_join": "This conversation can only be joined by invitation.",
  "messenger.cannot_leave": "You cannot leave this conversation.",
  "messenger.owner_must_stay": "Hand the conversation over to another member before leaving.",
  "messenger.already_member": "Already a member of the conversation.",
  "messenger.user_invalid": "Choose people of your company.",
  "messenger.members_max": "A conversation can have at most {{max}} members.",
  "messenger.pins_max": "At most {{max}} notices can be pinned.",
  "messenger.reactions_max": "A message can have at most {{max}} different reactions.",
  "messenger.files_max": "At most {{max}} files can be sent at once.",
  "messenger.file_too_large": "A file can be at most {{max}}.",
  "messenger.insufficient_space": "Not enough storage space. Delete files or ask your administrator.",
  "messenger.empty_message": "Write a message or attach a file.",
};
