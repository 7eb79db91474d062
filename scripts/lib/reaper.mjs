// The test pipeline's reaper (started by scripts/test.mjs, detached): it reads the process group
// of the running step from its stdin, one number a line (0: none). When stdin closes while a step
// runs, the pipeline was killed outright (SIGKILL), so it stops that group: SIGTERM, then SIGKILL.
let group = 0;
let buffered = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buffered += chunk;
  const lines = buffered.split('\n');
  buffered = lines.pop() ?? '';
  const last = lines.at(-1);
  if (last !== undefined && /^\d+$/.test(last)) group = Number(last);
});
process.stdin.on('end', () => {
  if (!group) process.exit(0);
  const kill = (signal) => {
    try {
      process.kill(-group, signal);
    } catch {
      // the group has ended already
    }
  };
  kill('SIGTERM');
  setTimeout(() => kill('SIGKILL'), 5000);
});
