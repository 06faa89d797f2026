import { Fragment, type ReactNode } from 'react';

/*
 * A message with tagged parts (`"Read the <link>terms</link>"`) drawn with an element for each tag:
 * `<RichText text={t('auth.terms')} tags={{ link: (words) => <a href="/terms">{words}</a> }} />`. Tags
 * do not nest. People's text in it (a name, a course's title) goes in as a slot, filled only after the
 * tags are read: `t('catalog.byInstructor', { name: slot('name') })` with `values={{ name }}`. A title
 * such as "<link>Free</link>" or "Intro to <b>HTML</b>" then shows as typed, never as a tag.
 */

const SLOT = /\uE000([\w-]+)\uE001/g;

/** A placeholder for a value RichText fills in itself, after reading the message's tags. */
export const slot = (name: string) => `\uE000${name}\uE001`;

type Tags = Readonly<Record<string, (words: string) => ReactNode>>;

export function RichText({ text, tags, values = {} }: { text: string; tags: Tags; values?: Readonly<Record<string, string>> }) {
  const fill = (words: string) => words.replace(SLOT, (_whole, name: string) => values[name] ?? '');
  const parts: ReactNode[] = [];
  const pattern = /<([a-zA-Z][\w-]*)>([\s\S]*?)<\/\1>/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const [whole, name = '', words = ''] = match;
    const draw = tags[name];
    // A pair of brackets the caller did not name is text, as written.
    if (!draw) continue;
    if (match.index > last) parts.push(fill(text.slice(last, match.index)));
    parts.push(<Fragment key={match.index}>{draw(fill(words))}</Fragment>);
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(fill(text.slice(last)));
  return <>{parts}</>;
}
