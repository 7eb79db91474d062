/**
 * The lab's stand-in for an application Pod: a TCP server that answers every connection with
 * one JSON line naming the Pod and the source address and port it saw, then closes. Runs inside
 * the Pod's network namespace (`ip netns exec … node podServer.ts <pod> <port>`); imports
 * nothing but node:* so Node runs it directly (type stripping). Exits when its stdin closes (the
 * lab died) unless started with --detached, and on SIGTERM.
 */
import net from 'node:net';

const [pod = 'pod', portText = '8080', mode = ''] = process.argv.slice(2);
const server = net.createServer((socket) => {
  socket.on('error', () => socket.destroy());
  const src = (socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  socket.end(`${JSON.stringify({ pod, src, srcPort: socket.remotePort ?? 0 })}\n`);
});
server.on('error', (err) => {
  process.stderr.write(`podServer ${pod}: ${err.message}\n`);
  process.exit(1);
});
server.listen(Number(portText), '0.0.0.0', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => process.exit(0));
if (mode !== '--detached') {
  process.stdin.on('end', () => process.exit(0));
  process.stdin.on('close', () => process.exit(0));
  process.stdin.resume();
}
