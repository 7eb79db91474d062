// The test pipeline's reaper (started by scripts/test.mjs, detached): it reads the process groups
// of the running steps from its stdin, one a line ("+123" started, "-123" ended). When stdin
// closes while steps run, the pipeline was killed outright (SIGKILL), so it stops their groups:
// SIGTERM, then SIGKILL.
const groups = new Set();
let buffered = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', (chunk) => {
  buffered += chunk;
  const lines = buffered.split('\n');
  buffered = lines.pop() ?? '';
  for (const line of lines) {
    const m = /^([+-])(\d+)$/.exec(line);
    if (m?.[1] === '+') groups.add(Number(m[2]));
    else if (m) groups.delete(Number(m[2]));
  }
});
process.stdin.on('end', () => {
  if (groups.size === 0) process.exit(0);
  const kill = (signal) => {
    for (const group of groups) {
      try {
        process.kill(-group, signal);
      } catch {
        // the group has ended already
      }
    }
  };
  kill('SIGTERM');
  setTimeout(() => kill('SIGKILL'), 5000);
});
