import { afterAll, describe, expect, inject, it } from 'vitest';
import { cleanUpProcesses, migratedDataDir, postJson, spawnEntry, startServer, tempDataDir } from './helpers/process';

// `npm run invite` against a real PGlite DATA_DIR, then the running server accepts the code once.
const isPglite = inject('dbKind') === 'pglite';
// Built from src/server/cli/invite.ts with the server (dist/server, before the tests): the same code as
// `npm run invite` runs through tsx, without compiling TypeScript at each of this file's runs.
const CLI = 'dist/server/cli/invite.js';

afterAll(cleanUpProcesses);

describe.skipIf(!isPglite)('npm run invite', () => {
  it('prints the usage line and exits 2 without a valid email', async () => {
    for (const args of [[], ['not-an-email'], ['a@b.test', 'extra']]) {
      const run = spawnEntry(CLI, args, { DATA_DIR: tempDataDir() });
      expect(await run.exited, args.join(' ')).toBe(2);
      expect(run.output()).toMatch(/^Usage: npm run invite -- <email>/);
    }
  });

  it('creates a single-use invitation for one email that the server honours once', async () => {
    const dataDir = await migratedDataDir();
    const invite = spawnEntry(CLI, ['--', 'Ada@Invited.test'], { DATA_DIR: dataDir, PUBLIC_URL: 'https://academy.test' });
    expect(await invite.exited).toBe(0);
    const code = /code: (\S+)/.exec(invite.output())?.[1] ?? '';
    expect(code.length).toBeGreaterThanOrEqual(16);
    expect(invite.output()).toContain(`link: https://academy.test/creator?tab=signup&invite=${code}`);

    const server = await startServer(dataDir);
    const wrongEmail = await postJson(`${server.url}/api/auth/signup`, {
      email: 'someone-else@invited.test',
      password: 'creator-pass',
      name: 'Someone Else',
      role: 'creator',
      inviteCode: code,
    });
    expect(wrongEmail.status).toBe(403);

    const accepted = await postJson(`${server.url}/api/auth/signup`, {
      email: 'ada@invited.test',
      password: 'creator-pass',
      name: 'Ada',
      role: 'creator',
      inviteCode: code,
    });
    expect(accepted.status).toBe(201);
    expect(((await accepted.json()) as { user: { role: string } }).user.role).toBe('creator');

    const reused = await postJson(`${server.url}/api/auth/signup`, {
      email: 'ada2@invited.test',
      password: 'creator-pass',
      name: 'Ada Again',
      role: 'creator',
      inviteCode: code,
    });
    expect(reused.status).toBe(403);

    const whileRunning = spawnEntry(CLI, ['grace@invited.test'], { DATA_DIR: dataDir });
    expect(await whileRunning.exited).toBe(1);
    expect(whileRunning.output().trim().split('\n')).toHaveLength(1);
    expect(whileRunning.output()).toContain('stop it before running invite');

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 180_000);
});
