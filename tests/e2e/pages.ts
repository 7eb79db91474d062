import fs from 'node:fs';
import path from 'node:path';

/** The built site (HOP_OUT_DIR when set, as in astro.config.mjs). */
export function distDir(): string {
  return process.env['HOP_OUT_DIR'] ?? 'dist';
}

/** Every built HTML page as a URL path (read from dist/ at test time). */
export function builtPages(filter: (url: string) => boolean = () => true): string[] {
  const dist = path.resolve(distDir());
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === 'index.html') {
        const rel = '/' + path.relative(dist, path.dirname(full)).split(path.sep).join('/');
        out.push(rel === '/' ? '/' : `${rel}/`);
      }
    }
  };
  walk(dist);
  return out.filter(filter).sort();
}
