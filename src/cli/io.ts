/**
 * The CLI's window on the outside world, in its own module because every command (simulate,
 * practice, --from-kubectl) and the argument reader take it, and main.ts imports them all.
 */

/** Everything the CLI touches outside itself, injectable for tests. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Size in bytes, or null when the file cannot be read. */
  fileSize(path: string): number | null;
  readFile(path: string): string | null;
  env: Readonly<Record<string, string | undefined>>;
  /** The directory the command was typed in (npm passes it as INIT_CWD). */
  cwd: string;
  /** Standard input as text, at most `maxBytes` (for `--from-kubectl -`); null when unreadable. */
  readStdin?(maxBytes: number): string | null;
}
