import { afterEach, describe, expect, it } from 'vitest';
import type { PublishChecklistItem } from '#shared/schemas/creator';
import { checklistWords } from './checklist-words';

const item = (key: string, label: string, detail: string, ok = false): PublishChecklistItem => ({
  key,
  label,
  detail,
  ok,
  required: false,
});

afterEach(() => {
  document.documentElement.lang = '';
});

describe("the publishing checklist's words", () => {
  it("are the server's own English words on an English page", () => {
    const server = [
      item('content', 'At least one module with slides', '2 modules with slides', true),
      item('module:m1', 'Module “Perceptrons” has slides', 'Add a slide to the module “Perceptrons”'),
      item('quiz:q1', 'Quiz “Checkpoint” has questions', 'Add a question to the quiz “Checkpoint”'),
      item('description', 'Description', 'Describe what students will learn (Edit Details)'),
    ];
    for (const each of server) expect(checklistWords(each, '0.00')).toEqual({ label: each.label, detail: each.detail });
    expect(checklistWords(item('price', 'Price', 'Free', true), '0.00')).toEqual({ label: 'Price', detail: 'Free' });
  });

  it("tell each known item in the page's language, titles and counts kept", () => {
    document.documentElement.lang = 'de';
    expect(checklistWords(item('content', 'At least one module with slides', '2 modules with slides', true), '0.00')).toEqual({
      label: 'Mindestens ein Modul mit Folien',
      detail: '2 Module mit Folien',
    });
    expect(checklistWords(item('quiz:q1', 'Quiz “Check “A””', 'Add a question to the quiz “Check “A””'), '0.00')).toEqual({
      label: 'Quiz „Check “A”“ hat Fragen',
      detail: 'Füge dem Quiz „Check “A”“ eine Frage hinzu',
    });
    expect(checklistWords(item('price', 'Price', '$19.99', true), '19.99').detail).toMatch(/^19,99\s\$$/);
  });

  it('show an item of a kind the page does not know as the server words it', () => {
    document.documentElement.lang = 'es';
    expect(checklistWords(item('captions', 'Captions', 'Add captions'), '0.00')).toEqual({
      label: 'Captions',
      detail: 'Add captions',
    });
  });
});
