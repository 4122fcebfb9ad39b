// The wiki calls that read a large body themselves (an attachment, an import): server/app.ts keeps its general
// body limit off them; each enforces its own (ATTACH_MAX_BYTES, IMPORT_MAX_BYTES).
export const WIKI_UPLOAD_PATH = /^\/api\/wiki\/docs\/(\d{1,15}\/attach|import)$/;
