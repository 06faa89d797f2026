import { existsSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCourse, createUser, type TestUser } from '#tests/factories';
import { createTestApp, type TestApp } from '#tests/helpers/app';

// Set in the server's environment before its app exists: no run may ever print it.
const SECRET = 'ga-sandbox-test-secret-4f1c9d';
process.env.GA_SANDBOX_TEST_SECRET = SECRET;

let t: TestApp;
let student: TestUser;
let creator: TestUser;

// One app, so one pool whose interpreter loads once for the whole file.
beforeAll(async () => {
  t = await createTestApp({ env: { PYTHON_WORKERS: '1', PYTHON_QUEUE_LIMIT: '4', RATE_LIMIT_CODE_RUNS_PER_MINUTE: '1000' } });
  student = await createUser(t.db.db);
  creator = await createUser(t.db.db, { role: 'creator' });
}, 60_000);
afterAll(() => t.close());

const run = (source: string, user: TestUser | null = student) =>
  t.app.inject({ method: 'POST', url: '/api/code/run', headers: user ? bearer(user) : {}, payload: { source } });

async function runOk(source: string) {
  const response = await run(source);
  expect(response.statusCode).toBe(200);
  return response.json() as { output: string; error: string | null };
}

/** Output must show neither the server's secret nor a host file's or environment's contents. */
function expectNothingLeaked(result: { output: string; error: string | null }) {
  const text = `${result.output}\n${result.error}`;
  expect(text).not.toContain(SECRET);
  expect(text).not.toContain('root:');
  expect(text).not.toMatch(/DATABASE_URL|TEST_DATABASE_URL|NODE_OPTIONS|VITEST/);
}

describe('POST /api/code/run', () => {
  it('runs Python for a signed-in user and answers its output', { timeout: 60_000 }, async () => {
    expect((await run('print(1)', null)).statusCode).toBe(401);
    expect(await runOk('print("hello", 6 * 7)')).toEqual({ output: 'hello 42\n', error: null });
    const failed = await runOk('1 / 0');
    expect(failed.error).toBe('ZeroDivisionError: division by zero');
    expect(failed.output).toContain('File "<your code>", line 1');
    expect((await run('x'.repeat(20_001))).statusCode).toBe(400);
    expect((await run('#'.repeat(20_000))).statusCode).toBe(200);
  });

  it('gives every run a fresh namespace', async () => {
    // A module replaced in sys.modules, and an audit hook (which would see every later run's source), do not last.
    await runOk('import sys, types\nsys.modules["json"] = types.ModuleType("json")');
    expect(await runOk('import json; print(json.dumps([1]))')).toEqual({ output: '[1]\n', error: null });
    expect((await runOk('import sys; sys.addaudithook(print)')).error).toBe(
      'RuntimeError: audit hooks are not available in the sandbox',
    );
    expect((await runOk('secret_answer = 42')).error).toBeNull();
    expect((await runOk('print(secret_answer)')).error).toBe("NameError: name 'secret_answer' is not defined");
    await runOk('import os; os.spied = []; os.getcwd = lambda: "spied"');
    expect(await runOk('import os; print(hasattr(os, "spied"), os.getcwd())')).toEqual({
      output: 'False /home/pyodide\n',
      error: null,
    });
    await runOk('import builtins; builtins.leaked = 1');
    expect((await runOk('print(leaked)')).error).toBe("NameError: name 'leaked' is not defined");
    // A module written beside the working directory would shadow the standard library's for the next run.
    await runOk('open("json.py", "w").write("print(\'hijacked\')"); open("/tmp/note", "w").write("x")');
    expect(await runOk('import json, os; print(os.path.exists("/tmp/note"))')).toEqual({ output: 'False\n', error: null });
  });

  it('says clearly that a package outside the standard library is not there', async () => {
    const result = await runOk('import numpy');
    expect(result.error).toBe(
      'ModuleNotFoundError: numpy is not available on this server: its packages are not mirrored (PYODIDE_PACKAGES_URL)',
    );
    expect((await runOk('import json, math; print(json.dumps(math.floor(2.5)))')).output).toBe('2\n');
  });

  it('never shows the server’s environment or files', async () => {
    for (const source of [
      'import os; print(dict(os.environ))',
      'print(open("/proc/self/environ").read())',
      'print(open("/etc/passwd").read())',
      'import os; print(os.listdir("/"))',
    ]) {
      expectNothingLeaked(await runOk(source));
    }
  });

  it('keeps JavaScript out of reach: js, pyodide_js and run_js', async () => {
    for (const source of [
      'import js; print(js.process.env)',
      'import pyodide_js; print(pyodide_js)',
      'from pyodide.code import run_js; print(run_js("JSON.stringify(process.env)"))',
    ]) {
      const result = await runOk(source);
      expect(result.error).toMatch(
        /ModuleNotFoundError: No module named '(js|pyodide_js|pyodide)' \(the sandbox does not allow it\)/,
      );
      expectNothingLeaked(result);
    }
  });

  // Python's own blocks can be walked around: every proxy to JavaScript the interpreter holds is
  // tried, the way an attacker would, for process.env, a host mount, code from strings and require.
  it('leaves nothing to steal in the worker thread’s JavaScript', async () => {
    const result = await runOk(`
import gc
proxies = {}
def consider(o):
    try:
        if type(o).__name__.startswith('Js'): proxies[id(o)] = o
    except BaseException: pass
for o in gc.get_objects():
    consider(o)
    for v in (list(o.values()) if isinstance(o, dict) else o if isinstance(o, (list, tuple)) else []): consider(v)
print('proxies', len(proxies))
attempts = {
    'env': lambda o: o.constructor.constructor('return JSON.stringify(process.env)')(),
    'binding': lambda o: o.constructor.constructor('return String(process.binding)')(),
    'require': lambda o: o.constructor.constructor('return String(require("fs").readFileSync("/etc/passwd"))')(),
    'mount': lambda o: (o.mountNodeFS('/host', '/'), open('/host/etc/passwd').read(), open('/host/proc/self/environ').read()),
    'nodefs': lambda o: o.FS.mount(o.FS.filesystems.NODEFS, {'root': '/'}, '/host2'),
}
for o in proxies.values():
    for name, attempt in attempts.items():
        try:
            print('LEAKED', name, attempt(o))
        except BaseException:
            pass
`);
    expect(result.error).toBeNull();
    expect(result.output).toMatch(/^proxies \d+\n$/);
    expectNothingLeaked(result);
  });

  // Emscripten's system() starts a real shell through Node's child_process, and a proxy's Function reaches fs.
  it('starts no program and writes no file on the host', { timeout: 60_000 }, async () => {
    const marker = path.join(os.tmpdir(), `ga-sandbox-${process.pid}-${Date.now()}`);
    try {
      const direct = await runOk(`import os; os.system("touch ${marker}")`);
      expect(direct.error).toBe('OSError: running programs is not available in the sandbox');
      // ctypes would reach libc's system() beneath Python's os module.
      const underneath = await runOk(`import ctypes; ctypes.CDLL(None).system(b"touch ${marker}")`);
      expect(underneath.error).toBe("ModuleNotFoundError: No module named 'ctypes' (the sandbox does not allow it)");
      const proxied = await runOk(`import subprocess; subprocess.run(["touch", "${marker}"])`);
      expect(proxied.error).not.toBeNull();
      // Past Python's walls, through any proxy to JavaScript the interpreter holds.
      const escaped = await runOk(`
import gc
for o in gc.get_objects():
    for v in ([o] + list(o.values()) if isinstance(o, dict) else [o]):
        try:
            if type(v).__name__.startswith('Js'):
                v.constructor.constructor('process.getBuiltinModule("fs").writeFileSync("${marker}", "x")')()
        except BaseException:
            pass
`);
      expect(escaped.output).toBe('');
      expect(existsSync(marker)).toBe(false);
      expect(await runOk('print("still here")')).toEqual({ output: 'still here\n', error: null });
    } finally {
      rmSync(marker, { force: true });
    }
  });

  it('stops an endless loop at the time limit, keeps serving others meanwhile, and runs the next', {
    timeout: 60_000,
  }, async () => {
    const loop = run('while True: pass');
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The main thread's event loop is free while the worker spins.
    const course = await createCourse(t.db.db, creator.id);
    const courses = await t.app.inject({ method: 'GET', url: '/api/courses' });
    expect(courses.statusCode).toBe(200);
    expect(courses.json().map((c: { id: string }) => c.id)).toContain(course.id);
    const stopped = (await loop).json();
    expect(stopped.error).toBe('Time limit exceeded: the run was stopped after 5 seconds.');
    expect(stopped.output).toContain('Time limit exceeded');

    // Catching the interrupt does not help: the worker is terminated and replaced.
    const stubborn = await runOk('while True:\n    try:\n        while True: pass\n    except BaseException: pass');
    expect(stubborn.error).toBe('Time limit exceeded: the run was stopped after 5 seconds.');
    expect(await runOk('print("next")')).toEqual({ output: 'next\n', error: null });
  });

  it('stops a memory bomb and a recursion bomb, and runs the next', { timeout: 60_000 }, async () => {
    const bomb = await runOk('chunks = []\nwhile True: chunks.append(bytearray(16 * 1024 * 1024))');
    expect(bomb.error).toBe('Memory limit exceeded: the run used more than 256 MB.');
    expect(bomb.output).toContain('Memory limit exceeded');
    const recursion = await runOk('def down(n): return down(n + 1)\ndown(0)');
    expect(recursion.error).toBe('RecursionError: maximum recursion depth exceeded');
    expect(await runOk('print("alive")')).toEqual({ output: 'alive\n', error: null });
  });

  it('keeps the first 10,000 characters of a 10 MB print', { timeout: 30_000 }, async () => {
    const result = await runOk('import sys\nprint("x" * 10_000_000)\nsys.stderr.write("y" * 10_000_000)');
    expect(result.error).toBeNull();
    expect(result.output).toBe('x'.repeat(10_000));
  });

  it('answers 20 parallel runs: each runs or is refused with Retry-After, and nothing is left wedged', {
    timeout: 60_000,
  }, async () => {
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => run(`print(sum(range(3_000_000)) + ${i})`)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.every((status) => status === 200 || status === 429)).toBe(true);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(5);
    const refused = responses.filter((response) => response.statusCode === 429);
    expect(refused.length).toBeGreaterThan(0);
    for (const response of refused) expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    for (const [i, response] of responses.entries()) {
      if (response.statusCode === 200) expect(response.json().output).toBe(`${4_499_998_500_000 + i}\n`);
    }
    expect(await runOk('print("free")')).toEqual({ output: 'free\n', error: null });
  });
});

describe('GET /api/code/config', () => {
  it('tells the browser where the packages mirror is, to anyone', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/api/code/config' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ packagesUrl: null });
    const mirrored = await createTestApp({ env: { PYODIDE_PACKAGES_URL: 'https://packages.example.com/pyodide/314' } });
    try {
      const response = await mirrored.app.inject({ method: 'GET', url: '/api/code/config' });
      expect(response.json()).toEqual({ packagesUrl: 'https://packages.example.com/pyodide/314/' });
      // The browser's Pyodide may fetch from it.
      const page = await mirrored.app.inject({ method: 'GET', url: '/api/code/config' });
      expect(page.headers['content-security-policy']).toContain("connect-src 'self' https://packages.example.com");
    } finally {
      await mirrored.close();
    }
  });
});

describe('limits and switches', () => {
  it('limits runs per user a minute, with Retry-After', { timeout: 60_000 }, async () => {
    // A fixed clock: the interpreter's first start must not carry the calls into the next minute's window.
    const limited = await createTestApp({ env: { RATE_LIMIT_CODE_RUNS_PER_MINUTE: '1' }, clock: () => Date.UTC(2026, 0, 1) });
    try {
      const user = await createUser(limited.db.db);
      const call = () =>
        limited.app.inject({ method: 'POST', url: '/api/code/run', headers: bearer(user), payload: { source: '' } });
      expect((await call()).statusCode).toBe(200);
      const refused = await call();
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });

  it('answers 503 where PYTHON_WORKERS is 0', async () => {
    const off = await createTestApp({ env: { PYTHON_WORKERS: '0' } });
    try {
      const user = await createUser(off.db.db);
      const response = await off.app.inject({
        method: 'POST',
        url: '/api/code/run',
        headers: bearer(user),
        payload: { source: '' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe('Running Python on the server is turned off on this instance.');
    } finally {
      await off.close();
    }
  });
});
