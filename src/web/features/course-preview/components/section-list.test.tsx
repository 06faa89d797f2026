import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PreviewSection } from '../hooks/use-preview-sections';
import { SectionList } from './section-list';

const sections = [
  { kind: 'module', id: 'm1', title: 'Basics', order: 1, lessons: [{}, {}] },
  { kind: 'quiz', id: 'q1', title: 'Check', order: 2, questionCount: 1 },
] as unknown as PreviewSection[];

afterEach(() => {
  document.documentElement.lang = 'en';
});

describe('the preview’s sections', () => {
  it('names each section’s kind and counts its parts in the page’s language', () => {
    const english = render(<SectionList sections={sections} selectedId="m1" onSelect={() => {}} />);
    expect(screen.getByText('Module · 2 lessons')).toBeTruthy();
    expect(screen.getByText('Quiz · 1 question')).toBeTruthy();
    english.unmount();

    document.documentElement.lang = 'ar';
    render(<SectionList sections={sections} selectedId="m1" onSelect={() => {}} />);
    expect(screen.getByRole('navigation', { name: 'أقسام الدورة' })).toBeTruthy();
    expect(screen.getByText('وحدة · درسان')).toBeTruthy();
    expect(screen.getByText('اختبار · سؤال واحد')).toBeTruthy();
  });
});
