// Runs a server for the tests (`node scripts/guard.mjs <command> [args...]`) and stops it however
// its starter ends. The command is stopped when this process gets SIGINT, SIGTERM or SIGHUP, and
// when its stdin closes: Playwright and the dev-server test hold a pipe to it, and the kernel
// closes that pipe even when they are killed with SIGKILL, which they cannot catch. So a killed
// run leaves no server listening.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/guard.mjs <command> [args...]');
  process.exit(2);
}

// In this process's group, not a group of its own: Playwright stops its web server by killing
// the server's process group (SIGKILL), and that must reach the command too.
const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
let stopping = false;

/** Stops the child: first politely, then for sure after 5 s. */
function stop(signal) {
  if (stopping || child.exitCode !== null || child.signalCode !== null) return;
  stopping = true;
  try {
    child.kill(signal);
  } catch {
    return; // already gone
  }
  setTimeout(() => {
    try {
      child.kill('SIGKILL');
    } catch {
      // already gone
    }
  }, 5000).unref();
}

child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
child.on('error', (err) => {
  console.error(`guard: cannot start ${command}: ${err.message}`);
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stop(signal));
// The starter's end: its side of our stdin pipe closed (a terminal or a file is left alone).
if (fs.fstatSync(0).isFIFO() || fs.fstatSync(0).isSocket()) {
  process.stdin.on('end', () => stop('SIGTERM'));
  process.stdin.on('error', () => stop('SIGTERM'));
  process.stdin.resume();
}
