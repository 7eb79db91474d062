/**
 * The course's lessons in one language, in order. The order is the file name's number
 * (`content/lessons/en/03-why-snat.mdx` is lesson 3): the one place it is written; the sidebar
 * (astro.config.mjs) reads the same file names.
 */
import { getCollection, type CollectionEntry } from 'astro:content';
import type { Lang } from '../i18n';
import { lessonTime } from './lessonTime';

type Entry = CollectionEntry<'docs'>;
type LessonMeta = NonNullable<Entry['data']['lesson']>;

/** A lesson with its number and its time (computed from its text, lib/lessonTime.ts). */
export interface Lesson {
  entry: Entry;
  lesson: LessonMeta & { order: number; minutes: number };
  slug: string;
}

/** The lesson number of a content file (its NN- prefix); 0 for anything else. */
export function lessonNumber(filePath: string | undefined): number {
  const m = /(?:^|\/)(\d\d)-[^/]+\.mdx?$/.exec(filePath ?? '');
  return m ? Number(m[1]) : 0;
}

/** Every written lesson of a language, in course order. */
export async function lessonsOf(lang: Lang): Promise<Lesson[]> {
  const prefix = `${lang}/lessons/`;
  const entries = await getCollection('docs', (e) => e.id.startsWith(prefix));
  return entries
    .flatMap((entry) =>
      entry.data.lesson
        ? [
            {
              entry,
              lesson: {
                ...entry.data.lesson,
                order: lessonNumber(entry.filePath),
                minutes: lessonTime(entry.body ?? '').minutes,
              },
              slug: entry.id.slice(prefix.length),
            },
          ]
        : [],
    )
    .sort((a, b) => a.lesson.order - b.lesson.order);
}
