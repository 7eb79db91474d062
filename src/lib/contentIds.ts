/**
 * Maps a file under content/ to its Starlight document id (which is also its URL path):
 * `lessons/en/03-why-snat.mdx` → `en/lessons/why-snat`, `pages/de/glossary.mdx` → `de/glossary`,
 * `pages/en/index.mdx` → `en`.
 */
export function toDocId(entry: string): string {
  const path = entry.replace(/\.mdx?$/, '');
  const lesson = /^lessons\/(en|de)\/\d\d-(.+)$/.exec(path);
  if (lesson) return `${lesson[1]}/lessons/${lesson[2]}`;
  const page = /^pages\/(en|de)\/(.+)$/.exec(path);
  if (page) return page[2] === 'index' ? (page[1] ?? '') : `${page[1]}/${page[2]}`;
  return path;
}
