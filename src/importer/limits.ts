/** The importer's input limit, free of parser imports so a page can state and check it early. */

/** The largest paste or file the importer reads (the CLI's file limit too): 10 MB. */
export const MAX_INPUT_BYTES = 10 * 1024 * 1024;
