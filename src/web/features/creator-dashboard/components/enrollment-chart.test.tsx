import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EnrollmentChart } from './enrollment-chart';

const now = new Date('2026-03-20T15:00:00Z');
const rows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe('the enrollments chart', () => {
  afterEach(() => {
    document.documentElement.lang = '';
  });

  it('shows every day up to today, with the days nobody enrolled as zero', () => {
    render(
      <EnrollmentChart
        now={now}
        days={[
          { date: '2026-03-10', count: 2 },
          { date: '2026-03-12', count: 5 },
        ]}
      />,
    );

    expect(screen.getByRole('img', { name: 'Enrollments per day, Mar 7 to Mar 20; highest 5' })).toBeInTheDocument();
    const figures = rows();
    expect(figures).toHaveLength(14);
    expect(figures.slice(3, 7)).toEqual(['Mar 102', 'Mar 110', 'Mar 125', 'Mar 130']);
    expect(figures.at(-1)).toBe('Mar 200');
  });

  it('groups a long history by week', () => {
    render(
      <EnrollmentChart
        now={now}
        days={[
          { date: '2025-10-01', count: 1 },
          { date: '2026-03-16', count: 3 },
          { date: '2026-03-18', count: 4 },
        ]}
      />,
    );

    expect(screen.getByRole('columnheader', { name: 'Week' })).toBeInTheDocument();
    const figures = rows();
    expect(figures[0]).toBe('Week of Sep 291');
    expect(figures.at(-1)).toBe('Week of Mar 167');
    expect(figures.slice(1, -1).every((text) => text?.endsWith('0'))).toBe(true);
  });

  it("names its days, its unit and its highest bar in the page's language", () => {
    document.documentElement.lang = 'de';
    render(<EnrollmentChart now={now} days={[{ date: '2026-03-12', count: 5 }]} />);

    expect(screen.getByRole('img', { name: 'Einschreibungen pro Tag, 7. März bis 20. März; höchstens 5' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Tag' })).toBeInTheDocument();
    expect(rows().at(-1)).toBe('20. März0');
  });
});
