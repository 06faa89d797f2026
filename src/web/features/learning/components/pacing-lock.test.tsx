import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { QuizOutline } from '#shared/schemas/outline';
import { LockedPanel, LockNote } from './pacing-lock';

const quiz = { id: 'q1', title: 'Checkpoint 1' } as QuizOutline;
const locked = { locked: true, unlocksAt: '2026-12-01T09:00:00.000Z', prerequisiteQuizId: 'q1' };
const drawIn = (lang: string, element: React.ReactNode) => {
  document.documentElement.lang = lang;
  return render(<MemoryRouter>{element}</MemoryRouter>);
};

afterEach(() => {
  document.documentElement.lang = 'en';
});

describe('a locked part, in the page’s language', () => {
  it('says in English when it opens and which quiz opens it, the quiz a link inside the sentence', () => {
    const { container } = drawIn('en', <LockedPanel courseId="c1" part={locked} quizzes={[quiz]} passed={new Set()} />);
    expect(screen.getByRole('heading', { name: 'Not open yet' })).toBeTruthy();
    expect(container.textContent).toContain('Pass Checkpoint 1 to open');
    expect(screen.getByRole('link', { name: 'Checkpoint 1' }).getAttribute('href')).toBe('/course/c1/learn/q1');
    expect(container.querySelector('time')?.getAttribute('dateTime')).toBe(locked.unlocksAt);
  });

  it('puts the quiz where Spanish and Arabic put it, and the date in their words', () => {
    const { container, unmount } = drawIn('es', <LockedPanel courseId="c1" part={locked} quizzes={[quiz]} passed={new Set()} />);
    expect(screen.getByRole('heading', { name: 'Aún no está abierto' })).toBeTruthy();
    expect(container.textContent).toContain('Aprueba Checkpoint 1 para abrirlo');
    expect(container.textContent).toMatch(/Se abre el 1 dic 2026/);
    expect(screen.getByRole('link', { name: 'Checkpoint 1' })).toBeTruthy();
    unmount();

    const note = drawIn('ar', <LockNote part={locked} quizzes={[quiz]} passed={new Set()} />);
    expect(note.container.textContent).toMatch(/^يُفتح في .+؛ اجتز Checkpoint 1 لفتحه$/);
  });
});
