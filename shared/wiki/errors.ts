// Error codes of the wiki (001 §8 "Wiki" names only the favourite texts and "move errors return status and
// reason"; the rest are ours, wiki.<reason>). Bad input (a malformed body or query) answers 400
// common.validation with the fields in errors[].
export const WIKI_ERRORS = {
  /** 403: the company has the wiki switched off (companies.use_wiki). */
  disabled: "wiki.disabled",
  /** 404: a document that does not exist or is another company's (a foreign id answers like a missing one). */
  notFound: "wiki.not_found",
  /** 403: the caller's access level on the document is below what the call needs (001 §6). */
  noAccess: "wiki.no_access",
  /** 409: a change to a document that is not PUBLISHED (in trash): 001 §4 "editable only if published". */
  notEditable: "wiki.not_editable",
  /** 409: moving a document under itself or its own sub-document, past DEPTH_MAX, or prevId not a sibling. */
  moveInvalid: "wiki.move_invalid",
  /** 409: a property call on a document that is not a database; a value on a document that is not its row. */
  notDatabase: "wiki.not_database",
  notRow: "wiki.not_row",
  propertyNotFound: "wiki.property_not_found",
  optionNotFound: "wiki.option_not_found",
  valueNotFound: "wiki.value_not_found",
  /** 400: a property value that does not fit its type (params.propertyId): an unknown option, a bad date, URL,
   *  number, a person not of the company. */
  valueInvalid: "wiki.value_invalid",
  /** 409: limits (PROPERTIES_MAX, OPTIONS_MAX); an option name used already in the property. */
  propertiesMax: "wiki.properties_max",
  optionsMax: "wiki.options_max",
  optionExists: "wiki.option_exists",
  versionNotFound: "wiki.version_not_found",
  permissionNotFound: "wiki.permission_not_found",
  /** 400: a permission member naming neither or both of userId and organId, or a user or organisation not of
   *  the company (params.index); 409 the same member twice in one body. */
  memberInvalid: "wiki.member_invalid",
  memberDuplicate: "wiki.member_duplicate",
  /** 409: the change would leave a document with its own permissions and no OWNER among them. */
  lastOwner: "wiki.last_owner",
  favoriteExists: "wiki.favorite_exists",
  favoriteNotFound: "wiki.favorite_not_found",
  favoritesMax: "wiki.favorites_max",
  fileNotFound: "wiki.file_not_found",
  /** 413: a file over ATTACH_MAX_BYTES (params.size), or an import over IMPORT_MAX_BYTES (params.size);
   *  507: the uploader's storage is full. */
  fileTooLarge: "wiki.file_too_large",
  insufficientSpace: "wiki.insufficient_space",
  /** 409: restore or purge of a document that is not in trash. */
  notInTrash: "wiki.not_in_trash",
  /** 400: a search keyword shorter than SEARCH_KEYWORD_MIN or longer than SEARCH_KEYWORD_MAX characters. */
  keywordInvalid: "wiki.keyword_invalid",
  /** 413: a document's HTML over TEXT_MAX. */
  textTooLarge: "wiki.text_too_large",
  /** 400: an import that is not Markdown or a zip of Markdown files, or holds more than IMPORT_DOCS_MAX;
   *  params.reason: type, zip, empty, too_many or too_deep. */
  importInvalid: "wiki.import_invalid",
} as const;
export type WikiErrorCode = (typeof WIKI_ERRORS)[keyof typeof WIKI_ERRORS];
