import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import QuizTimer from './quiz-timer';

afterEach(() => {
  document.documentElement.lang = 'en';
});

const spoken = (container: HTMLElement) => container.querySelector('[aria-live="polite"]')?.textContent;

describe('the quiz timer', () => {
  it('shows the time left and says whole minutes, in each language’s plural', () => {
    const english = render(<QuizTimer msLeft={120_000} />);
    expect(screen.getByRole('timer').textContent).toBe('Time left 2:00');
    expect(spoken(english.container)).toBe('2 minutes left');
    english.rerender(<QuizTimer msLeft={60_000} />);
    expect(spoken(english.container)).toBe('1 minute left');
    english.unmount();

    document.documentElement.lang = 'de';
    const german = render(<QuizTimer msLeft={60_000} />);
    expect(screen.getByRole('timer').textContent).toBe('Verbleibende Zeit 1:00');
    expect(spoken(german.container)).toBe('Noch 1 Minute');
    german.unmount();

    document.documentElement.lang = 'ar';
    const arabic = render(<QuizTimer msLeft={120_000} />);
    expect(spoken(arabic.container)).toBe('بقيت دقيقتان');
    arabic.rerender(<QuizTimer msLeft={0} />);
    expect(screen.getByRole('timer').textContent).toBe('انتهى الوقت');
  });
});
