import { describe, expect, it } from 'vitest';
import { embedUrl, playgroundUrl, snippets } from '../../src/view/embed/shareLinks';
import { parseUrlState } from '../../src/view/flow/urlState';
import { trOfTable } from '../../src/view/flow/trClient';
import { pickStrings, shareStrings } from '../../src/view/embed/strings';
import { parseEmbedParams } from '../../src/lib/embedParams';

const state = {
  scenario: 'cluster-snat',
  lang: 'de' as const,
  step: 4,
  steps: 35,
  time: 0,
  overrides: { masquerade: 'false' },
};

describe('share links and snippets', () => {
  it('links to the same moment, with the same options', () => {
    const url = embedUrl('https://hop-by-hop.example', state, {
      controls: ['policy'],
      chrome: 'full',
    });
    expect(url).toBe(
      'https://hop-by-hop.example/de/embed/cluster-snat/?step=4&chrome=full&controls=policy&set=masquerade=false',
    );
    const parsed = parseEmbedParams(new URL(url).search, { controls: ['policy'] });
    expect(parsed.issues).toEqual([]);
    expect(parsed.options).toMatchObject({
      step: 4,
      chrome: 'full',
      overrides: { masquerade: 'false' },
    });
  });

  it('uses time for a time-based diagram at step 0', () => {
    expect(embedUrl('', { ...state, step: 0, time: 12.5, overrides: {} })).toBe(
      '/de/embed/cluster-snat/?t=12.5',
    );
  });

  it('shares a diagram over time by its time, not by a hop of its first 20 ms', () => {
    // A drain at t = 40 s has done all its featured hops long ago: step 15 would reopen at 0.02 s.
    const drain = { ...state, scenario: 'drain-local-hcnp', step: 15, steps: 15, time: 40 };
    expect(embedUrl('', { ...drain, overrides: {} })).toBe('/de/embed/drain-local-hcnp/?t=40');
    // Rounded up to the millisecond, so the hop it was stepped to stays done.
    expect(embedUrl('', { ...drain, overrides: {}, time: 0.0104 })).toContain('?t=0.011');
  });

  it('links "this moment" on the site to the playground, with step, time and what-ifs', () => {
    const url = playgroundUrl('https://hop-by-hop.example', {
      ...state,
      scenario: 'drain-local-hcnp',
      step: 15,
      time: 40.04,
      overrides: { 'loadBalancer.probe.interval': '10' },
    });
    // The what-if in the playground's own URL syntax (key:value, or key=value since the CLI's).
    expect(url).toMatch(
      /^https:\/\/hop-by-hop\.example\/de\/playground\/drain-local-hcnp\/\?set=loadBalancer\.probe\.interval[:=]10&step=15&t=40$/,
    );
    // The playground reads it back as the same moment.
    const back = parseUrlState(new URL(url).search);
    expect(back.issues).toEqual([]);
    expect(back.state).toMatchObject({
      step: 15,
      time: 40,
      overrides: { 'loadBalancer.probe.interval': '10' },
    });
  });

  it('escapes attribute values in the snippets', () => {
    const s = snippets('https://x.example/?a=1&b="2"', 'Title "quoted" & more');
    expect(s.iframe).toContain('src="https://x.example/?a=1&amp;b=&quot;2&quot;"');
    expect(s.iframe).toContain('title="Title &quot;quoted&quot; &amp; more"');
    expect(s.mdx).toContain('style={{ border: 0 }}');
    expect(s.markdown).toBe('[Title "quoted" & more](https://x.example/?a=1&b="2")');
  });
});

describe('island strings', () => {
  it('picks one language and fills placeholders as text', () => {
    const de = shareStrings('de');
    expect(de['share.button']).toBe('Teilen / einbetten');
    expect(Object.keys(de).every((k) => k.startsWith('share.') || k === 'embed.frameTitle')).toBe(
      true,
    );
    expect(
      trOfTable('en', pickStrings('en', ['embed.']))('embed.frameTitle', { scenario: '<b>x</b>' }),
    ).toBe('Hop by Hop diagram: <b>x</b>');
    expect(trOfTable('en', {})('missing.key')).toBe('missing.key');
  });
});
