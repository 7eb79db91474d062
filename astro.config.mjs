// @ts-check
import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';
import preact from '@astrojs/preact';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const compatEsm = fileURLToPath(
  new URL('./node_modules/preact/compat/dist/compat.mjs', import.meta.url),
);

const withSelectorEsm = fileURLToPath(new URL('./src/lib/withSelector.ts', import.meta.url));
const withSelectorSource = /^use-sync-external-store\/shim\/with-selector(\.js)?$/;

/**
 * use-sync-external-store (under React Flow's zustand store) is CommonJS. On the server its
 * require('react') (aliased to preact/compat) would load compat's CommonJS build and with it a
 * second Preact, whose hooks then fail during rendering; the ES module build keeps one Preact.
 * Browsers already get the ES build through the "browser" export condition.
 * The dev server cannot evaluate the CommonJS shim at all (`module is not defined`: HTTP 500 on
 * every page with a diagram), so server environments get an ES-module stand-in (withSelector.ts).
 * @type {import('vite').Plugin}
 */
const oneServerPreact = {
  name: 'hop:one-server-preact',
  enforce: 'pre',
  applyToEnvironment: (env) => env.name !== 'client',
  resolveId: (source) =>
    source === 'preact/compat'
      ? compatEsm
      : withSelectorSource.test(source)
        ? withSelectorEsm
        : undefined,
};

const lightToc = fileURLToPath(new URL('./src/scripts/toc.ts', import.meta.url));
const starlightToc =
  /[\\/]@astrojs[\\/]starlight[\\/].*[\\/]TableOfContents[\\/]starlight-toc\.[jt]s$/;
let tocSwapped = false;

/**
 * Starlight's table-of-contents highlighter runs `:has()` selectors over the whole page at load;
 * src/scripts/toc.ts does the same job from the first scroll on, with the same markup and styles.
 * The build fails if Starlight moves the module, so the swap cannot silently stop applying.
 * @type {import('vite').Plugin}
 */
const lightTocPlugin = {
  name: 'hop:light-toc',
  enforce: 'pre',
  async resolveId(source, importer, options) {
    if (!source.includes('starlight-toc')) return;
    const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
    if (!resolved || !starlightToc.test(resolved.id)) return;
    tocSwapped = true;
    return lightToc;
  },
  buildEnd(error) {
    if (!error && this.environment?.name === 'client' && !tocSwapped)
      this.error("hop:light-toc: Starlight's starlight-toc module was not found; update the swap.");
  },
};

const lazySearch = fileURLToPath(new URL('./src/scripts/search.ts', import.meta.url));
const starlightSearch = /[\\/]@astrojs[\\/]starlight[\\/].*[\\/]Search\.astro/;
let searchSwapped = false;

/**
 * Starlight's search builds Pagefind's UI in an idle callback after every load;
 * src/scripts/search.ts builds it when the reader heads for search. Only Starlight's import is
 * swapped (search.ts loads the real UI by its file path). The build fails if Starlight stops
 * importing it, so the swap cannot silently stop applying.
 * @type {import('vite').Plugin}
 */
const lazySearchPlugin = {
  name: 'hop:lazy-search',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source !== '@pagefind/default-ui' || !importer || !starlightSearch.test(importer)) return;
    searchSwapped = true;
    return lazySearch;
  },
  buildEnd(error) {
    if (!error && this.environment?.name === 'client' && !searchSwapped)
      this.error("hop:lazy-search: Starlight's import of @pagefind/default-ui was not found.");
  },
};

/**
 * `client:interact` (src/directives/interact.ts): diagrams hydrate on first use, not at load.
 * @type {import('astro').AstroIntegration}
 */
const interactDirective = {
  name: 'hop:client-interact',
  hooks: {
    'astro:config:setup': ({ addClientDirective }) => {
      addClientDirective({
        name: 'interact',
        entrypoint: fileURLToPath(new URL('./src/directives/interact.ts', import.meta.url)),
      });
    },
  },
};

/**
 * The lessons in course order, from their file names (`NN-slug.mdx`; the number is the order,
 * written nowhere else): the sidebar of both languages lists every lesson that is written.
 */
const lessons = fs
  .readdirSync(new URL('./content/lessons/en/', import.meta.url))
  .filter((f) => /^\d\d-[a-z0-9-]+\.mdx$/.test(f))
  .sort()
  .map((f) => f.slice(3, -'.mdx'.length));

/**
 * Sidebar entries for the reference pages that are written (`content/pages/en/<slug>.mdx`).
 * @param {string[]} slugs
 */
const pagesThatExist = (slugs) =>
  slugs
    .filter((slug) => fs.existsSync(new URL(`./content/pages/en/${slug}.mdx`, import.meta.url)))
    .map((slug) => ({ slug }));

export default defineConfig({
  site: 'https://hop-by-hop.example',
  trailingSlash: 'always',
  // A private build folder (HOP_OUT_DIR) lets several people build and test in one checkout.
  outDir: process.env.HOP_OUT_DIR ?? './dist',
  // The dev toolbar floated over every page and threw a SecurityError inside a cross-origin
  // embed frame (it reads localStorage there); a docs author testing an embed saw its errors.
  devToolbar: { enabled: false },
  vite: {
    plugins: [oneServerPreact, lightTocPlugin, lazySearchPlugin],
    // Static pages are rendered in Vite's "prerender" environment (and "ssr" for on-demand ones);
    // both must bundle React Flow and its store so their 'react' imports are aliased to
    // preact/compat as well (left external, Node would load real React, which Preact cannot
    // render). Setting this replaces @astrojs/preact's own list, so its React entries are repeated.
    environments: Object.fromEntries(
      ['ssr', 'prerender'].map((name) => [
        name,
        {
          resolve: {
            noExternal: [
              'react',
              'react-dom',
              'react-dom/test-utils',
              'react/jsx-runtime',
              '@xyflow/react',
              '@xyflow/system',
              'zustand',
              'use-sync-external-store',
              // One Preact for everything bundled and the renderer (two copies break hooks).
              'preact',
              'preact-render-to-string',
              '@astrojs/preact',
            ],
          },
        },
      ]),
    ),
  },
  integrations: [
    starlight({
      title: { en: 'Hop by Hop', de: 'Hop für Hop' },
      description: 'How Kubernetes routes external traffic to a Service, packet by packet.',
      defaultLocale: 'en',
      locales: {
        en: { label: 'English', lang: 'en' },
        de: { label: 'Deutsch', lang: 'de' },
      },
      // Lessons live in the top-level content/ folder, not in src/content/docs.
      markdown: { processedDirs: ['./content/'], headingLinks: false },
      customCss: ['./src/styles/site.css'],
      // Fills the glossary's table of contents with its terms (src/routeData.ts).
      routeMiddleware: './src/routeData.ts',
      components: {
        MarkdownContent: './src/components/starlight/MarkdownContent.astro',
      },
      sidebar: [
        {
          label: 'Course',
          translations: { de: 'Kurs' },
          items: [
            { slug: 'index', label: 'Course overview', translations: { de: 'Kursübersicht' } },
            { slug: 'lessons', label: 'All lessons', translations: { de: 'Alle Lektionen' } },
            ...lessons.map((slug) => ({ slug: `lessons/${slug}` })),
            ...pagesThatExist(['practice']),
          ],
        },
        {
          label: 'Reference',
          translations: { de: 'Nachschlagen' },
          items: [
            ...pagesThatExist([
              'your-cluster',
              'glossary',
              'playground',
              'embedding',
              'embed',
              'cli',
              'workshop',
              'sources',
            ]),
          ],
        },
      ],
    }),
    // Preact with its React compatibility layer: React Flow imports 'react', compat aliases it
    // to preact/compat, and the islands ship ~4 kB of framework instead of React's ~60 kB.
    preact({ compat: true }),
    interactDirective,
  ],
});
