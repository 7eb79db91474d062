/** Entry point: wires the CLI to the real process (argv, stdout, files, env). */
import { readFileSync, statSync } from 'node:fs';
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
};

process.exitCode = main(process.argv.slice(2), io);
