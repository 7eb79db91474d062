// A free TCP port on 127.0.0.1, for the servers the test pipeline starts. A run that was killed
// half-way may leave its `astro preview` listening; the next run then gets another port instead
// of failing with "already used".
import { execFileSync } from 'node:child_process';
import net from 'node:net';

/** Asks the kernel for a free port on 127.0.0.1 and releases it again. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The same, synchronously, for configuration files that cannot wait (playwright.config.ts): asks
 * a short-lived Node process, so the answer is a port nothing held a moment ago.
 */
export function freePortSync() {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}
