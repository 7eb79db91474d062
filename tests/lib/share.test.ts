import { describe, expect, it } from 'vitest';
import { embedUrl, snippets } from '../../src/islands/embed/ShareDialog';
import { fmt } from '../../src/islands/embed/fmt';
import { pickStrings, shareStrings } from '../../src/islands/embed/strings';
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
      'https://hop-by-hop.example/de/embed/cluster-snat/?step=4&chrome=full&controls=policy&set=masquerade:false',
    );
    const parsed = parseEmbedParams(new URL(url).search, {
      controls: ['policy'],
      overrideKeys: ['masquerade'],
    });
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
    expect(fmt(pickStrings('en', ['embed.']), 'embed.frameTitle', { scenario: '<b>x</b>' })).toBe(
      'Hop by Hop diagram: <b>x</b>',
    );
    expect(fmt({}, 'missing.key')).toBe('missing.key');
  });
});
