/**
 * The project's own source list: every fact, default and number the engine, the lessons and the
 * importer rely on, each with the public source it was read in. Code comments cite an entry as
 * `source: <id>`; lessons link the page that renders this list. Nothing here points outside the
 * repository except to public URLs.
 */

/** How sure we are: read in the source, inferred from what was read, or our own assumption. */
export type SourceStatus = 'verified' | 'inferred' | 'assumed';

/** One fact and where it comes from. */
export interface SourceEntry {
  /** Stable kebab-case id, cited in code as `source: <id>`. */
  id: string;
  /** The fact in our own words, in both languages. */
  claim: { en: string; de: string };
  /** Public URL (a file at a tag or commit, a doc page, an issue or pull request). */
  url: string;
  /** The version, tag, commit or reading date (YYYY-MM-DD) the claim was checked against. */
  at: string;
  status: SourceStatus;
}
