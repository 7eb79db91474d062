/**
 * Lifecycle around lab runs: SIGINT/SIGTERM and the wall-clock limit abort the current run and
 * remove everything it created; a synchronous 'exit' handler is the last resort. Refusals and
 * failures become localized messages and exit codes.
 */
import { issueLine } from '../i18n/issues.ts';
import { cleanupLeftovers } from './netns.ts';
import { t, tDyn, type Lang } from './i18n.ts';
import type { LabFailure, LabRun } from './run.ts';

export const EXIT = { ok: 0, disagree: 1, input: 2, refused: 3, stopped: 4, setup: 5 } as const;

/** Never settles: lets a signal or time-out handler finish and choose the exit code. */
export function forever(): Promise<never> {
  return new Promise<never>(() => undefined);
}

/** Guard for one or more sequential runs: whichever run is current gets torn down. */
export class Session {
  current: LabRun | null = null;
  keep = false;
  /** Set once a signal or the time limit began stopping the run (it then exits itself). */
  stopping = false;

  constructor(
    private readonly lang: Lang,
    private readonly err: (text: string) => void,
    timeLimitS: number,
  ) {
    const onSignal = (sig: NodeJS.Signals): void => {
      void this.stop(
        t(lang, 'lab.status.interrupted', { signal: sig }),
        sig === 'SIGINT' ? 130 : 143,
      );
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    const timer = setTimeout(() => {
      void this.stop(t(lang, 'lab.status.timedOut', { seconds: timeLimitS }), EXIT.stopped);
    }, timeLimitS * 1000);
    timer.unref();
    process.once('exit', () => {
      if (this.current && !this.current.done && !this.keep) this.current.teardownSync();
    });
  }

  private async stop(message: string, code: number): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    this.err(`${message}\n`);
    const run = this.current;
    if (run) {
      run.abort();
      await run.teardown();
    }
    process.exit(code);
  }

  /** Remove what earlier killed runs left (dead owners only); prints a note when it did. */
  async sweep(out: (text: string) => void): Promise<void> {
    const r = await cleanupLeftovers(false);
    if (r.namespaces.length > 0 || r.pids.length > 0) {
      out(
        `${t(this.lang, 'lab.status.cleanedStale', { namespaces: r.namespaces.length, pids: r.pids.length })}\n`,
      );
    }
  }
}

/** The message and exit code of a failed run. */
export function failureText(lang: Lang, f: LabFailure): { text: string; code: number } {
  switch (f.kind) {
    case 'input':
      return {
        text: `${t(lang, 'lab.error.header')}\n${f.issues
          .map((x) => `  - ${issueLine((key, vars) => tDyn(lang, key, vars), lang, x)}`)
          .join('\n')}\n`,
        code: EXIT.input,
      };
    case 'refused':
      return {
        text: `${t(lang, 'lab.refuse.header')}\n${f.refusals
          .map(
            (r) =>
              `  - ${t(lang, `lab.refuse.${r.code}`, {
                tool: r.tool ?? '',
                pkg: r.pkg ?? '',
                feature: r.feature ?? '',
                use: r.use ? tDyn(lang, `lab.use.${r.use}`) : '',
                detail: r.detail ?? '',
              })}`,
          )
          .join('\n')}\n`,
        code: EXIT.refused,
      };
    case 'address':
      return {
        text: `${t(lang, 'lab.refuse.header')}\n  - ${t(lang, `lab.refuse.address.${f.issue.code}`, { detail: f.issue.detail })}\n`,
        code: EXIT.refused,
      };
    case 'setup':
      return {
        text: `${t(lang, 'lab.setup.failed', { step: f.step, error: f.error })}\n`,
        code: EXIT.setup,
      };
  }
}
