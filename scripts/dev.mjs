// `npm run dev`: the API in watch mode on PORT (default 5000) and Vite with hot reload on 5173.
import { spawn } from 'node:child_process';

const env = { ...process.env, NODE_ENV: 'development', PORT: process.env.PORT ?? '5000' };
const children = [
  spawn('node_modules/.bin/tsx', ['watch', '--clear-screen=false', 'src/server/server.ts'], { stdio: 'inherit', env }),
  spawn('node_modules/.bin/vite', [], { stdio: 'inherit', env: { ...env, API_PORT: env.PORT } }),
];
function stop() {
  for (const child of children) child.kill('SIGTERM');
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  });
