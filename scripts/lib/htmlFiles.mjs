// Shared by the post-build and check scripts: every .html file below a folder.
import fs from 'node:fs';
import path from 'node:path';

/** Paths of all .html files below `dir`, recursively. */
export function htmlFiles(dir, out = []) {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) htmlFiles(full, out);
    else if (e.name.endsWith('.html')) out.push(full);
  }
  return out;
}
