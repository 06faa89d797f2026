import { describe, expect, it } from 'vitest';
import { safeReturnPath, withReturnPath } from './return-path';

describe('the return path after signing in', () => {
  it('follows only paths of this site', () => {
    expect(safeReturnPath('/course/abc?enroll=1')).toBe('/course/abc?enroll=1');
    for (const unsafe of [
      'https://evil.example',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/a\\b',
      '/x\n',
      '',
      null,
    ]) {
      expect(safeReturnPath(unsafe), String(unsafe)).toBeNull();
    }
  });

  it('never returns to a sign-in page', () => {
    expect(safeReturnPath('/login?tab=signup')).toBeNull();
    expect(safeReturnPath('/creator')).toBeNull();
    expect(safeReturnPath('/creator/dashboard')).toBe('/creator/dashboard');
  });

  it('adds the path to a link, encoded', () => {
    expect(withReturnPath('/login', '/course/1?enroll=1')).toBe('/login?next=%2Fcourse%2F1%3Fenroll%3D1');
    expect(withReturnPath('/login?tab=signup', '/my-courses')).toBe('/login?tab=signup&next=%2Fmy-courses');
    expect(withReturnPath('/login', '//evil.example')).toBe('/login');
  });
});
