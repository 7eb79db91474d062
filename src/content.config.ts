import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { i18nLoader } from '@astrojs/starlight/loaders';
import { docsSchema, i18nSchema } from '@astrojs/starlight/schema';
import { z } from 'astro/zod';
import { toDocId } from './lib/contentIds';

/**
 * Frontmatter every lesson must carry on top of Starlight's own fields. Its number is its file
 * name's (lib/lessons.ts), written nowhere else; its time is computed from its text
 * (lib/lessonTime.ts), not written by hand.
 */
const lessonFields = z.object({
  lesson: z
    .object({
      goals: z.array(z.string().min(1)).min(2).max(4),
      scenarios: z.array(z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)).min(1),
    })
    .optional(),
});

export const collections = {
  docs: defineCollection({
    loader: glob({
      base: './content',
      pattern: ['lessons/{en,de}/[0-9][0-9]-*.mdx', 'pages/{en,de}/**/[^_]*.mdx'],
      generateId: ({ entry }) => toDocId(entry),
    }),
    schema: docsSchema({ extend: lessonFields }),
  }),
  i18n: defineCollection({ loader: i18nLoader(), schema: i18nSchema() }),
};
