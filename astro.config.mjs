// @ts-check
import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';
import react from '@astrojs/react';
import fs from 'node:fs';

/** Lesson order shared by the sidebar of both languages (file names without NN-). */
const lessons = [
  'path-of-a-request',
  'cluster-policy',
  'why-snat',
  'local-policy',
  'balancing-local',
  'draining-nodes',
  'choosing',
];

/**
 * Only lessons that are written appear in the sidebar (no placeholder pages).
 * @param {string} slug
 */
function exists(slug) {
  const n = lessons.indexOf(slug) + 1;
  return fs.existsSync(
    new URL(`./content/lessons/en/${String(n).padStart(2, '0')}-${slug}.mdx`, import.meta.url),
  );
}

export default defineConfig({
  site: 'https://hop-by-hop.example',
  trailingSlash: 'always',
  // A private build folder (HOP_OUT_DIR) lets several people build and test in one checkout.
  outDir: process.env.HOP_OUT_DIR ?? './dist',
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
      components: {
        MarkdownContent: './src/components/starlight/MarkdownContent.astro',
      },
      sidebar: [
        {
          label: 'Course',
          translations: { de: 'Kurs' },
          items: [
            { slug: 'index', label: 'Start', translations: { de: 'Start' } },
            ...lessons.filter(exists).map((slug) => ({ slug: `lessons/${slug}` })),
          ],
        },
        {
          label: 'Reference',
          translations: { de: 'Nachschlagen' },
          items: [
            ...['glossary', 'playground', 'embedding', 'cli']
              .filter((slug) => fs.existsSync(new URL(`./content/pages/en/${slug}.mdx`, import.meta.url)))
              .map((slug) => ({ slug })),
          ],
        },
      ],
    }),
    react(),
  ],
});
