import { afterAll, describe, expect, inject, it } from 'vitest';
import { cleanUpProcesses, migratedDataDir, postJson, spawnEntry, startServer, tempDataDir } from './helpers/process';

// `npm run admin` against a real PGlite DATA_DIR: the one way an account becomes an admin.
const isPglite = inject('dbKind') === 'pglite';
// Built from src/server/cli/admin.ts with the server (dist/server, before the tests): the same code as
// `npm run admin` runs through tsx, without compiling TypeScript at each of this file's runs.
const CLI = 'dist/server/cli/admin.js';

afterAll(cleanUpProcesses);

describe.skipIf(!isPglite)('npm run admin', () => {
  it('prints the usage line and exits 2 without one valid email', async () => {
    for (const args of [[], ['not-an-email'], ['a@b.test', 'extra']]) {
      const run = spawnEntry(CLI, args, { DATA_DIR: tempDataDir() });
      expect(await run.exited, args.join(' ')).toBe(2);
      expect(run.output()).toMatch(/^Usage: npm run admin -- <email>/);
    }
  });

  it('makes an existing student an admin, whom the server then lets into /api/admin', async () => {
    const dataDir = await migratedDataDir();
    let server = await startServer(dataDir);
    const signUp = (email: string, extra: object = {}) =>
      postJson(`${server.url}/api/auth/signup`, { email, password: 'admin-pass', name: 'Ada', ...extra });
    expect((await signUp('ada@admin.test')).status).toBe(201);
    expect((await signUp('carl@admin.test', { role: 'creator', inviteCode: 'cli-test-code' })).status).toBe(403);
    const whileRunning = spawnEntry(CLI, ['ada@admin.test'], { DATA_DIR: dataDir });
    expect(await whileRunning.exited).toBe(1);
    expect(whileRunning.output()).toContain('stop it before running admin');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    const unknown = spawnEntry(CLI, ['nobody@admin.test'], { DATA_DIR: dataDir });
    expect(await unknown.exited).toBe(1);
    expect(unknown.output()).toContain('No account has the email nobody@admin.test; sign up with it first');

    const granted = spawnEntry(CLI, ['--', 'ADA@admin.test'], { DATA_DIR: dataDir });
    expect(await granted.exited).toBe(0);
    expect(granted.output()).toContain('ada@admin.test is now an admin');
    const again = spawnEntry(CLI, ['ada@admin.test'], { DATA_DIR: dataDir });
    expect(await again.exited).toBe(0);
    expect(again.output()).toContain('ada@admin.test is already an admin.');

    server = await startServer(dataDir, { CREATOR_INVITE_CODE: 'cli-test-code' });
    const login = await postJson(`${server.url}/api/auth/login`, { email: 'ada@admin.test', password: 'admin-pass' });
    const { token, user } = (await login.json()) as { token: string; user: { role: string } };
    expect(user.role).toBe('admin');
    const users = await fetch(`${server.url}/api/admin/users`, { headers: { authorization: `Bearer ${token}` } });
    expect(users.status).toBe(200);

    // A creator stays a creator: an admin owns no courses.
    expect((await signUp('carl@admin.test', { role: 'creator', inviteCode: 'cli-test-code' })).status).toBe(201);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const creator = spawnEntry(CLI, ['carl@admin.test'], { DATA_DIR: dataDir });
    expect(await creator.exited).toBe(1);
    expect(creator.output()).toContain('carl@admin.test is a creator account');
  }, 240_000);
});
