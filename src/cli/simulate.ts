/** Entry point: wires the CLI to the real process (argv, stdout, files, env). */
import { readFileSync, readSync, statSync } from 'node:fs';
import { main, type CliIo } from './main.ts';

const io: CliIo = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  fileSize: (path) => {
    try {
      const st = statSync(path);
      return st.isFile() ? st.size : null;
    } catch {
      return null;
    }
  },
  readFile: (path) => {
    try {
      return readFileSync(path, 'utf8');
    } catch {
      return null;
    }
  },
  env: process.env,
  // npm runs scripts in the package root; INIT_CWD is where the command was typed.
  cwd: process.env['INIT_CWD'] ?? process.cwd(),
  readStdin: (maxBytes) => {
    // Read at most maxBytes (+1 so the importer can tell the input was too large).
    try {
      const chunks: Buffer[] = [];
      let total = 0;
      const buf = Buffer.alloc(1 << 16);
      for (;;) {
        const n = readSync(0, buf, 0, buf.length, null);
        if (n === 0) break;
        chunks.push(Buffer.from(buf.subarray(0, n)));
        total += n;
        if (total > maxBytes) break;
      }
      return Buffer.concat(chunks).toString('utf8');
    } catch {
      return null;
    }
  },
};

process.exitCode = main(process.argv.slice(2), io);
