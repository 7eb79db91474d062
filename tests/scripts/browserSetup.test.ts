import { describe, expect, it } from 'vitest';
import { APT_COMMAND, planBrowserSetup } from '../../scripts/lib/browserSetup.mjs';

describe('npm test on a machine without Chromium', () => {
  it('runs as it is when Chromium and fonts are there', () => {
    expect(planBrowserSetup({ chromium: true, fonts: true, root: false, apt: true })).toEqual({
      kind: 'ready',
    });
  });
  it('installs them itself as root on Debian', () => {
    expect(planBrowserSetup({ chromium: false, fonts: true, root: true, apt: true }).kind).toBe(
      'install',
    );
    expect(planBrowserSetup({ chromium: true, fonts: false, root: true, apt: true }).kind).toBe(
      'install',
    );
  });
  it('otherwise stops with one sentence naming the exact command', () => {
    const plan = planBrowserSetup({ chromium: false, fonts: false, root: false, apt: true });
    expect(plan.kind).toBe('stop');
    const message = plan.kind === 'stop' ? plan.message : '';
    expect(message).toContain(`sudo ${APT_COMMAND}`);
    expect(message.split(/(?<=\.)\s/)).toHaveLength(1);
    expect(message).not.toContain('\n');
  });
});
