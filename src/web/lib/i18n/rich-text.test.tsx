import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RichText, slot } from './rich-text';
import { t } from './t';

/* People's text inside a tagged message shows as typed: never read as a tag, never cut. */

const link = (words: string) => <a href="/instructors/1">{words}</a>;

describe('RichText', () => {
  it('draws the tags it is given, and leaves other brackets as text', () => {
    const { container } = render(<RichText text="Read <link>the terms</link> or <b>this</b>." tags={{ link }} />);
    expect(container.innerHTML).toBe('Read <a href="/instructors/1">the terms</a> or &lt;b&gt;this&lt;/b&gt;.');
  });

  it("fills a name or a title in after reading the message's tags", () => {
    const name = 'Mallory</link> <link>Free money';
    const { container } = render(
      <RichText text={t('catalog.byInstructor', { name: slot('name') })} values={{ name }} tags={{ link }} />,
    );
    expect(container.querySelectorAll('a')).toHaveLength(1);
    expect(container.querySelector('a')?.textContent).toBe(name);
  });

  it('shows a title with brackets whole where it is not a tag', () => {
    const title = 'Intro to <b>HTML</b> and <hidden>';
    const hidden = { hidden: (words: string) => <span className="sr-only">{words}</span> };
    const { container } = render(
      <RichText text={t('enrollment.removeFromCart', { title: slot('title') })} values={{ title }} tags={hidden} />,
    );
    expect(container.textContent).toContain(title);
  });
});
